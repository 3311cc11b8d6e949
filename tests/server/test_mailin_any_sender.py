"""HERALD_MAIL_IN_SENDER=any: the signed reply address alone speaks for a seat, whatever the
From says; but only while the player it was mailed to holds the seat."""
from __future__ import annotations

import pytest

from server.notify import reply_addresses
from server.store.models import Game, Seat
from tests.server.mailplay import offered_moves, reply_to
from tests.server.test_mailin import answer, started
from tests.server.test_mailin_doors import to_me


@pytest.fixture
def config(config):
    return {**config, "MAIL_IN_SENDER": "any"}


def test_any_sender_plays_with_the_address_alone(table):
    game_id, turn, _ = started(table)
    answer(table, turn, offered_moves(turn)[0], sender="alice.at.work@example.net")
    assert Game.get_by_id(game_id).version == 1


def test_any_sender_mode_still_stops_at_a_handover(table):
    """With HERALD_MAIL_IN_SENDER=any the signed address alone speaks for the seat, but only
    while the player it was mailed to holds it; an address from before addresses named their
    holder is taken from the registered address alone."""
    game_id, turn, _ = started(table)
    to_carl = to_me(answer(table, turn, "handover carl@example.org"), "carl@example.org")
    answer(table, to_carl, "join", sender="carl@example.org")
    assert Seat.get((Seat.game == game_id) & (Seat.seat == 0)).player.email == "carl@example.org"
    assert answer(table, turn, offered_moves(turn)[0], sender="alice@example.org") == []
    assert Game.get_by_id(game_id).version == 0
    old_style = reply_addresses._address(reply_addresses.settings_of(table.config), f"g{game_id}.s0.m0", None)
    unsigned_holder = reply_to(turn, offered_moves(turn)[0], sender="mallory@example.org")
    table.send(unsigned_holder, old_style, "mallory@example.org")
    table.new_mail()
    assert Game.get_by_id(game_id).version == 0
