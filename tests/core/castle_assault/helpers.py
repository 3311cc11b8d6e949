"""Shared helpers for the Castle Assault tests: build exact positions, play moves, check zones."""
from __future__ import annotations

import json

import pytest

from core.castle_assault import GAME
from core.castle_assault.data import CARDS
from core.protocol import IllegalMove


def make(players: int = 2, scenario: dict | None = None, seed: str = "test", **options) -> dict:
    """A game from a scenario (see core/castle_assault/setup.py); options by their names."""
    opts = {k.replace("_", "-"): v for k, v in options.items()}
    return GAME.setup(players, opts, seed, scenario)


def play(state: dict, seat: int, move) -> tuple[dict, list]:
    """Apply a move given as notation text or as a dict."""
    if isinstance(move, str):
        move = GAME.parse(state, seat, move)
    return GAME.apply(state, seat, move)


def refused(state: dict, seat: int, move, rule: str | None = None) -> IllegalMove:
    """The move must be refused (with this rule, when given); returns the error."""
    with pytest.raises(IllegalMove) as err:
        play(state, seat, move)
    if rule is not None:
        assert err.value.rule == rule, (err.value.rule, err.value.message)
    return err.value


def hand(state: dict, seat: int) -> list[str]:
    return state["hands"][seat]


def kinds(cards) -> list[str]:
    return sorted(CARDS.key[c] for c in cards)


def of_kind(state: dict, seat: int, key: str, count: int = 1) -> list[str]:
    """The first `count` cards of a kind in a seat's hand."""
    found = [c for c in state["hands"][seat] if CARDS.key[c] == key]
    assert len(found) >= count, f"seat {seat} holds {len(found)} {key}, wanted {count}"
    return found[:count]


def stationed(state: dict, seat: int, post: str) -> list[str]:
    from core.castle_assault.zones import post_index
    return state["posts"][seat][post_index(post, len(state["posts"][seat]))][2]


def standing(state: dict, seat: int, post: str) -> bool:
    from core.castle_assault.zones import post_index
    return state["posts"][seat][post_index(post, len(state["posts"][seat]))][1]


def prompted(state: dict) -> list[int]:
    return [p.seat for p in GAME.prompts(state)]


def texts(events, seat=None) -> list[str]:
    return [e.text for e in events if e.visible_to(seat)]


def zones(state: dict) -> dict[str, str]:
    """card id -> zone name, for every card; fails if a card is in two zones (CA-GEN-13)."""
    where: dict[str, str] = {}

    def put(cards, zone):
        for card in cards:
            assert card not in where, f"{card} is in {where[card]} and in {zone}"
            where[card] = zone

    for deck in ("village", "siege", "academy", "dungeon", "discard", "out_of_game"):
        put(state[deck], deck)
    for seat in range(state["players"]):
        put(state["hands"][seat], f"hand{seat}")
        put(state["loot"][seat], f"loot{seat}")
        for i, post in enumerate(state["posts"][seat]):
            put([post[0]], f"post{seat}.{i}")
            put(post[2], f"stationed{seat}.{i}")
    b = state["battle"]
    if b is not None:
        put([c for _, ids in b["contributions"] for c in ids], "battle")
        put([b["night_card"]] if b["night_card"] else [], "battle")
        put(b["reactions"], "battle")
    return where


def view_text(state: dict, seat) -> str:
    return json.dumps(GAME.view(state, seat))


def said(events, fragment: str, seat=None) -> bool:
    """Some event visible to `seat` contains this text."""
    return any(fragment in t for t in texts(events, seat))
