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



def speaking(words: dict[str, str]):
    """A language that says the messages of `words` ({English: translation}) as given, and any
    other as English does."""
    from core.text import Speaker

    return Speaker(lambda message: words.get(message, message),
                   lambda singular, plural, n: words.get(singular if n == 1 else plural, singular if n == 1 else plural),
                   lambda name: words.get(name, name))


LONGER = speaking({"orcs {n}": "orcher {n} (plural)", "Cells: {cells}": "Celler på kartan: {cells}",
                   "{first}, {second}": "{first}; {second}", "Crown of Order": "Ordningens krona",
                   "To decide: {text}": "Att avgöra nu: {text}",
                   "fight with more knights? 'sceptre use' or 'sceptre decline'.":
                   "strida som om med fler riddare än du har i slaget just nu (stridsvärde högre)? "
                   "'sceptre use' eller 'sceptre decline'."})


def test_a_list_is_laid_out_in_the_words_it_is_said_in():
    """A list laid out at English widths ran past WIDTH in a language with longer words
    (Wizard's Quest's map rows in Swedish): a flow lays out the words it is said in, the later
    lines under its first piece; its English value is the English layout, and its stored form
    the same flow."""
    from core.layout import listed
    from core.text import ROW, from_json, render, say, term

    cells = [say("orcs {n}", n=n) for n in range(8)]
    row = listed(cells, " | ", say("Cells: {cells}", cells=ROW), tail="   end")
    assert str(row) == "Cells: " + " | ".join(map(str, cells)) + "   end"
    said = render(row, LONGER).splitlines()
    assert len(said) > 1 and all(len(line) <= WIDTH for line in said), said
    assert said[0].startswith("Celler på kartan: orcher 0 (plural) | ")
    assert all(line.startswith(" " * len("Celler på kartan: ") + "orcher ") for line in said[1:-1]), said
    assert said[-1] == "   end"  # (the tail, where the last line has no room for it)
    assert re.findall(r"orcher \d \(plural\)", "\n".join(said)) == [f"orcher {n} (plural)" for n in range(8)]
    stored = from_json(row.to_json())
    assert str(stored) == str(row) and render(stored, LONGER) == "\n".join(said)
    hand = listed([term("Crown of Order")] * 9, ", ", say("Cells: {cells}", cells=ROW), pair="{first}, {second}",
                  carry=True)
    lines = render(hand, LONGER).splitlines()
    assert len(lines) > 1 and all(line.endswith(";") for line in lines[:-1]) and not lines[-1].endswith(";"), lines


def test_a_long_sentence_goes_on_at_its_words_and_keeps_a_command_whole():
    """'To decide: ...' ran to 120 columns in English and further translated: a sentence goes on
    at its words, under its first, a quoted command never broken; one that fits is as it was."""
    from core.layout import sentence
    from core.text import ROW, render, say

    question = say("fight with more knights? 'sceptre use' or 'sceptre decline'.")
    line = sentence(say("To decide: {text}", text=ROW), question)
    assert str(line) == "To decide: fight with more knights? 'sceptre use' or 'sceptre decline'."
    said = render(line, LONGER).splitlines()
    assert len(said) == 2 and all(len(part) <= WIDTH for part in said), said
    assert said[1].startswith(" " * len("Att avgöra nu: ") + "'sceptre") and said[1].endswith("'sceptre decline'.")
