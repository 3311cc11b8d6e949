"""Components, reconstructed data and map layouts (sections 2, 18): the engine's tables must
match the spec, and the maps must satisfy the design constraints the spec lists."""
from collections import Counter, deque

import pytest

from core.protocol import IllegalMove
from core.medieval_mastery import data, rules
from core.medieval_mastery.board import BOARDS, Board
from tests.core.medieval_mastery.helpers import G, start

HEX = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


@pytest.mark.rule("MM-COMP-1")
@pytest.mark.rule("MM-DATA-DECK")
def test_decks_are_identical_and_18_cards():
    """MM-COMP-1 / MM-DATA-DECK: 6 x 18 identical decks + 18 artefacts = 126 cards."""
    st = start(6)
    per_seat = [Counter(rules.kind(c) for c in st["deck"][s] + st["hand"][s] + st["discard"][s]) for s in range(6)]
    assert all(p == per_seat[0] for p in per_seat)
    assert sum(per_seat[0].values()) == 18
    assert 6 * 18 + sum(len(g) for g in data.ARTEFACTS) == 126
    assert Counter(data.DECK) == {"AU": 1, "CA": 1, "TA": 1, "FR": 1, "C2": 2, "C3": 2, "C4": 2, "C5": 2, "AM": 2,
                                  "S1": 2, "S2": 2}


@pytest.mark.rule("MM-COMP-2")
@pytest.mark.rule("MM-COMP-3")
@pytest.mark.rule("MM-COMP-4")
@pytest.mark.rule("MM-DIFF-5")
def test_card_categories():
    """Four resource cards (one each), conflict 2..5 plus Ambush, support +1/+2 (MM-DIFF-5: no 6)."""
    resource = [k for k in data.DECK if data.CARD_KINDS[k][1] == "resource"]
    assert sorted(resource) == sorted(["AU", "CA", "TA", "FR"])
    conflict = [data.CARD_KINDS[k] for k in data.DECK if data.CARD_KINDS[k][1] == "conflict"]
    printed = sorted({c[2] for c in conflict if c[0] != "ambush"})
    assert printed == [2, 3, 4, 5]
    assert sum(1 for c in conflict if c[0] == "ambush") < len(conflict) / 2, "most conflict cards are printed"
    support = sorted({data.CARD_KINDS[k][2] for k in data.DECK if data.CARD_KINDS[k][1] == "support"})
    assert support == [1, 2]
    assert len(conflict) + sum(1 for k in data.DECK if data.CARD_KINDS[k][1] == "support") == 14


@pytest.mark.rule("MM-COMP-5")
@pytest.mark.rule("MM-SRC-2")
@pytest.mark.rule("MM-DIFF-20")
def test_eighteen_artefacts_three_types():
    """Six crowns, six sceptres, six orbs, with the English card names."""
    assert [len(g) for g in data.ARTEFACTS] == [6, 6, 6]
    assert len({n for g in data.ARTEFACTS for n in g}) == 18
    assert data.ART_TITLE["Insight"] == "Crown of Insight" and data.ART_TITLE["Rage"] == "Sceptre of Rage"
    assert data.ART_TITLE["Brutality"] == "Orb of Brutality"
    assert set(data.CARD_TITLES.values()) >= {"Authority", "Call to Arms", "Tactical Advance", "Fracture"}


@pytest.mark.rule("MM-COMP-6")
@pytest.mark.rule("MM-TERM-ADJACENT")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_hexagonal_adjacency_matches_the_tables(players):
    """Adjacent = sharing a hex edge: the listed adjacency equals the axial neighbours."""
    rows = data.LAYOUTS[players]
    pos = {r[0]: (r[1], r[2]) for r in rows}
    at = {v: k for k, v in pos.items()}
    for name, q, r, _vp, adj in rows:
        neighbours = {at[(q + dq, r + dr)] for dq, dr in HEX if (q + dq, r + dr) in at}
        assert neighbours == set(adj.split()), name


@pytest.mark.rule("MM-COMP-6")
@pytest.mark.rule("MM-COMP-8")
@pytest.mark.rule("MM-DATA-TILES")
@pytest.mark.rule("MM-DATA-CAPACITY")
@pytest.mark.rule("MM-TERM-TERRITORY")
@pytest.mark.rule("MM-TERM-CAPACITY")
def test_thirty_territories():
    """30 territories: 12 of 1 VP, 12 of 2, 6 of 3; capacity 6 except Cave 3 and Battlefield 4."""
    by_vp = Counter()
    for name, (vp, count, cap, _text) in data.TILES.items():
        by_vp[vp] += count
        assert cap == {"Cave": 3, "Battlefield": 4}.get(name, 6)
    assert by_vp == {1: 12, 2: 12, 3: 6}
    assert data.TILES["Homelands"][:2] == (1, 4)
    castles = sum(1 for r in data.LAYOUTS[6] if r[0][0] == "C")
    lakes = sum(1 for r in data.LAYOUTS[6] if r[0][0] == "L")
    assert 30 + castles + lakes == 39


@pytest.mark.rule("MM-COMP-10")
@pytest.mark.rule("MM-DIFF-18")
def test_parallel_games_fit_in_one_box():
    """Any set of games totalling at most 6 players uses at most the box's tiles."""
    box = Counter()
    for vp, count, _c, _t in data.TILES.values():
        box[vp] += count
    lakes = {n: len(BOARDS[n].lakes) for n in BOARDS}
    for combo in ([2, 2, 2], [3, 3], [2, 4], [6], [5], [2, 3]):
        need = Counter()
        for n in combo:
            for v in (1, 2, 3):
                need[v] += len(BOARDS[n].slots_by_vp[v])
        assert all(need[v] <= box[v] for v in (1, 2, 3)), combo
        assert sum(lakes[n] for n in combo) <= 3 and sum(combo) <= 6


@pytest.mark.rule("MM-COMP-7")
@pytest.mark.rule("MM-DATA-CASTLES")
@pytest.mark.rule("MM-TERM-CASTLE")
def test_castles_have_no_abilities_and_are_not_targets():
    """Castles: no VP, no ability, not a target in the base game, any number of knights."""
    st = start(2, board={"S09": [0, 1], "S01": [1, 1], "S02": [1, 1]}, castle=[40, 3], active=0)
    assert G.view(st, None)["seats"][0]["vp"] == 1
    assert all(m.get("to") not in ("C1", "C2") for m in G.legal_moves(st, 0))
    with pytest.raises(IllegalMove) as err:
        G.apply(st, 0, {"type": "advance", "to": "C2", "n": 1})
    assert err.value.rule in ("MM-ADV-6", "MM-ADV-2")
    assert len(BOARDS[6].castle_node) == 6


@pytest.mark.rule("MM-COMP-9")
@pytest.mark.rule("MM-TERM-RESERVE")
@pytest.mark.rule("MM-TERM-KNIGHT")
def test_ten_dice_per_player():
    """10 dice each; a castle of 7 knights uses 2 dice, each territory 1; the rest is the reserve."""
    st = start(2, board={"S09": [0, 6], "S10": [0, 1], "S01": [1, 1]}, castle=[7, 0], active=0)
    assert data.DICE_PER_PLAYER == 10
    assert rules.dice_used(st, 0) == 2 + 2
    assert G.view(st, 0)["seats"][0]["dice_free"] == 6
    st = start(2, board={"S01": [1, 1]}, castle=[0, 0], active=0)
    assert rules.dice_used(st, 0) == 0, "an empty castle uses no die"


EXPECTED = {  # (3-VP distances, 2-VP distances) from every castle, as listed under each map
    2: ([3, 3], [2, 2, 3, 3]),
    3: ([3, 3, 4], [2, 2, 3, 3, 3, 3]),
    4: ([3, 3, 3, 4], [2, 2, 3, 3, 4, 4, 4, 4]),
    5: ([3, 3, 3, 4, 4], [2, 2, 3, 3, 4, 4, 4, 4, 4, 5]),
    6: ([3, 3, 3, 4, 4, 4], [2, 2, 3, 3, 3, 4, 4, 4, 4, 4, 4, 5]),
}
SIZES = {2: (4, 4, 2, 1), 3: (6, 6, 3, 1), 4: (8, 8, 4, 2), 5: (10, 10, 5, 3), 6: (12, 12, 6, 3)}


def advances(board: Board, seat: int) -> dict[int, int]:
    """Advances needed from a castle to each slot, lakes connecting their neighbours."""
    def neighbours(node):
        for nb in board.adj[node]:
            if board.is_lake[nb]:
                yield from (x for x in board.adj[nb] if x < board.n_slots)
            elif nb < board.n_slots:
                yield nb
    dist = {}
    queue = deque()
    for nb in board.adj[board.castle_node[seat]]:
        if nb < board.n_slots:
            dist[nb] = 1
            queue.append(nb)
    while queue:
        cur = queue.popleft()
        for nb in neighbours(cur):
            if nb not in dist:
                dist[nb] = dist[cur] + 1
                queue.append(nb)
    return dist


@pytest.mark.rule("MM-MAP-2P")
@pytest.mark.rule("MM-MAP-3P")
@pytest.mark.rule("MM-MAP-4P")
@pytest.mark.rule("MM-MAP-5P")
@pytest.mark.rule("MM-MAP-6P")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_layouts(players):
    """Slot and lake counts, home slots, lake rules and the fairness distances of every map."""
    board = BOARDS[players]
    ones, twos, threes, lakes = SIZES[players]
    assert [len(board.slots_by_vp[v]) for v in (1, 2, 3)] == [ones, twos, threes]
    assert len(board.lakes) == lakes and len(board.castle_node) == players
    for seat, castle in enumerate(board.castle_node):
        assert sorted(board.slot_vp[s] for s in board.adj[castle]) == [1, 1], "exactly two home slots"
        assert board.names[castle] == f"C{seat + 1}"
        d = advances(board, seat)
        three = sorted(d[s] for s in board.slots_by_vp[3])
        two = sorted(d[s] for s in board.slots_by_vp[2])
        assert (three, two) == EXPECTED[players]
    for lake in board.lakes:
        assert all(nb < board.n_slots and board.slot_vp[nb] > 1 for nb in board.adj[lake]), \
            "lakes touch neither castles, lakes nor 1-VP slots"
    for s in board.slots_by_vp[1]:
        owners = [nb for nb in board.adj[s] if nb in board.castle_owner]
        assert len(owners) == 1, "every 1-VP slot is the home slot of exactly one castle"
        assert all(nb >= board.n_slots or board.slot_vp[nb] != 3 for nb in board.adj[s])


@pytest.mark.rule("MM-SRC-3")
@pytest.mark.rule("MM-SRC-1")
def test_reconstructed_data_is_swappable(monkeypatch):
    """[RECONSTRUCTED] values are data: a different tile table changes the game, not the code."""
    monkeypatch.setitem(data.TILES, "Cave", (2, 2, 2, "capacity 2"))
    st = start(2, tiles={"S08": "Cave"}, board={"S08": [0, 1], "S10": [0, 1], "S01": [1, 1]}, castle=[5, 3],
               active=0)
    assert rules.capacity(st, 7) == 2
    with pytest.raises(IllegalMove) as err:
        G.apply(st, 0, {"type": "redis", "moves": [["C", "S08", 2]]})
    assert err.value.rule == "MM-REDIS-3"


@pytest.mark.rule("MM-SRC-4")
def test_every_refusal_names_a_rule_id():
    """IDs take the form MM-<AREA>-<n|NAME>; every IllegalMove carries one."""
    import re
    st = start(2)
    seat = st["active"]
    for move in ({"type": "end", "x": 1}, {"type": "conflict", "card": "5"}, {"type": "advance", "to": "L1", "n": 1},
                 {"type": "fracture", "player": seat, "artefact": "orb"}, {"type": "redis", "moves": [["C", "S99", 1]]}):
        with pytest.raises(IllegalMove) as err:
            G.apply(st, seat, move)
        assert re.fullmatch(r"MM-[A-Z]+-[A-Z0-9]+(-[A-Z0-9]+)*", err.value.rule), err.value.rule
