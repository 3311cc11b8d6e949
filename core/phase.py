"""The phase contract (issue 25): every decision a game puts to a seat is one frozen `Decision`
record, declared as data in the engine's `phases/` module of that decision and listed in an
explicit registry (`phases/__init__.py`'s `DECISIONS`), as boardgame.io declares a game's
phases, their moves and their turn orders as data rather than as code that branches on them.

Why one contract: the three engines shared file names but not their inside (Castle Assault
dispatched with tables and an if/elif, Medieval Mastery with a dict of handlers, Wizard's
Quest with this record over a frame stack). With one record a reader of any engine finds the
same four things in the same place:

- what is asked: `kind`, the Prompt's kind (`prompt`) and its sentence (`text`, or
  `describe(...)` when it depends on the position);
- of whom: the engine's driver says it (the phase's turn order in Castle Assault, the frame's
  seat in Wizard's Quest); the record says what that seat is asked;
- how it is answered: `moves` (the move types that answer it), `legal` (the answers, or
  patterns beside examples), `resolve` (carries an answer out on the engine's working copy),
  `auto` (the answer when there is no real choice: the driver plays it without asking);
- the rule that refuses: `rule` (and `code`) for a move the decision does not take, or
  `rule_now(...)` when the rule depends on the position (`rule_of`), `wrong` (what such a move
  is told), `out_of_place` (a move of another decision, refused with the rule that says where
  it belongs).

The callables take the engine's own context (Castle Assault: state and seat; Wizard's Quest:
state and frame; Medieval Mastery: state, seat and move, and its copy-on-write working copy
for `resolve`), which the shared functions pass through untouched: `check` refuses a move
the decision does not take, `decide` hands one it takes to `resolve`, `prompt` makes the
Prompt. Every text is a message (core/text.py).
"""
from __future__ import annotations

from dataclasses import KW_ONLY, dataclass, field
from typing import Any, Callable, Iterable, Mapping

from core.memo import Memo
from core.protocol import IllegalMove, Prompt
from core.text import say


@dataclass(frozen=True)
class OutOfPlace:
    """A move that answers another decision, refused here with the rule that says where it
    belongs. `why` comes before the decision's `wrong` sentence, or alone (`alone`); `code`
    replaces the decision's error code."""

    rule: str
    why: str
    alone: bool = False
    code: str | None = None


@dataclass(frozen=True, eq=False)
class Decision:
    """A kind of decision a seat is asked for, and everything the engine does with it (one
    record per kind, compared and hashed as itself)."""

    kind: str  # what is asked: the phase's name (Castle Assault) or the frame's kind without "ask-" (Wizard's Quest)
    _: KW_ONLY
    moves: frozenset[str]  # the move types that answer it; any other is refused by `check`
    rule: str  # the rule of what is asked: a refused move (and in Wizard's Quest a shape error) names it
    prompt: str  # the Prompt's kind (turn, join, reaction, choice, setup, loss, ...)
    legal: Callable[..., list[dict]]  # the answers, or patterns with examples beside them
    resolve: Callable[..., Any]  # carries an accepted answer out on the working copy (the engine's arguments)
    text: str = ""  # the prompt's sentence (a message), when `describe` is None
    describe: Callable[..., str] | None = None  # the prompt's sentence from the position (the engine's context)
    auto: Callable[..., dict | None] | None = None  # the answer when there is no real choice, else None
    wrong: str | Callable[..., str] | None = None  # what a refused move is told (default: the prompt's sentence)
    out_of_place: Mapping[str, OutOfPlace] = field(default_factory=dict)  # by move type
    code: str = "wrong-move"  # the error code of a refused move
    rule_now: Callable[..., str] | None = None  # the rule from the position (the engine's context), when `rule` is not it


def registry(decisions: Iterable[Decision]) -> dict[str, Decision]:
    """The explicit registry of an engine's decisions by kind (each kind once)."""
    found: dict[str, Decision] = {}
    for decision in decisions:
        assert decision.kind not in found, f"two decisions of kind {decision.kind!r}"
        found[decision.kind] = decision
    return found


def sentence(decision: Decision, *context: Any) -> str:
    """What the decision asks, as its prompt says it."""
    return decision.text if decision.describe is None else decision.describe(*context)


PROMPTS = Memo(4096)  # a Prompt is immutable, and every move asks for one: made once per decision, seat and text


def prompt(decision: Decision, seat: int, *context: Any) -> Prompt:
    """The decision's Prompt for `seat`."""
    text = decision.text if decision.describe is None else decision.describe(*context)  # (`sentence`, inlined)
    key = (decision, seat, text)
    made = PROMPTS.get(key)
    return made if made is not None else PROMPTS.keep(key, Prompt(seat, decision.prompt, text))


def rule_of(decision: Decision, *context: Any) -> str:
    """The rule of what the decision asks: `rule`, or `rule_now` read from the position."""
    return decision.rule if decision.rule_now is None else decision.rule_now(*context)


def refusal(decision: Decision, kind: str, *context: Any, legal: Iterable[str] | None = None) -> IllegalMove:
    """The IllegalMove for a move of type `kind` that `decision` does not take: the decision's
    rule and what it asks (`wrong`), or an `out_of_place` move's own rule and why, first."""
    wrong = decision.wrong
    if wrong is None:
        what = sentence(decision, *context)
    else:
        what = wrong(*context) if callable(wrong) else wrong
    misplaced = decision.out_of_place.get(kind)
    if misplaced is None:
        return IllegalMove(decision.code, what, rule_of(decision, *context), legal)
    said = misplaced.why if misplaced.alone else say("{why} {what}", why=misplaced.why, what=what)
    return IllegalMove(misplaced.code or decision.code, said, misplaced.rule, legal)


def check(decision: Decision, kind: str, *context: Any) -> None:
    """Refuse (`refusal`) a move of type `kind` that the decision does not take."""
    if kind not in decision.moves:
        raise refusal(decision, kind, *context)


def decide(decision: Decision, *args: Any) -> Any:
    """Carry out an answer that `check` let through: the decision's `resolve`, with the engine's
    own arguments (Castle Assault: state, seat, move, events; Wizard's Quest: state, frame,
    move, random stream, events)."""
    return decision.resolve(*args)
