"""Setup (spec section 4), heroes in place of men, the 2-player rules and the blank variant."""
import pytest

from core.protocol import IllegalMove
from core.rng import Rng
from core.wizards_quest import board, cards
from core.wizards_quest import state as S
from core.wizards_quest.board import ORC
from tests.core.wizards_quest.helpers import G, T, ask, at, move


def fresh(players=3, dice=(), options=None):
    return G.setup(players, options or {}, "setup-seed", {"phase": "setup", "dice": list(dice)})


def drive(st, until, seed="drive", why=None):
    """Random legal moves until the pending decision is `until` (and, for placements, `why`)."""
    rng = Rng(seed)
    for _ in range(500):
        pending = ask(st)
        if pending["kind"] == until and (why is None or pending.get("why") == why):
            return st
        st, _ = G.apply(st, pending["seat"], G.random_move(st, pending["seat"], rng))
    raise AssertionError(f"never reached {until}")


@pytest.mark.rule("WQ-SETUP-2")
def test_first_player_by_dice_with_ties_rolled_again():
    """WQ-TABLE-4, WQ-AMB-8: only the tied players roll again."""
    st = fresh(3, dice=[6, 6, 6, 6, 1, 1, 1, 2, 3, 3])
    assert st["first"] == 1
    assert ask(st) == dict(ask(st), kind="castle", seat=1)


@pytest.mark.rule("WQ-SETUP-3")
def test_castles_one_man_each_in_order_then_orcs_on_the_rest():
    """WQ-SETUP-4, WQ-ROUND-3, WQ-TABLE-1: clockwise from the first player."""
    st = fresh(3, dice=[6, 6, 1, 1, 2, 2])
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "castle D1C1")
    assert err.value.rule == "WQ-SETUP-3"
    with pytest.raises(IllegalMove) as err:
        move(st, 1, "castle K1")
    assert err.value.rule == "WQ-START-2"
    st, _ = move(st, 0, "castle K1")
    assert ask(st)["seat"] == 1
    st, _ = move(st, 1, "castle K2")
    st, _ = move(st, 2, "castle K3")
    assert [at(st, f"K{k}") for k in (1, 2, 3)] == [(0, 1, None), (1, 1, None), (2, 1, None)]
    assert all(at(st, f"K{k}") == (ORC, 2, None) for k in range(4, 9))


@pytest.mark.rule("WQ-ACC-4")
def test_orcs_in_the_duchies_by_two_different_dice():
    """WQ-SETUP-5: a double is rolled again; 2 and 6 in duchy 1 mean Dewbury and Red Dunes."""
    st = fresh(2, dice=[6, 6, 1, 1, 4, 4, 2, 6, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2])
    st, _ = move(st, 0, "castle K1")
    st, _ = move(st, 1, "castle K2")
    assert at(st, "D1C2") == (ORC, 2, None) and at(st, "D1C6") == (ORC, 2, None)
    orc_counties = [t for t in range(36) if st["owner"][t] == ORC]
    assert len(orc_counties) == 12 and all(st["men"][t] == 2 for t in orc_counties)
    assert all(sum(1 for t in board.DUCHY_COUNTIES[d] if st["owner"][t] == ORC) == 2 for d in range(1, 7))


@pytest.mark.rule("WQ-SETUP-6")
def test_men_on_the_24_empty_counties_round_the_table():
    st = drive(fresh(5), "county")
    seats = []
    for _ in range(24):
        pending = ask(st)
        if pending["kind"] != "county":
            break
        seats.append(pending["seat"])
        st, _ = G.apply(st, pending["seat"], G.legal_moves(st, pending["seat"])[0])
    first = st["first"]
    assert seats == [(first + i) % 5 for i in range(len(seats))]
    assert len(seats) == 23  # the 24th county has only one choice and is filled at once
    assert all(st["owner"][t] != -1 for t in range(36))


@pytest.mark.rule("WQ-SETUP-7")
def test_treasures_go_to_the_player_on_the_left_and_are_hidden_castle_first():
    """WQ-SETUP-8, WQ-SETUP-9, WQ-SETUP-10, WQ-TABLE-7."""
    st = drive(fresh(3), "hide")
    assert all(tr[3] == (tr[0] + 1) % 3 for tr in st["treasures"])
    seat = ask(st)["seat"]
    mine = [i for i, tr in enumerate(st["treasures"]) if tr[3] == seat]
    owner = st["treasures"][mine[0]][0]
    owner_castle = next(k for k in board.CASTLE_IDS if st["owner"][k] == owner)
    with pytest.raises(IllegalMove) as err:
        move(st, seat, f"hide {S.treasure_id(mine[0])} {board.IDS[owner_castle]}")
    assert err.value.rule == "WQ-SETUP-8"
    free = next(t for t in range(36))
    with pytest.raises(IllegalMove) as err:
        move(st, seat, f"hide {S.treasure_id(mine[0])} {board.IDS[free]}")
    assert err.value.rule == "WQ-SETUP-8"
    legal = G.legal_moves(st, seat)
    assert all(board.IS_CASTLE[T[m["at"]]] for m in legal if m["type"] == "hide")
    st = drive(st, "place")
    placed = [tr[2] for tr in st["treasures"]]
    assert all(p >= 0 for p in placed) and len(set(placed)) == len(placed)  # one per territory
    assert sum(1 for p in placed if board.IS_CASTLE[p]) == 3
    for tr in st["treasures"]:
        assert st["owner"][tr[2]] != tr[0]


@pytest.mark.rule("WQ-SETUP-11")
def test_ten_starting_men_and_heroes_in_place_of_men():
    """WQ-HERO-SUB-1, WQ-ACC-7: 10 men, or 8 and a hero, or 6 and both, apart."""
    st = drive(fresh(3), "place")
    seat = ask(st)["seat"]
    assert ask(st)["total"] == 10
    mine = [board.IDS[t] for t in S.territories(st, seat)]
    a, b = mine[0], mine[1]
    with pytest.raises(IllegalMove) as err:
        move(st, seat, f"place {a}:5 champion@{b} wizard@{b}")
    assert err.value.rule == "WQ-STACK-2"
    with pytest.raises(IllegalMove) as err:
        move(st, seat, f"place {a}:7 champion@{b}")
    assert err.value.rule == "WQ-HERO-SUB-1"
    with pytest.raises(IllegalMove) as err:
        move(st, seat, "place D1C1:10" if "D1C1" not in mine else "place K8:10")
    assert err.value.rule in ("WQ-SETUP-11",)
    done, _ = move(st, seat, f"place {a}:6 champion@{a} wizard@{b}")
    assert done["champion"][seat] == T[a] and done["wizard"][seat] == T[b]


@pytest.mark.rule("WQ-HERO-SUB-2")
def test_a_hero_already_on_the_map_cannot_be_placed_again():
    st = drive(fresh(3), "place")
    seat = ask(st)["seat"]
    mine = [board.IDS[t] for t in S.territories(st, seat)]
    st, _ = move(st, seat, f"place {mine[0]}:8 champion@{mine[0]}")
    st = S.clone(st)
    st["frames"].append({"kind": "ask-place", "seat": seat, "total": 4, "single": -1, "max_heroes": 2, "why": "reinforcements"})
    with pytest.raises(IllegalMove) as err:
        move(st, seat, f"place {mine[1]}:2 champion@{mine[1]}")
    assert err.value.rule == "WQ-HERO-SUB-2"
    st, _ = move(st, seat, f"place {mine[1]}:2 wizard@{mine[1]}")
    assert st["wizard"][seat] == T[mine[1]]


@pytest.mark.rule("WQ-HERO-SUB-4")
def test_setup_single_men_never_become_heroes():
    """One man at a time (castles, counties) gives no hero choice: those moves name only a territory."""
    st = fresh(2)
    assert all(set(m) <= {"type", "at", "losses"} for m in G.legal_moves(st, ask(st)["seat"]))


@pytest.mark.rule("WQ-SETUP-12")
def test_after_setup_the_creatures_are_off_the_map_and_the_deck_has_35_cards():
    """Setup ends with the deck shuffled and round 1 under way."""
    st = fresh(3)
    assert st["dragon"] == st["peace"] == -1 and sorted(st["deck"]) == sorted(cards.ALL_CARDS)
    st = drive(st, "cards")
    assert st["round"] == 1 and st["dragon"] >= 0 and st["peace"] >= 0


@pytest.mark.rule("WQ-VAR-2P-1")
def test_two_players_five_men_for_hiding_on_own_territory():
    """WQ-VAR-2P, WQ-HERO-SUB-2: only one hero from that batch."""
    st = drive(fresh(2), "hide")
    seat = ask(st)["seat"]
    i = next(i for i, tr in enumerate(st["treasures"]) if tr[3] == seat)
    own_castle = next(k for k in board.CASTLE_IDS if st["owner"][k] == seat)
    men_before = st["men"][own_castle]
    st, texts = move(st, seat, f"hide {S.treasure_id(i)} {board.IDS[own_castle]}")
    pending = ask(st)
    assert pending["kind"] == "place" and pending["total"] == 5 and pending["max_heroes"] == 1
    st, _ = move(st, seat, f"place {board.IDS[own_castle]}:3 champion@{board.IDS[own_castle]}")
    assert st["men"][own_castle] == men_before + 3


@pytest.mark.rule("WQ-VAR-2P-2")
def test_two_players_place_ten_twenty_ten():
    """Without the two-player option the hiding bonus is gone too."""
    st = drive(fresh(2), "place", why="starting forces")
    plan = []
    rng = Rng("z")
    while ask(st)["kind"] == "place":
        pending = ask(st)
        plan.append((pending["seat"], pending["total"]))
        st, _ = G.apply(st, pending["seat"], G.random_move(st, pending["seat"], rng))
    first = st["first"]
    assert plan[:3] == [(first, 10), (1 - first, 20), (first, 10)]
    off = G.setup(2, {"two-player-rules": False}, "setup-seed", {"phase": "setup"})
    off = drive(off, "hide")
    seat = ask(off)["seat"]
    i = next(i for i, tr in enumerate(off["treasures"]) if tr[3] == seat)
    own_castle = next(k for k in board.CASTLE_IDS if off["owner"][k] == seat)
    off, _ = move(off, seat, f"hide {S.treasure_id(i)} {board.IDS[own_castle]}")
    assert ask(off)["kind"] == "hide"


@pytest.mark.rule("WQ-VAR-2P-3")
def test_two_player_rounds_keep_the_normal_steps():
    """Two breeding rolls a round, and the starting player is rolled for again every round."""
    from tests.core.wizards_quest.helpers import make, run_frames
    st = make({"D2C1": {"owner": 0, "men": 1}, "D5C5": {"owner": 1, "men": 1}}, start=1)
    out, texts, _ = run_frames(st, [{"kind": "round", "stage": "breed"}], dice=[3, 4])
    assert [t.split()[2] for t in texts if t.startswith("Orc breeding")] == ["{P1}", "{P0}"]
    rolls = [t for t in texts if t.startswith("Rolling for starting player")]
    assert rolls and all("{P0}" in t and "{P1}" in t for t in rolls[:1])
    assert ask(out)["seat"] == out["start"]


@pytest.mark.rule("WQ-VAR-BLANK-1")
def test_blank_variant_hides_four_treasures_on_the_placers_own_territories():
    """WQ-VAR-BLANK-2, WQ-AMB-25, WQ-VAR-BLANK."""
    st = drive(fresh(3, options={"blank-treasure": True}), "hide")
    assert len(st["treasures"]) == 12 and sum(1 for tr in st["treasures"] if tr[1] == 3) == 3
    seat = ask(st)["seat"]
    legal = [m for m in G.legal_moves(st, seat) if m["type"] == "hide"]
    assert legal and all(st["owner"][T[m["at"]]] == seat for m in legal)
    other = next(k for k in board.CASTLE_IDS if st["owner"][k] not in (seat, -1))
    i = next(i for i, tr in enumerate(st["treasures"]) if tr[3] == seat)
    with pytest.raises(IllegalMove) as err:
        move(st, seat, f"hide {S.treasure_id(i)} {board.IDS[other]}")
    assert err.value.rule in ("WQ-VAR-BLANK-2", "WQ-SETUP-8")
    st = drive(st, "place")
    assert all(tr[2] >= 0 and st["owner"][tr[2]] == tr[3] for tr in st["treasures"])


@pytest.mark.rule("WQ-VAR-BLANK-4")
def test_hidden_treasure_types_are_secret_in_the_variant():
    """WQ-AMB-26, WQ-TABLE-9: only the placer sees a hidden treasure's type; colour and place are public."""
    st = drive(fresh(3, options={"blank-treasure": True}), "place")
    for seat in (0, 1, 2, None):
        view = G.view(st, seat)
        for tv, tr in zip(view["treasures"], st["treasures"], strict=True):
            assert tv["owner"] == tr[0] and tv["at"] == board.IDS[tr[2]]
            assert (tv["kind"] is not None) == (seat == tr[3])
    basic = drive(fresh(3), "place")
    assert all(t["kind"] for t in G.view(basic, None)["treasures"])


@pytest.mark.rule("WQ-SETUP-1")
def test_each_player_has_a_colour_set():
    """WQ-COMP-3: one champion, one wizard, three treasures (plus a blank in the variant)."""
    st = fresh(6)
    assert len(st["champion"]) == len(st["wizard"]) == 6
    assert sorted(tr[1] for tr in st["treasures"] if tr[0] == 4) == [0, 1, 2]
    with pytest.raises(IllegalMove):
        G.setup(7, {}, "x")
