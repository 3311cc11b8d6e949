"""Setup (CA-SETUP)."""
from collections import Counter

import pytest

from core.castle_assault import GAME
from core.castle_assault.data import CARDS
from core.protocol import IllegalMove

from .helpers import zones


def fresh(players, seed="setup", **options):
    return GAME.setup(players, {k.replace("_", "-"): v for k, v in options.items()}, seed)


@pytest.mark.rule("CA-SETUP-1")
@pytest.mark.parametrize("players", [1, 5, 0])
def test_two_to_four_players_only(players):
    with pytest.raises(IllegalMove) as err:
        GAME.setup(players, {}, "x")
    assert err.value.code == "bad-player-count"
    for ok in (2, 3, 4):
        assert GAME.setup(ok, {}, "x")["players"] == ok


@pytest.mark.rule("CA-SETUP-2")
def test_two_players_get_a_castle_and_three_walls_each():
    s = fresh(2)
    for seat in range(2):
        posts = [CARDS.key[p[0]] for p in s["posts"][seat]]
        assert posts == ["castle", "wall", "wall", "wall"]
        assert all(p[1] for p in s["posts"][seat])


@pytest.mark.rule("CA-SETUP-3")
@pytest.mark.parametrize("players", [3, 4])
def test_three_or_four_players_get_a_castle_and_two_walls(players):
    s = fresh(players)
    for seat in range(players):
        assert [CARDS.key[p[0]] for p in s["posts"][seat]] == ["castle", "wall", "wall"]


@pytest.mark.rule("CA-SETUP-4")
@pytest.mark.parametrize("players,out", [(2, 4), (3, 3), (4, 0)])
def test_unused_fortress_cards_are_out_of_the_game(players, out):
    s = fresh(players)
    assert len(s["out_of_game"]) == out and all(CARDS.deck[c] == "F" for c in s["out_of_game"])
    assert zones(s)                                       # still every card in exactly one place


@pytest.mark.rule("CA-SETUP-5")
def test_siege_academy_and_dungeon_decks_are_shuffled_by_the_seed():
    a, b = fresh(2, "one"), fresh(2, "two")
    assert sorted(a["siege"]) == sorted(b["siege"]) and len(a["dungeon"]) == 12
    assert (a["siege"], a["academy"], a["dungeon"]) != (b["siege"], b["academy"], b["dungeon"])
    assert fresh(2, "one")["siege"] == a["siege"]         # same seed, same order


@pytest.mark.rule("CA-SETUP-6")
def test_hands_dealt_four_village_and_one_academy_with_two_players():
    s = GAME.setup(2, {"first-player": 0}, "deal")
    # the first player has also made the turn draw (CA-TURN-1)
    for seat, size in ((0, 6), (1, 5)):
        decks = Counter(CARDS.deck[c] for c in s["hands"][seat])
        assert len(s["hands"][seat]) == size and decks["A"] == 1 and decks["V"] == size - 1
    assert len(s["village"]) == 70 - 9 and len(s["academy"]) == 12


@pytest.mark.rule("CA-SETUP-6")
@pytest.mark.parametrize("players", [3, 4])
def test_hands_dealt_five_village_and_no_academy_with_more_players(players):
    s = GAME.setup(players, {"first-player": 0}, "deal")
    assert [len(h) for h in s["hands"]] == [6] + [5] * (players - 1)
    assert all(CARDS.deck[c] == "V" for h in s["hands"] for c in h)
    assert len(s["academy"]) == 14


@pytest.mark.rule("CA-SETUP-7")
def test_first_player_chosen_by_the_table_or_at_random():
    assert GAME.setup(3, {"first-player": 2}, "x")["turn"] == 2
    with pytest.raises(IllegalMove) as err:
        GAME.setup(2, {"first-player": 3}, "x")
    assert err.value.code == "bad-option"
    firsts = {GAME.setup(4, {}, f"seed{i}")["turn"] for i in range(40)}
    assert firsts == {0, 1, 2, 3}


@pytest.mark.rule("CA-SETUP-8")
def test_play_passes_clockwise_in_seat_order():
    s = GAME.setup(4, {"first-player": 1}, "order")
    seen = []
    for _ in range(6):
        seen.append(s["turn"])
        card = s["hands"][s["turn"]][0]
        s, _ = GAME.apply(s, s["turn"], {"type": "discard", "card": card})
    assert seen == [1, 2, 3, 0, 1, 2]


@pytest.mark.rule("CA-SETUP-9")
def test_start_with_empty_discard_loot_and_no_stationed_card():
    s = fresh(4)
    assert s["discard"] == [] and s["loot"] == [[], [], [], []]
    assert all(p[2] == [] for seat in s["posts"] for p in seat)
    assert s["battle"] is None


@pytest.mark.rule("CA-SETUP")
def test_setup_accounts_for_all_120_cards():
    for players in (2, 3, 4):
        assert len(zones(fresh(players))) == 120
