"""One module per kind of decision a seat is asked for, each declaring its `Decision` record
(core/phase.py): `turn` (phase "main", the active player's own turn, with `manoeuvre` for
redistribution and advance), `window` (a Fracture window), `commit` (the conflict cards of a
battle), `support` (a support opportunity), and `choice` (one record per kind of choice: a
discard, a crown's target, Insight, Order, Prosperity, Fear or Vigour); `common` holds what they
share.

DECISIONS is the explicit registry, by kind: the state's phase, or in phase "choice" the
choice's kind (`decision_of`). The seats legal.prompted names are asked its question (game.py's
prompts, core.phase.prompt) and offered its answers (`legal_moves`); game.py's `apply_decision`
refuses any other move (core.phase.check, with the record's rule and sentence) and has the
answer carried out on a copy-on-write working copy (core.phase.decide, `resolve(ctx, seat,
move)`); flow.settle then runs whatever follows automatically. The contexts the records' callables
take: (state, seat) for `describe` and `legal`, (state, seat, move) for `wrong` and `rule_now`.
"""
from __future__ import annotations

from core.medieval_mastery.legal import prompted, standing_moves
from core.medieval_mastery.phases import choice, commit, support, turn, window
from core.medieval_mastery.state import State, choice_of
from core.phase import Decision, registry, rule_of

DECISIONS = registry((turn.DECISION, window.DECISION, commit.DECISION, support.DECISION, *choice.DECISIONS))

# Who is asked outside the active player's turn, and the rule that says so.
ASKED_RULE = {"window": "MM-ASYNC-2", "commit": "MM-ASYNC-1", "support": "MM-ASYNC-4"}


def decision_of(st: State) -> Decision:
    """The decision asked now: the phase's, or in phase "choice" the choice's."""
    ph = st["phase"]
    return DECISIONS[choice_of(st)["kind"] if ph == "choice" else ph]


def asked_rule(st: State) -> str:
    """The rule that decides who is asked now, for a seat that is not: a Fracture window asks
    seat by seat (MM-ASYNC-2), conflict cards the two combatants (MM-ASYNC-1), support the sides
    in turn (MM-ASYNC-4), a choice only its chooser (the rule of that choice); otherwise it is
    another player's turn (MM-TURN-9)."""
    ph = st["phase"]
    if ph == "choice":
        return decision_of(st).rule
    return ASKED_RULE.get(ph, "MM-TURN-9")


def current_rule(st: State, seat: int) -> str:
    """The rule of what `seat` is asked to do now (for notation errors): its decision's (between
    two decisions, the turn's), or when the game is over MM-WIN-2."""
    ph = st["phase"]
    if ph == "over":
        return "MM-WIN-2"
    decision = decision_of(st) if ph == "choice" else DECISIONS.get(ph, turn.DECISION)
    return rule_of(decision, st, seat, None)


def legal_moves(st: State, seat: int) -> list[dict]:
    """The prompted seat's answers (its decision's), plus the standing answers any seat may set
    at any time."""
    if st["win"] is not None or not isinstance(seat, int) or not 0 <= seat < st["players"]:
        return []
    if seat not in prompted(st):
        return standing_moves(st, seat)
    return decision_of(st).legal(st, seat) + standing_moves(st, seat)


__all__ = ["DECISIONS", "asked_rule", "current_rule", "decision_of", "legal_moves"]
