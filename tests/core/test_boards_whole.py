"""Text boards keep every word of what they list (core/layout.py): a hand or a row of treasures
longer than the board's 100 columns goes on to the next line instead of being cut. Before, a
Wizard's Quest player holding three long cards saw only two of them, a treasure's place lost its
last digit (`@D6C` for D6C5) and a long Medieval Mastery hand lost its last card's name, in the
board every mail, `herald show` and the game page show (WQ-TABLE-9: a seat sees its own hand)."""
from __future__ import annotations

import re

import pytest

from core import games
from core.layout import WIDTH, packed
from core.medieval_mastery import GAME as MM
from core.rng import Rng
from core.wizards_quest import GAME as WQ, cards
from tests.core.wizards_quest.helpers import make


def test_packed_fills_each_line_and_never_splits_a_piece():
    assert packed([], ", ", 10) == []
    assert packed(["aaaa", "bbbb", "cc", "dddddddddddd", "e"], ", ", 10, 8) == [
        ["aaaa", "bbbb"], ["cc"], ["dddddddddddd"], ["e"]]
    assert packed(["ab", "cd", "ef"], " | ", 7) == [["ab", "cd"], ["ef"]]


@pytest.mark.rule("WQ-TABLE-9")
def test_a_wizards_quest_board_shows_a_whole_hand_and_every_treasures_place():
    st = make(players=6, hands=[["C10", "C11", "C12"], [], [], [], [], []])
    text = str(WQ.render(WQ.view(st, 0), 0))
    assert all(len(line) <= WIDTH for line in text.splitlines()), text
    for card in ("C10", "C11", "C12"):
        assert cards.describe(card) in text
    assert "your boats: 0   losses: ask" in text
    for treasure in WQ.view(st, 0)["treasures"]:
        if re.fullmatch(r"D\dC\d|K\d", treasure["at"]):
            assert re.search(rf"{treasure['id']}=P{treasure['owner']} \w+@{treasure['at']}(\s|$)", text), treasure


@pytest.mark.rule("MM-COMP-1")
def test_a_medieval_mastery_board_shows_a_whole_hand():
    hand = ["cta", "ta", "5", "4", "ambush", "2", "+1", "3"]
    st = MM.setup(2, MM.normalize_options({}), "hand", {"hands": [hand, []], "active": 0})
    view = MM.view(st, 0)
    text = str(MM.render(view, 0))
    assert all(len(line) <= WIDTH for line in text.splitlines()), text
    titles = [card["title"] for card in view["hand"]]
    assert len(titles) == len(hand)
    assert "Your hand: " + ", ".join(titles) in " ".join(text.split()), text  # a line going on ends with a comma


@pytest.mark.parametrize("ruleset", ["medieval-mastery", "wizards-quest"])
def test_no_board_of_a_random_game_loses_a_card_of_its_seats_hand(ruleset):
    game = games[ruleset]
    for number in range(3):
        state = game.setup(game.max_players - number, game.normalize_options({}), f"whole-{number}")
        rng = Rng(f"whole:{number}", scheme=2)
        for step in range(400):
            if game.result(state) is not None:
                break
            seat = game.prompts(state)[0].seat
            if step % 4 == 0:
                view = game.view(state, seat)
                text = " ".join(str(game.render(view, seat)).split())
                for card in view["hand"] or []:
                    assert (cards.describe(card) if ruleset == "wizards-quest" else card["title"]) in text
            state, _ = game.apply(state, seat, game.random_move(state, seat, rng))
