"""The moves of Race to 21 as JSON and as text; `parse(format(m)) == m` for every move.

  play t7    {"play": "t7"}       play a card of your hand (TOY-2)
  pass       {"pass": true}       only with an empty hand (TOY-2)
  resign     {"type": "resign"}   every game's resignation (core/resign.py)

The three real games give every move a "type" and declare `MOVES`, one core.movespec.MoveSpec
per kind, which `check_move` checks with the sentences every game shares (see
core/castle_assault/notation.py); a new game should do the same. This game's two moves are
older than that convention and the platform's tests are written against them, so `check_shape`
checks them by hand, in the same words.
"""
from __future__ import annotations

from core.text import say
from core import resign
from core.protocol import IllegalMove


def check_shape(move) -> None:
    """Refuse anything that is not a well-formed move before any rule is looked at (TOY-2)."""
    if type(move) is dict and len(move) == 1:
        if type(move.get("play")) is str or move.get("pass") is True:
            return
    raise IllegalMove("bad-move", say('A move is {{"play": "<card>"}} or {{"pass": true}}.'), "TOY-2")


def parse(text: str) -> dict:
    if (resigning := resign.parse(text)) is not None:
        return resigning
    words = str(text).split()
    if words == ["pass"]:
        return {"pass": True}
    if len(words) == 2 and words[0] == "play":
        return {"play": words[1]}
    raise IllegalMove("bad-notation", say("Write 'play <card>' or 'pass'."), "TOY-2")


def format_move(move: dict) -> str:
    if resign.is_resign(move):
        return resign.NOTATION
    return "pass" if "pass" in move else f"play {move['play']}"
