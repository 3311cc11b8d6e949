"""The sentences the state keeps as English text, as messages again (core/text.py).

The state is plain JSON data, so a choice's question (`choice["text"]`) and the ending's reason
(`win["reason"]`) stay English strings in it. Each is written by one of the builders below
(`say`/`say_n` with a literal template), and `reread` turns the English back into the
builder's message by matching the templates: prompts, refusals, the result and the board
then speak the reader's language, for games stored before messages existed too. A text no
template matches stays as it is (plain English).
"""
from __future__ import annotations

import inspect
import re
from typing import Any, Callable

from core.medieval_mastery import data
from core.memo import Memo
from core import text
from core.text import Msg, say, say_n, term

# --- seats, names and lists ------------------------------------------------------------------

# core.text.P, made once per seat: the engine names a player in nearly every event it writes.
P = tuple(text.P(seat) for seat in range(10)).__getitem__
SEATS = range(10)  # the seats P names: per-seat sentences made once (a message is a value, shared by events)
# The components' names as terms, made once (cards by kind, artefacts by name, territories).
CARD = {code: term(title) for code, title in data.CARD_TITLES.items()}
ARTEFACT = {name: term(title) for name, title in data.ART_TITLE.items()}
TILE = {name: term(name) for name in data.TILES}



def seat_word(seat: int) -> str:
    """A seat as the notation and the board name it: 'P2' (the player's name is P(seat))."""
    return "P%d" % seat


def listing(items: list) -> Any:
    """'a, b, c' (a list of names: the reader's language may separate them otherwise)."""
    found = items[0]
    for item in items[1:]:
        found = say("{first}, {second}", first=found, second=item)
    return found


def either(items: list) -> Any:
    """'a or b or c' (the pieces said in the reader's language)."""
    found = items[0]
    for item in items[1:]:
        found = say("{first} or {second}", first=found, second=item)
    return found


# --- the questions of a choice (choice["text"]) -------------------------------------------


def ask_corruption(crown: Any) -> Msg:
    return say("{crown}: choose a player and one of their face-up artefacts to destroy (target P1 orb).", crown=crown)


def ask_prosperity(crown: Any) -> Msg:
    return say("{crown}: choose a player whose top card you look at (target P1).", crown=crown)


def ask_discard_conquered(tile: Any) -> Msg:
    return say("{tile} conquered: you may discard one card.", tile=tile)


def ask_discard_artefact(artefact: Any) -> Msg:
    return say("{artefact}: you may discard one card.", artefact=artefact)


def ask_insight(crown: Any, n: int) -> Msg:
    return say_n("{crown}: put your top {n} card back in any order.", "{crown}: put your top {n} cards back in any order.",
                 n, crown=crown)


def ask_order(crown: Any) -> Msg:
    return say("{crown}: choose a card from your discard pile to shuffle into your deck.", crown=crown)


def ask_top(crown: Any) -> Msg:
    return say("{crown}: keep the top card there (top keep) or discard it (top discard).", crown=crown)


def ask_sceptre(sceptre: Any, n: int, own: int, change: str) -> Msg:
    return say_n("{sceptre}: fight as if with {n} knight instead of {own} (strength {change})? "
                 "'sceptre use' or 'sceptre decline'.",
                 "{sceptre}: fight as if with {n} knights instead of {own} (strength {change})? "
                 "'sceptre use' or 'sceptre decline'.", n, sceptre=sceptre, own=own, change=change)


# --- the reasons of an ending (win["reason"]) -----------------------------------------------


def won_alone(player: str, points: int, goal: int) -> Msg:
    return say("{player} controls {points} VP (target {goal}).", player=player, points=points, goal=goal)


def won_pair(first: str, second: str, points: int, goal: int) -> Msg:
    return say("The team of {first} and {second} controls {points} VP (target {goal}).",
               first=first, second=second, points=points, goal=goal)


def won_three(first: str, second: str, third: str, points: int, goal: int) -> Msg:
    return say("The team of {first} and {second} and {third} controls {points} VP (target {goal}).",
               first=first, second=second, third=third, points=points, goal=goal)


def won_siege(attacker: str, defender: str, siege: Any) -> Msg:
    return say("{attacker} conquers the castle of {defender} ({siege}).", attacker=attacker, defender=defender,
               siege=siege)


def won_resigned(player: str, winner: str) -> Msg:
    return say("{player} resigned: {winner} wins.", player=player, winner=winner)


# --- reading them back ----------------------------------------------------------------------

# The components a stored sentence may name, longest first (so "Ambush (d6)" before "Ambush").
NAMES = sorted({*data.TILES, *data.ART_TITLE.values(), *data.CARD_TITLES.values(), "Castle Siege"},
               key=len, reverse=True)
_KINDS = {  # argument name -> (its pattern, how it is read back)
    "player": (r"\{P\d\}", str), "winner": (r"\{P\d\}", str), "attacker": (r"\{P\d\}", str),
    "defender": (r"\{P\d\}", str), "first": (r"\{P\d\}", str), "second": (r"\{P\d\}", str),
    "third": (r"\{P\d\}", str),
    "n": (r"\d+", int), "own": (r"\d+", int), "points": (r"\d+", int), "goal": (r"\d+", int),
    "change": (r"[+-]\d+", str),
}
_NAME = ("(?:" + "|".join(map(re.escape, NAMES)) + ")", term)
_FIELD = re.compile(r"\{(\w+)\}")


def _pattern(template: str) -> re.Pattern:
    pieces, at = [], 0
    for found in _FIELD.finditer(template):
        pieces.append(re.escape(template[at:found.start()]))
        name = found.group(1)
        pieces.append(f"(?P<{name}>{_KINDS.get(name, _NAME)[0]})")
        at = found.end()
    pieces.append(re.escape(template[at:]))
    return re.compile("".join(pieces) + r"\Z")


def _reader(build: Callable[..., Msg]) -> list[tuple[re.Pattern, Callable[..., Msg]]]:
    names = list(inspect.signature(build).parameters)
    sample = build(**{name: (2 if name == "n" else "") for name in names})
    templates = sample.id if isinstance(sample.id, tuple) else (sample.id,)
    return [(_pattern(template), build) for template in templates]


READERS = [reader for build in (
    ask_corruption, ask_prosperity, ask_discard_conquered, ask_discard_artefact, ask_insight, ask_order, ask_top,
    ask_sceptre, won_alone, won_pair, won_three, won_siege, won_resigned) for reader in _reader(build)]
_READ = Memo(4096)  # English text -> its message


def reread(text: str) -> Any:
    """The message an English text of the state was said by (a builder above), else the text."""
    if isinstance(text, Msg):
        return text
    found = _READ.get(text)
    if found is not None:
        return found
    found = text
    for pattern, build in READERS:
        match = pattern.match(text)
        if match:
            args = {name: _KINDS.get(name, _NAME)[1](value) for name, value in match.groupdict().items()}
            said = build(**args)
            if str(said) == text:
                found = said
                break
    return _READ.keep(text, found)
