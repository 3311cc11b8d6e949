"""Setup (SETUP area), seat order and the source of chance."""
from collections import Counter

import pytest

from core.medieval_mastery import GAME, data, rules
from core.medieval_mastery.board import BOARDS
from tests.core.medieval_mastery.helpers import G, kinds, start


def setups(players, count=60, options=None):
    return [G.setup(players, G.normalize_options(options or {}), f"setup-{players}-{i}") for i in range(count)]


@pytest.mark.rule("MM-SETUP-1")
@pytest.mark.rule("MM-ASYNC-10")
@pytest.mark.rule("MM-DIFF-19")
def test_each_seat_has_its_colour_and_castle_slot():
    """Seat k owns castle slot C(k+1), its own 18 cards, and play goes clockwise (k -> k+1)."""
    st = G.setup(4, G.normalize_options({}), "colours")
    for seat in range(4):
        mine = st["deck"][seat] + st["hand"][seat] + st["discard"][seat]
        assert sorted(rules.owner(c) for c in mine) == [seat] * 18
        assert G.view(st, None)["castles"][seat]["name"] == f"C{seat + 1}"
    first = st["active"]
    st, _ = G.apply(st, first, {"type": "end"})
    assert st["active"] == (first + 1) % 4


@pytest.mark.rule("MM-SETUP-2")
@pytest.mark.rule("MM-ASYNC-3")
def test_tiles_are_dealt_at_random_within_each_vp_value():
    """Every slot gets a tile of its VP value; different seeds give different maps."""
    layouts = set()
    for st in setups(2, 30):
        board = BOARDS[2]
        for slot, tile in enumerate(st["tile"]):
            assert data.TILES[tile][0] == board.slot_vp[slot]
        assert all(Counter(st["tile"])[t] <= data.TILES[t][1] for t in set(st["tile"]))
        layouts.add(tuple(st["tile"]))
    assert len(layouts) > 20


@pytest.mark.rule("MM-SETUP-3")
def test_one_artefact_of_each_type_dealt_face_up():
    for st in setups(6, 10):
        crowns = [a[0] for a in st["artefacts"]]
        assert sorted(crowns) == sorted(data.CROWNS)
        assert sorted(a[1] for a in st["artefacts"]) == sorted(data.SCEPTRES)
        assert sorted(a[2] for a in st["artefacts"]) == sorted(data.ORBS)
        seen = G.view(st, None)["seats"][3]["artefacts"]
        assert [a["up"] for a in seen] == [True] * 3 and seen[0]["name"].startswith("Crown of")
    dealt = {tuple(st["artefacts"][0]) for st in setups(2, 30)}
    assert len(dealt) > 10, "dealt at random"


@pytest.mark.rule("MM-SETUP-4")
def test_unused_components_stay_in_the_box():
    """A 3-player game has 3 decks, 3 castles, 15 territory slots and no sixth colour."""
    st = G.setup(3, G.normalize_options({}), "box")
    assert len(st["deck"]) == 3 and len(st["tile"]) == 15
    view = G.view(st, None)
    assert len(view["castles"]) == 3 and len(view["seats"]) == 3 and len(view["lakes"]) == 1


@pytest.mark.rule("MM-SETUP-5")
def test_decks_are_shuffled_face_down():
    orders = {tuple(rules.kind(c) for c in st["deck"][0]) for st in setups(2, 20)}
    assert len(orders) > 15
    st = G.setup(2, G.normalize_options({}), "face-down")
    for seat in range(2):
        assert {c["card"] for c in G.view(st, seat)["seats"][seat]["discard"]} <= {"authority"}
        assert G.view(st, 1 - seat)["seats"][seat]["deck"] == len(st["deck"][seat]), "only the deck size is shown"
        assert set(G.hidden_from(st, seat)) >= {f"K{c:03d}" for c in st["deck"][seat]}


@pytest.mark.rule("MM-SETUP-6")
@pytest.mark.rule("MM-ICON-HOMELANDS")
@pytest.mark.rule("MM-TERR-HOMELANDS")
@pytest.mark.rule("MM-EDGE-15")
def test_starting_knights_split_with_homelands():
    """0 Homelands: 6 in the castle; 1: 3 + 3; 2: 2 + 2 + 2 (plus 3 for the first player's step 1)."""
    seen = set()
    for st in setups(2, 80):
        board = BOARDS[2]
        for seat in range(2):
            homes = [s for s in board.adj[board.castle_node[seat]] if st["tile"][s] == "Homelands"]
            castle = st["castle"][seat] - (3 if seat == st["active"] else 0)
            expected = {0: (6, None), 1: (3, 3), 2: (2, 2)}[len(homes)]
            assert castle == expected[0]
            for s in homes:
                assert (st["owner"][s], st["knights"][s]) == (seat, expected[1])
            seen.add(len(homes))
        # Homelands never start anywhere else, and always land next to a castle (MM-EDGE-15).
        owned = [s for s in range(10) if st["owner"][s] >= 0]
        assert all(st["tile"][s] == "Homelands" for s in owned)
        homelands = [s for s in range(10) if st["tile"][s] == "Homelands"]
        assert all(any(nb in board.castle_owner for nb in board.adj[s]) for s in homelands)
    assert seen == {0, 1, 2}


@pytest.mark.rule("MM-EDGE-15")
def test_homelands_away_from_a_castle_is_a_plain_one_vp_territory():
    """Placed by a scenario on the central S05: worth 1 VP, no battle effect, no knights of its own."""
    st = start(2, tiles={"S05": "Homelands", "S07": "Forest", "S03": "Forest"},
               board={"S05": [1, 2], "S07": [0, 1], "S09": [0, 1], "S01": [1, 1], "S03": [1, 1]},
               castle=[4, 3], arts=[["Fury", "Loyalty", "Devotion"], ["Insight", "Rage", "Greed"]],
               hands=[["2", "3", "4", "5", "+1"], ["2", "3", "4", "5", "+1"]], active=0)
    assert rules.vp(st, 1) == 1 + 1 + 1, "Homelands, S01 and the Forest on S03: 1 VP each"
    st, _ = G.apply(st, 0, {"type": "advance", "to": "S05", "n": 4})
    assert (st["battle"]["attack_strength"], st["battle"]["defence_strength"]) == (4, 2), "no start-of-battle ability"


@pytest.mark.rule("MM-SETUP-7")
@pytest.mark.rule("MM-RES-AUTHORITY")
@pytest.mark.rule("MM-DIFF-12")
def test_five_cards_and_authority_gives_six():
    """Five cards each; a player who drew Authority plays it and holds 6 (no top-up after)."""
    found = 0
    for st in setups(3, 40):
        for seat in range(3):
            disc = kinds(st, seat, "discard")
            if disc == ["authority"]:
                found += 1
                assert len(st["hand"][seat]) == 6
            else:
                assert disc == [] and len(st["hand"][seat]) == 5
            assert "authority" not in kinds(st, seat)
    assert found > 3


@pytest.mark.rule("MM-SETUP-8")
def test_starting_player_is_random():
    firsts = Counter(st["active"] for st in setups(4, 60))
    assert set(firsts) == {0, 1, 2, 3}
    st = setups(4, 1)[0]
    assert st["turn"] == 1 and st["step"] == 2


@pytest.mark.rule("MM-ASYNC-3")
def test_same_seed_same_setup_and_rng_counter_in_state():
    a = G.setup(5, G.normalize_options({}), "same")
    b = G.setup(5, G.normalize_options({}), "same")
    assert G.state_hash(a) == G.state_hash(b)
    assert a["rng"] > 0, "the Rng counter lives in the state"
    assert G.state_hash(G.setup(5, G.normalize_options({}), "other")) != G.state_hash(a)


@pytest.mark.rule("MM-OPT-MAYHEM-1")
def test_mayhem_adds_six_castle_knights():
    plain = G.setup(2, G.normalize_options({}), "m")
    mayhem = G.setup(2, G.normalize_options({"mayhem": True}), "m")
    assert [m - p for m, p in zip(mayhem["castle"], plain["castle"])] == [6, 6]
    assert GAME.options["mayhem"].rule == "MM-OPT-MAYHEM-1"
