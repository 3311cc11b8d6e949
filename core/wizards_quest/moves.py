"""Checking the shape of incoming moves: any JSON value either becomes clean values
or raises IllegalMove naming the rule of what the player is being asked to do."""
from __future__ import annotations

from core.protocol import IllegalMove
from core.wizards_quest import board


def bad(message: str, rule: str, code: str = "bad-move", legal=None):
    raise IllegalMove(code, message, rule, legal)


def terr(value, rule: str) -> int:
    if not isinstance(value, str) or value not in board.INDEX:
        bad(f"{value!r} is not a territory of Marnon (write D<duchy>C<county> or K<castle>).", rule,
            "bad-territory")
    return board.INDEX[value]


def count(value, rule: str, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low or value > 10000:
        bad(f"{value!r} is not a valid number here.", rule)
    return value


def men_map(value, rule: str) -> dict[int, int]:
    """{"D1C2": 3, ...} -> {index: 3}; every count at least 1."""
    if not isinstance(value, dict):
        bad("Men must be given as territory: count pairs.", rule)
    out = {}
    for key, k in value.items():
        out[terr(key, rule)] = count(k, rule, 1)
    return out


def hero_name(value, rule: str, allow_none: bool = True) -> str:
    if value in ("champion", "wizard") or (allow_none and value in ("", None)):
        return value or ""
    bad(f"{value!r} is not a hero (champion or wizard).", rule)


def heroes_map(value, rule: str) -> dict[str, int]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        bad("Heroes must be given as hero: territory pairs.", rule)
    out = {}
    for key, where in value.items():
        out[hero_name(key, rule, False)] = terr(where, rule)
    return out


def flag(value, rule: str) -> bool:
    if value is None:
        return False
    if not isinstance(value, bool):
        bad(f"{value!r} must be true or false.", rule)
    return value


def duchy(value, rule: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        bad(f"{value!r} is not a duchy number (1 to 6).", rule)
    return value
