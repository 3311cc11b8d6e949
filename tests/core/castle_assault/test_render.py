"""The terminal picture (herald show) is drawn from the view only and shows the whole table."""
from core.castle_assault import GAME
from core.castle_assault.data import CARDS

from .helpers import make, play


def test_render_shows_fortresses_sizes_and_my_hand_within_100_columns():
    s = make(3, {"turn": 0, "skip_draw": True,
                 "hands": {"0": ["soldier", "archer", "gold"], "1": ["ambush"], "2": ["gold", "gold"]},
                 "posts": {"1": {"W1": {"defenders": ["archer"]}, "C": {"defenders": ["soldier"]}},
                           "2": {"W2": {"standing": False}}},
                 "loot": {"2": ["king"]}})
    text = GAME.render(GAME.view(s, 0), 0)
    lines = text.splitlines()
    assert all(len(line) <= 100 for line in lines)
    assert "[0] {P0} (you): hand 3 cards, loot pile 0" in text and "[2] {P2}: hand 2 cards, loot pile 1" in text
    assert any(line.strip().startswith("1/W1") and "3 shields" in line and "Archer" in line for line in lines)
    assert any(line.strip().startswith("1/C") and "4½ shields" in line for line in lines)
    assert any("2/W2" in line and "destroyed" in line for line in lines)
    assert "Decks: Village" in text and "Siege 12" in text
    hand_line = lines[lines.index("Your hand:") + 1]
    for card in s["hands"][0]:
        assert CARDS.label(card) in hand_line
    other = GAME.render(GAME.view(s, 1), 1)
    assert CARDS.label(s["hands"][0][0]) not in other


def test_render_of_a_night_battle_and_the_end():
    s = make(2, {"turn": 0, "skip_draw": True, "hands": {"0": ["night", "trebuchet", "soldier"], "1": ["ambush"]},
                 "posts": {"1": {"W1": {"standing": False}, "W2": {"standing": False},
                                 "W3": {"standing": False}}}})
    s, _ = play(s, 0, "night night 1/C trebuchet soldier")
    spectator = GAME.render(GAME.view(s, None), None)
    assert "Night attack by {P0} on {P1}'s castle" in spectator and "2 hidden cards" in spectator
    assert "Trebuchet" not in spectator and "Your hand" not in spectator
    assert "Trebuchet" in GAME.render(GAME.view(s, 0), 0)
    s, _ = play(s, 1, "pass")
    end = GAME.render(GAME.view(s, 1), 1)
    assert end.startswith("Castle Assault, 2 players. Game over.") and "{P0} destroyed the rival castle" in end
    assert GAME.summary(GAME.view(s, 1), 1).splitlines()[0] == end.splitlines()[0]


def test_summary_for_mails_is_the_whole_board_as_i_see_it():
    """A seat asked to join an attack needs every fortress, the battle and its own hand."""
    s = make(4, {"turn": 0, "skip_draw": True, "hands": {"0": ["soldier"], "1": ["ambush", "gold"],
                                                           "2": ["archer"], "3": ["gold"]}})
    s, _ = play(s, 0, "attack 1/W1 soldier")
    text = GAME.summary(GAME.view(s, 2), 2)
    assert text.splitlines()[0] == "Castle Assault, 4 players. Turn of {P0}"
    assert "Attack by {P0} on {P1}'s wall W1:" in text and "[2] {P2} (you)" in text
    assert "[1] {P1}" in text and "Your hand:" in text and CARDS.label(s["hands"][2][0]) in text
    assert CARDS.label(s["hands"][1][0]) not in text, "another seat's hand stays out of my mail"
