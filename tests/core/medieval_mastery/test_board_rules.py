"""Redistribution, supply lines and advancing (REDIS, SUPPLY, ADV)."""
import pytest

from core.medieval_mastery import data, rules
from core.medieval_mastery.board import Board, reach
from core.protocol import IllegalMove
from tests.core.medieval_mastery.helpers import G, do, knights, node, start

FOREST = {f"S{i:02d}": "Forest" for i in range(1, 11)}
ARTS = [["Fury", "Loyalty", "Devotion"], ["Insight", "Rage", "Greed"]]


def pos(board, castle=(6, 6), tiles=None, **kw):
    return start(2, tiles=dict(FOREST, **(tiles or {})), board=board, castle=list(castle), arts=ARTS,
                 hands=[["2", "3", "4", "5", "+1"], ["2", "3", "4", "5", "+1"]], active=0, **kw)


def refused(state, seat, text):
    with pytest.raises(IllegalMove) as err:
        do(state, seat, text)
    return err.value


@pytest.mark.rule("MM-REDIS-2")
@pytest.mark.rule("MM-TERM-REDISTRIBUTE")
def test_redistribution_keeps_totals_without_adjacency():
    st = pos({"S10": [0, 5], "S08": [0, 1], "S06": [0, 1], "S01": [1, 1]})
    before = st["castle"][0] + sum(st["knights"])
    st, _ = do(st, 0, "redis S10>S06:3 C>S08:2")  # S10 and S06 are not adjacent
    assert [knights(st, s)[1] for s in ("S10", "S08", "S06")] == [2, 3, 4]
    assert st["castle"][0] + sum(st["knights"]) == before
    assert refused(pos({"S10": [0, 5], "S01": [1, 1]}), 0, "redis S10>S01:1").rule == "MM-REDIS-2"


@pytest.mark.rule("MM-REDIS-3")
@pytest.mark.rule("MM-EDGE-7")
@pytest.mark.rule("MM-LOSS-5")
def test_redistribution_limits():
    st = pos({"S10": [0, 5], "S08": [0, 1], "S01": [1, 1]}, tiles={"S08": "Cave"})
    assert refused(st, 0, "redis S10>C:5").rule == "MM-REDIS-3", "cannot abandon a territory"
    assert refused(st, 0, "redis C>S08:3").rule == "MM-REDIS-3", "Cave holds at most 3"
    assert refused(st, 0, "redis C>S10:2").rule == "MM-REDIS-3", "6 at most"
    assert refused(st, 0, "redis C>S10:9").rule in ("MM-REDIS-2", "MM-REDIS-3")
    st, _ = do(st, 0, "redis C>S08:2")
    assert knights(st, "S08") == (0, 3)
    empty = pos({"S10": [0, 5], "S01": [1, 1]}, castle=(0, 6))
    assert refused(empty, 0, "advance S08 1").rule == "MM-ADV-1"


@pytest.mark.rule("MM-REDIS-4")
@pytest.mark.rule("MM-SUPPLY-3")
@pytest.mark.rule("MM-WIN-3")
@pytest.mark.rule("MM-TERM-SUPPLY")
def test_unsupplied_territory():
    """No redistribution, no reach, still VP, still attackable (P1's S05, cut off from C2)."""
    st = pos({"S10": [0, 1], "S08": [0, 1], "S05": [1, 2], "S01": [1, 1]}, castle=(6, 6))
    assert node(2, "S05") not in rules.supplied(st, 1)
    st, _ = do(st, 0, "end")
    assert refused(st, 1, "redis C>S05:1").rule == "MM-REDIS-4"
    targets = {m["to"] for m in G.legal_moves(st, 1) if m.get("type") == "advance"}
    assert "S07" not in targets, "an unsupplied territory gives no reach"
    assert G.view(st, None)["seats"][1]["vp"] == 2
    st, _ = do(st, 1, "end")
    st, _ = do(st, 0, "advance S05 3")
    assert st["battle"] is not None and st["battle"]["defender"] == 1


@pytest.mark.rule("MM-REDIS-5")
def test_one_die_per_territory_several_in_castle():
    st = pos({"S10": [0, 6], "S08": [0, 1], "S01": [1, 1]}, castle=(13, 6))
    assert rules.dice_used(st, 0) == 2 + 3


@pytest.mark.rule("MM-SUPPLY-1")
@pytest.mark.rule("MM-SUPPLY-2")
@pytest.mark.rule("MM-DIFF-15")
@pytest.mark.rule("MM-TERM-LAKE")
def test_supply_through_own_territories_and_lakes():
    st = pos({"S10": [0, 1], "S08": [0, 1], "S03": [0, 1], "S02": [0, 1], "S01": [1, 1]})
    supplied = {G.view(st, 0)["territories"][s]["slot"] for s in rules.supplied(st, 0)}
    assert supplied == {"S10", "S08", "S03", "S02"}, "S08 -> lake L1 -> S03 -> S02"
    assert refused(st, 0, "advance L1 1").rule == "MM-ADV-6"
    cut = pos({"S10": [0, 1], "S02": [0, 1], "S01": [1, 1]})
    assert node(2, "S02") not in rules.supplied(cut, 0)


@pytest.mark.rule("MM-SUPPLY-4")
@pytest.mark.rule("MM-TERM-CONTESTED")
def test_contested_territory_still_carries_the_defenders_supply():
    st = pos({"S09": [0, 1], "S07": [0, 1], "S01": [1, 1], "S03": [1, 2], "S08": [1, 1]}, castle=(6, 6))
    st, _ = do(st, 0, "end")
    st, _ = do(st, 1, "advance S09 3")
    assert st["battle"]["node"] == node(2, "S09")
    assert st["owner"][node(2, "S09")] == 0, "the defender still controls it during the battle"
    assert node(2, "S07") in rules.supplied(st, 0), "so S07 behind it keeps its supply line"


@pytest.mark.rule("MM-SUPPLY-5")
@pytest.mark.rule("MM-OPT-ALLIANCE-6")
def test_teammates_do_not_carry_supply():
    """4 players, teams {0,2} {1,3}: P0's territory beyond P2's is unsupplied."""
    st = start(4, {"teams": "2"}, board={"S02": [0, 1], "S05": [2, 1], "S04": [0, 1], "S01": [3, 1]},
               castle=[6, 6, 6, 6], active=0)
    # C1 is next to S02; S05 (P2) connects S02 and S04 for P2, not for P0.
    sup = rules.supplied(st, 0)
    assert node(4, "S02") in sup and node(4, "S04") not in sup


@pytest.mark.rule("MM-SUPPLY-6")
def test_castle_next_to_a_lake(monkeypatch):
    """No reconstructed map has one, but the engine traces castle -> lake -> territory."""
    for players in data.LAYOUTS:
        board = Board(players)
        assert not any(board.is_lake[nb] for c in board.castle_node for nb in board.adj[c])
    mini = (("C1", 0, 0, 0, "L1 S01"), ("C2", 4, 0, 0, "S02"), ("L1", 1, 0, 0, "C1 S02"),
            ("S01", 0, 1, 1, "C1"), ("S02", 2, 0, 2, "L1 C2"))
    monkeypatch.setitem(data.LAYOUTS, 2, mini)
    board = Board(2)
    own = [-1, -1]
    assert reach(board, own, 0)[1] == {board.index["S01"], board.index["S02"]}
    own = [-1, 0]
    assert reach(board, own, 0)[0] == [board.index["S02"]], "supplied through the lake"


@pytest.mark.rule("MM-ADV-1")
@pytest.mark.rule("MM-TERM-ADVANCE")
def test_advance_only_from_the_castle():
    st = pos({"S10": [0, 6], "S01": [1, 1]}, castle=(2, 6))
    assert refused(st, 0, "advance S08 3").rule == "MM-ADV-1"
    st, _ = do(st, 0, "advance S08 2")
    assert st["castle"][0] == 0 and knights(st, "S10") == (0, 6)


@pytest.mark.rule("MM-ADV-2")
def test_reach_from_castle_supplied_territory_and_lake():
    st = pos({"S10": [0, 1], "S08": [0, 1], "S01": [1, 1]})
    targets = {m["to"] for m in G.legal_moves(st, 0) if m.get("type") == "advance"}
    assert targets == {"S09", "S07", "S06", "S03", "S04", "S05"}
    assert refused(st, 0, "advance S02 1").rule == "MM-ADV-2"


@pytest.mark.rule("MM-ADV-3")
@pytest.mark.rule("MM-EDGE-9")
@pytest.mark.rule("MM-ICON-CAP")
def test_advance_capacity_per_player():
    st = pos({"S10": [0, 1], "S08": [1, 6], "S01": [1, 1]}, castle=(9, 6), tiles={"S09": "Cave"})
    assert refused(st, 0, "advance S08 7").rule == "MM-ADV-3"
    assert refused(st, 0, "advance S09 4").rule == "MM-ADV-3"
    st, _ = do(st, 0, "advance S08 6")
    assert st["battle"]["attack_knights"] == 6 and st["knights"][node(2, "S08")] == 6, "12 knights in a capacity-6 tile"


@pytest.mark.rule("MM-ADV-5")
@pytest.mark.rule("MM-TERM-BATTLE")
@pytest.mark.rule("MM-TERM-ATTACKER")
def test_advance_into_enemy_territory_is_a_battle():
    st = pos({"S10": [0, 1], "S08": [1, 2], "S01": [1, 1]})
    st, _ = do(st, 0, "advance S08 4")
    b = st["battle"]
    assert (b["attacker"], b["defender"], b["attack_knights"]) == (0, 1, 4)
    assert st["knights"][node(2, "S08")] == 2


@pytest.mark.rule("MM-ADV-6")
@pytest.mark.rule("MM-TERM-CASTLE")
def test_illegal_targets():
    st = pos({"S10": [0, 1], "S01": [1, 1]})
    assert refused(st, 0, "advance S10 1").rule == "MM-ADV-6"
    assert refused(st, 0, "advance L1 1").rule == "MM-ADV-6"
    assert refused(st, 0, "advance C1 1").rule == "MM-ADV-6"
    assert refused(st, 0, "advance S42 1").rule == "MM-ADV-2"


@pytest.mark.rule("MM-EDGE-6")
def test_advance_needing_an_eleventh_die_is_illegal():
    board = {f"S{i:02d}": [0, 1] for i in (4, 5, 6, 7, 8, 10)}
    board["S01"] = [1, 1]
    st = pos(board, castle=(24, 6))  # 6 territories + 4 castle dice = 10
    assert rules.dice_used(st, 0) == 10
    with pytest.raises(IllegalMove) as err:
        G.apply(st, 0, {"type": "advance", "to": "S09", "n": 1})
    assert err.value.rule == "MM-EDGE-6"
    assert {"type": "advance", "to": "S09", "n": 1} not in G.legal_moves(st, 0)
    st, _ = do(st, 0, "advance S09 6")
    assert rules.dice_used(st, 0) == 10


@pytest.mark.rule("MM-TERM-CONTROL")
@pytest.mark.rule("MM-EDGE-8")
def test_control_and_uncontrolled_territories():
    st = pos({"S10": [0, 1], "S01": [1, 1]})
    view = G.view(st, None)
    s08 = next(t for t in view["territories"] if t["slot"] == "S08")
    assert s08["owner"] == -1 and s08["knights"] == 0
    st, _ = do(st, 0, "advance S08 1")
    assert knights(st, "S08") == (0, 1)


def _spec_reach(board, own, seat):
    """MM-SUPPLY-1/2 and MM-ADV-2 written out plainly: a territory is supplied when a path of
    lakes and own territories joins it to the castle; targets touch the castle, a supplied
    territory, or a lake that touches either."""
    castle = board.castle_node[seat]
    lakes = set(board.lakes)
    mine = {s for s in range(board.n_slots) if own[s] == seat}
    supplied, frontier = set(), [castle]
    seen = {castle}
    while frontier:
        node = frontier.pop()
        for nb in board.adj[node]:
            if nb not in seen and (nb in lakes or nb in mine):
                seen.add(nb)
                frontier.append(nb)
                if nb in mine:
                    supplied.add(nb)
    bases = {castle} | supplied
    bases |= {lake for lake in lakes if any(nb in bases for nb in board.adj[lake])}
    targets = {nb for base in bases for nb in board.adj[base]
               if nb not in lakes and nb not in mine and nb != castle}
    return supplied, targets


@pytest.mark.rule("MM-SUPPLY-1")
@pytest.mark.rule("MM-SUPPLY-2")
@pytest.mark.rule("MM-ADV-2")
def test_supply_and_reach_match_the_definition_on_every_layout():
    """Random control patterns on the 2- to 6-player maps: supplied territories and advance
    targets (castles included, as Castle Siege sees them) agree with the rule text."""
    from core.medieval_mastery.board import BOARDS, reach
    from core.rng import Rng
    rng = Rng("reach-layouts")
    for players, board in BOARDS.items():
        for _ in range(300):
            own = [rng.below(players + 2) - 2 for _ in range(board.n_slots)]  # -1/-2: uncontrolled
            own = [o if o >= 0 else -1 for o in own]
            for seat in range(players):
                supplied, targets = reach(board, own, seat)
                want_supplied, want_targets = _spec_reach(board, own, seat)
                assert set(supplied) == want_supplied, (players, seat, own)
                assert set(targets) == want_targets, (players, seat, own)


@pytest.mark.rule("MM-REDIS-2")
@pytest.mark.rule("MM-REDIS-3")
def test_redistribution_refusals_give_the_numbers():
    """A refused redistribution says how many knights are there and how many it would take."""
    st = pos({"S10": [0, 5], "S08": [0, 1], "S01": [1, 1]}, castle=(2, 6))
    err = refused(st, 0, "redis C>S08:3")
    assert err.rule == "MM-REDIS-2" and "Your castle holds 2 knights" in err.message and "takes 3" in err.message
    err = refused(st, 0, "redis S10>C:5")
    assert err.rule == "MM-REDIS-3" and "has 5 knights and would keep 0" in err.message


@pytest.mark.rule("MM-TURN-2")
def test_an_answer_with_nothing_to_answer_says_so():
    """'conflict' or 'pass' at step 2 of one's own turn: the refusal cites the step the turn is at and
    says there is no battle / nothing to answer."""
    st = pos({"S10": [0, 5], "S01": [1, 1]})
    err = refused(st, 0, "conflict 5")
    assert err.rule == "MM-TURN-2"
    assert "there is no battle now" in err.message and "'end'" in err.message
    err = refused(st, 0, "pass")
    assert "nothing is waiting for an answer" in err.message


@pytest.mark.rule("MM-TERM-HAND")
def test_has_answers_as_find_for_every_kind_and_hand():
    """rules.has tells a kind in a pile with one set test: the same answer as find, for every
    kind (and a code no card has) over hands of every seat's cards."""
    import random

    pick = random.Random(7)
    cards = list(range(6 * data.DECK_SIZE))
    for _ in range(400):
        hand = pick.sample(cards, pick.randrange(0, 9))
        for code in [*set(data.DECK), "XX"]:
            assert rules.has(hand, code) is (rules.find(hand, code) is not None), (hand, code)
