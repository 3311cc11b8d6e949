"""The map of Marnon (spec section 18) and the map rules of section 3."""
from collections import deque

import pytest

from core.wizards_quest import board, data as marnon
from core.wizards_quest.board import INDEX as T, IDS

OPPOSITE = {"N": "S", "S": "N", "NE": "SW", "SW": "NE", "SE": "NW", "NW": "SE", "TUNNEL": "TUNNEL"}


def neighbours(tid):
    return {IDS[j] for j in board.ADJ[T[tid]]}


@pytest.mark.rule("WQ-MAPDATA-9")
def test_forty_four_territories_numbered_as_the_seed_says():
    """WQ-COMP-1, WQ-MAP-1: 6 duchies x 6 counties numbered 1-6, castles 1-8."""
    assert len(marnon.TERRITORIES) == 44 and board.TERRITORIES == 44
    for d in range(1, 7):
        assert [board.NUMBER[t] for t in board.DUCHY_COUNTIES[d]] == [1, 2, 3, 4, 5, 6]
    assert [board.NUMBER[k] for k in board.CASTLE_IDS] == list(range(1, 9))
    assert all(board.DUCHY[k] == 0 for k in board.CASTLE_IDS)


@pytest.mark.rule("WQ-MAPDATA-2")
def test_seed_fixed_names_and_numbers():
    """WQ-MAP-1 example: Pembroke is county 4 of duchy 3 (Misty Forest); Dewbury 1/2, Red Dunes 1/6."""
    assert board.NAMES[T["D3C4"]] == "Pembroke" and board.DUCHY_NAMES[3] == "Misty Forest"
    assert board.NAMES[T["D1C2"]] == "Dewbury" and board.NAMES[T["D1C6"]] == "Red Dunes"
    seed_names = {"Pembroke", "Dewbury", "Red Dunes", "Cattle Meade", "Windfor", "Brecknock", "Sadbury",
                  "Radner Fen", "Dread Moor", "Heartlerlawan", "Sheep Meade", "Porston Moor", "Haven",
                  "Hidden Hollow", "Melting Sands", "Earthen Pass", "Marls Gate"}
    assert seed_names <= set(board.NAMES)


@pytest.mark.rule("WQ-MAPDATA-3")
def test_reconstructed_placeholders_and_ids():
    """WQ-MAPDATA-1, WQ-AMB-35, WQ-DOC-2: names not in the seed are placeholders; IDs depend on numbers only."""
    assert board.NAMES[T["D1C5"]] == "Golden Dunes 5"
    assert board.NAMES[T["K3"]] == "Castle 3"
    assert all(tid == (f"D{board.DUCHY[t]}C{board.NUMBER[t]}" if t < 36 else f"K{board.NUMBER[t]}")
               for t, tid in enumerate(IDS))


@pytest.mark.rule("WQ-MAP-3")
def test_terrain_forest_and_mountain_are_exactly_duchies_3_4_5():
    """WQ-MAPDATA-4: duchy names, numbers and terrain."""
    wooded = {t for t in range(36) if board.FOREST_BONUS[t]}
    assert len(wooded) == 18
    assert wooded == set(board.DUCHY_COUNTIES[3] + board.DUCHY_COUNTIES[4] + board.DUCHY_COUNTIES[5])
    assert not any(board.FOREST_BONUS[k] for k in board.CASTLE_IDS)
    assert [marnon.DUCHIES[d][0] for d in range(1, 7)] == ["Golden Dunes", "Whispery Meadow", "Misty Forest",
                                                          "Crystal Mountains", "Ancient Forest", "Field of Fallen"]


@pytest.mark.rule("WQ-MAPDATA-9")
def test_adjacency_is_symmetric_with_opposite_directions():
    """WQ-ADJ-1, WQ-MAPDATA-6: every listed border is listed back, facing the other way."""
    for tid, items in marnon.NEIGHBOURS.items():
        for direction, other, link in items:
            back = [x for x in marnon.NEIGHBOURS[other] if x[1] == tid]
            assert len(back) == 1, (tid, other)
            assert back[0][0] == OPPOSITE[direction] and back[0][2] == link


@pytest.mark.rule("WQ-MAPDATA-9")
def test_graph_connected_link_counts_and_degrees():
    seen, todo = {0}, deque([0])
    while todo:
        for b in board.ADJ[todo.popleft()]:
            if b not in seen:
                seen.add(b)
                todo.append(b)
    assert len(seen) == 44
    links = {frozenset(p) for p in board.LINK}
    kinds = [board.LINK[tuple(sorted(p))] for p in links]
    assert len(links) == 99 and kinds.count(board.BRIDGE) == 2 and kinds.count(board.TUNNEL) == 1
    degrees = [len(a) for a in board.ADJ]
    assert min(degrees) == 2 and max(degrees) == 6
    assert {IDS[t] for t in range(44) if degrees[t] == 2} == {"D1C1", "K4"}


@pytest.mark.rule("WQ-MAPDATA-9")
def test_each_duchy_is_one_block_and_dewbury_joins_by_bridge_a():
    for counties in board.DUCHY_COUNTIES.values():
        block, todo = {counties[0]}, [counties[0]]
        while todo:
            for b in board.ADJ[todo.pop()]:
                if b in counties and b not in block:
                    block.add(b)
                    todo.append(b)
        assert block == set(counties)
    duchy1 = set(board.DUCHY_COUNTIES[1])
    assert {b for b in board.ADJ[T["D1C2"]] if b in duchy1} == {T["D1C1"]}
    assert board.LINK[(T["D1C2"], T["D1C1"])] == board.BRIDGE


@pytest.mark.rule("WQ-ADJ-2")
def test_ammon_without_bridge_is_no_border():
    """WQ-MAP-4, WQ-MAPDATA-7: unbridged river sides are not adjacent; bridged ones are."""
    for a, b in marnon.AMMON_UNBRIDGED:
        assert b not in neighbours(a)
    for a, b in marnon.BRIDGES.values():
        assert b in neighbours(a) and board.LINK[(T[a], T[b])] == board.BRIDGE


@pytest.mark.rule("WQ-ADJ-3")
def test_great_tunnel_links_earthen_pass_and_marls_gate():
    """WQ-MAPDATA-9: Earthen Pass in the northernmost row, Marls Gate in the southernmost."""
    assert "D6C6" in neighbours("D4C4") and "D4C4" in neighbours("D6C6")
    assert board.LINK[(T["D4C4"], T["D6C6"])] == board.TUNNEL
    assert T["D6C6"] not in board.RING[T["D4C4"]]  # never in the clockwise ring (WQ-ORC-RAID-4)
    rows = [h[1] for h in board.HEX]
    assert board.HEX[T["D4C4"]][1] == min(rows) and board.HEX[T["D6C6"]][1] == max(rows)


@pytest.mark.rule("WQ-BOAT-8")
def test_boat_examples_of_the_seed():
    """WQ-ACC-6, WQ-ADJ-5, WQ-AMB-31: boat reach is exactly the shore lists and is not adjacency."""
    cattle = {IDS[t] for t in board.BOAT_REACH[T["D2C3"]]}
    assert cattle == {"D5C3", "D4C6", "K7", "D3C5", "D6C1", "D6C2", "K5"}
    assert cattle & neighbours("D2C3") == {"D6C2", "K5"}
    dew = {IDS[t] for t in board.BOAT_REACH[T["D1C2"]]}
    assert dew == {"D1C3", "D1C4", "D2C6", "D2C4", "D2C5", "D1C1"}
    assert dew & neighbours("D1C2") == {"D2C5", "D1C1"}
    assert board.LINK[(T["D1C2"], T["D1C1"])] == board.BRIDGE
    assert not board.SEA & board.AMMON and len(board.SEA) == 8 and len(board.AMMON) == 7


@pytest.mark.rule("WQ-MAPDATA-8")
def test_breeding_castles_agree_with_adjacency():
    """WQ-ACC-12: a roll of 3 breeds K3, K4 and K7 with Misty Forest."""
    derived = {d: tuple(IDS[k] for k in ks) for d, ks in board.BREED_CASTLES.items()}
    assert derived == marnon.BREEDING_CASTLES
    assert derived[3] == ("K3", "K4", "K7")


@pytest.mark.rule("WQ-MAPDATA-5")
def test_territory_table_rows():
    """Seed-named counties sit where the table puts them; shore flags match the water sets."""
    rows = {r[0]: r for r in marnon.TERRITORIES}
    assert rows["D2C3"][1] == "Cattle Meade" and rows["D2C3"][3] is True
    assert rows["D1C1"][1] == "Melting Sands" and rows["D1C1"][4] is True
    assert {t for t, r in rows.items() if r[3]} == set(marnon.SEA_SHORE)
    assert {t for t, r in rows.items() if r[4]} == set(marnon.AMMON_NORTH + marnon.AMMON_SOUTH)


@pytest.mark.rule("WQ-MAPDATA-10")
def test_rules_read_the_map_only_from_the_data_module():
    """Every derived table is rebuilt from marnon's data: clockwise rings follow NEIGHBOURS' order."""
    for tid, items in marnon.NEIGHBOURS.items():
        ring = [IDS[t] for t in board.RING[T[tid]]]
        assert ring == [o for d, o, k in items if k != "tunnel"]
    assert [IDS[t] for t in board.RING[T["K5"]]] == ["D5C3", "D2C3", "D2C1", "D5C5"]


@pytest.mark.rule("WQ-ADJ-4")
def test_one_adjacency_for_everything():
    """The same ADJ table drives campaigns, kingdoms, raids and breeding (bridges and tunnel included)."""
    assert T["D6C6"] in board.ADJ_SET[T["D4C4"]]
    assert T["D1C1"] in board.ADJ_SET[T["D1C2"]]
    assert all(k in board.BREED_CASTLES[d] for d in range(1, 7) for k in board.CASTLE_IDS
               if any(c in board.ADJ_SET[k] for c in board.DUCHY_COUNTIES[d]))


@pytest.mark.rule("WQ-MAP-2")
def test_pieces_stand_only_on_territories():
    """Water is not a territory: no id for the sea or the river, and boats land on territories."""
    assert all(t in range(44) for reach in board.BOAT_REACH for t in reach)
    assert "SEA" not in board.INDEX and len(board.IDS) == 44
