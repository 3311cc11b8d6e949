"""Step 5: reinforcements, campaigns, hero moves, boats, treasures; the round's order."""
import pytest

from core.protocol import IllegalMove
from core.wizards_quest import cards
from core.wizards_quest import state as S
from core.wizards_quest.board import IDS
from tests.core.wizards_quest.helpers import T, ask, at, check_invariants, make, move, run_frames
from tests.core.wizards_quest.test_battle import _to_campaigns


def treasures(kind_at):
    """Seat 0's three treasures: the named kind on D2C4, the others far away; seat 1's on castles."""
    spots = iter(["K7", "K8", "D6C6"])
    out = []
    for kind in ("crown", "chest", "ring"):
        out.append({"owner": 0, "kind": kind, "at": "D2C4" if kind == kind_at else next(spots)})
    out += [{"owner": 1, "kind": k, "at": f"K{i}"} for i, k in ((1, "crown"), (2, "chest"), (3, "ring"))]
    return out


def campaign_for_treasure(kind, deck=(), hand=(), collected=()):
    """Seat 0 takes the empty D2C4 holding his `kind` treasure; returns (state, texts)."""
    tre = treasures(kind)
    for k in collected:
        next(t for t in tre if t["owner"] == 0 and t["kind"] == k)["at"] = "taken"
    rest = [c for c in cards.ALL_CARDS if c not in deck and c not in hand]
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 5}}, treasures=tre, deck=list(deck) + rest,
                            hands=[list(hand), []]))
    st, texts1 = move(st, 0, "attack D2C1 D2C4")
    st, texts2 = move(st, 0, "take 3")
    return st, texts1 + texts2


@pytest.mark.rule("WQ-SUPPLY-1")
def test_kingdoms_are_castle_groups():
    """WQ-ACC-10, WQ-SUPPLY-2, WQ-SUPPLY-3: bridges and the tunnel link; boats do not."""
    def men_for(tids):
        st = make({t: {"owner": 0, "men": 1} for t in tids} | {"D6C3": {"owner": 1, "men": 1}}, reserves=False)
        return S.kingdom_size(st, 0), S.reinforcements(st, 0, 0)
    assert men_for(["K5", "D2C3", "D2C1", "D6C2", "D3C3"]) == (4, 4)
    assert men_for(["K5", "D2C3", "D2C1", "D6C2", "D3C3", "D2C6"]) == (5, 5)
    assert men_for(["K8", "D1C3", "D2C5", "D1C1", "D1C2"]) == (5, 5)
    assert men_for(["K6", "D6C5", "D6C6", "D4C4", "D4C6"]) == (5, 5)
    assert men_for(["D2C1", "D2C3", "D2C4"]) == (0, 4)  # no castle: 4 men
    assert men_for(["K1", "D5C6", "D5C5", "K5", "D2C1"]) == (5, 5)  # two castles, one group: counted once


@pytest.mark.rule("WQ-ACC-5")
def test_reinforcement_figures():
    six = {t: {"owner": 0, "men": 1} for t in ("K5", "D2C1", "D2C3", "D5C5", "D5C3", "D2C4")}
    st = make(six | {"D6C3": {"owner": 1, "men": 1}}, reserves=False)
    assert [S.reinforcements(st, 0, cut) for cut in (0, 2, 99)] == [6, 4, 0]
    three = {t: {"owner": 0, "men": 1} for t in ("K5", "D2C1", "D2C3")}
    st = make(three | {"D6C3": {"owner": 1, "men": 1}}, reserves=False)
    assert [S.reinforcements(st, 0, cut) for cut in (0, 2, 99)] == [4, 2, 0]


@pytest.mark.rule("WQ-SUPPLY-4")
def test_reinforcements_go_where_the_player_has_pieces():
    st, _ = move(make({"D2C1": {"owner": 0, "men": 3}}), 0, "done")
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "place D2C2:4")
    assert err.value.rule == "WQ-SUPPLY-4"
    assert "on D2C2 here" in err.value.message and "territories you hold: D2C1, K4" in err.value.message
    st, _ = move(st, 0, "place D2C1:2 champion@K4")
    assert at(st, "K4") == (0, 1, "champion") and ask(st)["kind"] == "camp"


@pytest.mark.rule("WQ-CAMP-1")
def test_one_normal_campaign_and_every_campaign_optional():
    """WQ-AMB-29: specials stay possible after the normal campaign; the turn may end at any time."""
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 6, "heroes": ["champion"]},
                             "D5C6": {"owner": 1, "men": 1}, "D2C4": {"owner": 1, "men": 1},
                             "D2C2": {"orcs": 1}}, dragon="D5C6"))
    st["dice"] = [1, 6]
    st, _ = move(st, 0, "attack D2C1 D2C2")
    st, _ = move(st, 0, "take 2")
    assert ask(st)["kind"] == "camp"  # the dragon next door can still be fought
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "attack D2C1 D2C4")
    assert err.value.rule == "WQ-CAMP-1"
    st, texts = move(st, 0, "end")
    assert "{P0} ends their turn." in texts and ask(st)["seat"] == 1
    # with nothing left to do the turn ends by itself
    plain = _to_campaigns(make({"D2C1": {"owner": 0, "men": 6}, "D2C2": {"orcs": 1}}))
    plain["dice"] = [1, 6]
    plain, _ = move(plain, 0, "attack D2C1 D2C2")
    plain, texts = move(plain, 0, "take 2")
    assert ask(plain)["seat"] == 1


@pytest.mark.rule("WQ-CAMP-2")
def test_the_target_must_be_adjacent():
    """WQ-ADJ-5: boat reach is not adjacency."""
    st = _to_campaigns(make({"D2C3": {"owner": 0, "men": 6}, "D4C6": {"owner": 1, "men": 1}}))
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "attack D2C3 D4C6")
    assert err.value.rule == "WQ-CAMP-2"


@pytest.mark.rule("WQ-CAMP-3")
def test_the_player_may_break_off_before_any_battle():
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 6}, "D2C4": {"owner": 1, "men": 4}}))
    st["dice"] = [6, 6]
    st, _ = move(st, 0, "attack D2C1 D2C4")
    assert ask(st)["kind"] == "go"
    st, texts = move(st, 0, "break")
    assert "{P0} breaks off the campaign." in texts
    assert at(st, "D2C4") == (1, 4, None) and st["turn"]["seat"] == 1  # campaign spent, turn over


@pytest.mark.rule("WQ-CAMP-4")
def test_men_move_in_from_adjacent_territories_before_and_between_battles():
    """WQ-CAMP-8: every donor keeps a piece; heroes never move in this way."""
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 2}, "D2C2": {"owner": 0, "men": 3},
                             "D1C2": {"owner": 0, "men": 3}, "D2C4": {"owner": 1, "men": 4}}))
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "attack D2C1 D2C4 D2C2:3")
    assert err.value.rule == "WQ-CAMP-8"
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "attack D2C1 D2C4 D1C2:1")
    assert err.value.rule == "WQ-CAMP-4"
    st["dice"] = [6, 6]
    st, _ = move(st, 0, "attack D2C1 D2C4 D2C2:2")
    assert at(st, "D2C1") == (0, 3, None)
    st["dice"] = [6, 6]
    st, _ = move(st, 0, "go")
    assert at(st, "D2C1") == (0, 2, None)


@pytest.mark.rule("WQ-HERO-MOVE-1")
def test_hero_moves_or_swaps_into_the_source_before_the_campaign():
    """WQ-AMB-16: from anywhere; the other hero goes where this one stood."""
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 2, "heroes": ["wizard"]},
                             "D6C5": {"owner": 0, "men": 0, "heroes": ["champion"]},
                             "D2C4": {"owner": 1, "men": 1, "heroes": ["champion"]}}))
    st["standing"] = ["men-first", "men-first"]
    st["dice"] = [6, 6]
    st, texts = move(st, 0, "attack D2C1 D2C4 champion")
    assert st["champion"][0] == T["D2C1"] and st["wizard"][0] == T["D6C5"]
    assert "{P0} moves their champion to D2C1; their wizard goes to D6C5." in texts  # the swap is public
    lone = _to_campaigns(make({"D2C1": {"owner": 0, "men": 2}, "D6C5": {"owner": 0, "men": 0,
                                                                        "heroes": ["champion"]},
                               "D2C4": {"owner": 1, "men": 1}}))
    with pytest.raises(IllegalMove) as err:
        move(lone, 0, "attack D2C1 D2C4 champion")
    assert err.value.rule == "WQ-CAMP-8"


@pytest.mark.rule("WQ-CAMP-5")
def test_taking_the_target_leaves_one_behind_and_one_piece_cannot_take():
    """WQ-CAMP-7: no break once taking is due; WQ-CAMP-6: no battle against an empty territory."""
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 4}}))
    st, texts = move(st, 0, "attack D2C1 D2C4")
    assert not any(t.startswith("Battle") for t in texts)
    assert ask(st)["kind"] == "take"
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "break")
    assert err.value.code == "wrong-move"
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "take 4")
    assert err.value.rule == "WQ-CAMP-8"
    st, _ = move(st, 0, "take 3")
    assert at(st, "D2C4") == (0, 3, None) and at(st, "D2C1") == (0, 1, None)
    one = _to_campaigns(make({"D2C1": {"owner": 0, "men": 1}}))
    one, texts = move(one, 0, "attack D2C1 D2C4")
    assert at(one, "D2C4")[0] == -1 and any("cannot take" in t for t in texts)


@pytest.mark.rule("WQ-CAMP-6")
def test_a_campaign_against_an_empty_territory_goes_straight_to_taking():
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 2}}))
    st, texts = move(st, 0, "attack D2C1 D2C4")
    assert at(st, "D2C4") == (0, 1, None)  # the only way to take it: done at once


@pytest.mark.rule("WQ-CAMP-9")
def test_no_campaign_against_ones_own_territory():
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 2}, "D2C4": {"owner": 0, "men": 1}}))
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "attack D2C1 D2C4")
    assert err.value.rule == "WQ-CAMP-9"


@pytest.mark.rule("WQ-CAMP-7")
def test_take_choice_has_no_break_option():
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 4}}))
    st, _ = move(st, 0, "attack D2C1 D2C4")
    from core.wizards_quest import GAME
    assert all(m["type"] in ("take", "standing") for m in GAME.legal_moves(st, 0))


@pytest.mark.rule("WQ-CAMP-8")
def test_no_move_may_empty_a_territory():
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 1, "heroes": ["champion"]}}))
    st, _ = move(st, 0, "attack D2C1 D2C4")
    with pytest.raises(IllegalMove):
        move(st, 0, "take 1 champion")
    st, _ = move(st, 0, "take 0 champion")
    assert at(st, "D2C4") == (0, 0, "champion") and at(st, "D2C1") == (0, 1, None)


def boat_game(board_spec, camps=1):
    st = _to_campaigns(make(board_spec, hands=[[], []], boats=[["C01"], []]), camps=camps)
    st["deck"] = [c for c in st["deck"] if c != "C01"]
    return st


@pytest.mark.rule("WQ-BOAT-2")
def test_boat_attack_across_the_sea():
    """WQ-BOAT-3: one target, then the card is discarded; WQ-BOAT-7: any campaign."""
    st = boat_game({"D2C3": {"owner": 0, "men": 5}, "D4C6": {"owner": 1, "men": 1}})
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "attack D2C3 D1C2 boat")
    assert err.value.rule == "WQ-BOAT-2"
    st["dice"] = [1, 6]
    st, texts = move(st, 0, "attack D2C3 D4C6 boat")
    assert st["boats"][0] == [] and "C01" in st["discard"]
    st, _ = move(st, 0, "take 4")
    assert at(st, "D4C6") == (0, 4, None)


@pytest.mark.rule("WQ-BOAT-4")
def test_boat_attack_over_the_ammon_gets_no_bridge_bonus():
    """Changed in rules version 2 (issue 9): the bridge bonus is off by default (the battle chapter has
    none), so the over-the-bridge half of this test asks for `bridge-bonus 1`."""
    st = boat_game({"D1C2": {"owner": 0, "men": 5}, "D1C1": {"owner": 1, "men": 2}})
    st["dice"] = [6, 6]
    st, texts = move(st, 0, "attack D1C2 D1C1 boat")
    assert any("(strength 2)" in t for t in texts if t.startswith("Battle"))
    st = _to_campaigns(make({"D1C2": {"owner": 0, "men": 5}, "D1C1": {"owner": 1, "men": 2}},
                            options={"bridge-bonus": 1}))
    st["dice"] = [6, 6]
    st, texts = move(st, 0, "attack D1C2 D1C1")
    assert any("(strength 3)" in t for t in texts if t.startswith("Battle"))


@pytest.mark.rule("WQ-BOAT-5")
def test_boat_campaign_men_come_from_the_same_water():
    """WQ-AMB-14."""
    st = boat_game({"D2C3": {"owner": 0, "men": 2}, "K7": {"owner": 0, "men": 3}, "D2C6": {"owner": 0, "men": 3},
                    "D4C6": {"owner": 1, "men": 3}})
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "attack D2C3 D4C6 boat D2C6:2")
    assert err.value.rule == "WQ-BOAT-5"
    st["dice"] = [6, 6]
    st, _ = move(st, 0, "attack D2C3 D4C6 boat K7:2")
    assert at(st, "D2C3") == (0, 3, None)


@pytest.mark.rule("WQ-BOAT-6")
def test_boat_move_between_own_shore_territories():
    """WQ-BOAT-1 (usable once), WQ-CARD-BOAT."""
    st = boat_game({"D2C3": {"owner": 0, "men": 4}, "K7": {"owner": 0, "men": 1}})
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "sail D2C3 K7 4")
    assert err.value.rule == "WQ-CAMP-8"
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "sail D2C3 K7 5")
    assert err.value.rule == "WQ-BOAT-6"
    assert "D2C3 holds 4 men and no hero; you asked to sail 5 men" in err.value.message
    st, texts = move(st, 0, "sail D2C3 K7 3")
    assert at(st, "K7") == (0, 4, None) and st["boats"][0] == []
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "sail K7 D2C3 1")
    assert err.value.rule == "WQ-BOAT-2"


@pytest.mark.rule("WQ-BOAT-7")
def test_a_boat_can_carry_a_special_campaign():
    """WQ-AMB-15."""
    st = boat_game({"D2C3": {"owner": 0, "men": 4, "heroes": ["wizard"]}, "D4C6": {"owner": 1, "men": 1}})
    st = dict(st, dragon=T["D4C6"])
    st["standing"] = ["men-first", "men-first"]
    st["dice"] = [6, 1]
    st, texts = move(st, 0, "attack D2C3 D4C6 dragon boat")
    assert any("special campaign" in t and "by boat" in t for t in texts)


@pytest.mark.rule("WQ-TREASURE-1")
def test_taking_a_territory_with_ones_own_treasure_collects_it():
    """WQ-TREASURE-2, WQ-ACC-7: the chest's 4 men go on that territory, at most 2 men and one hero."""
    st, texts = campaign_for_treasure("chest")
    assert st["treasures"][1][2] == S.TAKEN and any("collects their chest" in t for t in texts)
    pending = ask(st)
    assert pending["kind"] == "place" and pending["single"] == T["D2C4"] and pending["max_heroes"] == 1
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "place champion@D2C4 wizard@D2C4")
    assert err.value.rule == "WQ-HERO-SUB-2"
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "place D2C4:2 D2C1:2")  # all four go where the chest lay
    assert "these pieces go on D2C4" in err.value.message
    st, _ = move(st, 0, "place D2C4:2 wizard@D2C4")
    assert at(st, "D2C4") == (0, 5, "wizard")


@pytest.mark.rule("WQ-TREASURE-3")
def test_the_crown_gives_three_men_anywhere_the_player_has_pieces():
    st, texts = campaign_for_treasure("crown")
    pending = ask(st)
    assert pending["kind"] == "place" and pending["total"] == 3 and pending["single"] == -1


@pytest.mark.rule("WQ-TREASURE-4")
def test_the_ring_draws_a_card_that_may_be_played_at_once():
    """WQ-AMB-13: men from it are placed at once.

    Changed in rules version 2 (issue 9): the card held before (C19) may no longer be played in the
    ring's window — the original lets only the card drawn for the ring be played then (WQ-CARDS-4);
    once that card is played the window closes with C19 still in hand."""
    st, texts = campaign_for_treasure("ring", deck=["C06"], hand=["C19"])
    pending = ask(st)
    assert pending["kind"] == "cards" and pending["mode"] == "ring"
    st, _ = move(st, 0, "play C06")
    assert ask(st)["kind"] == "place" and ask(st)["total"] == 3
    st, _ = move(st, 0, "place D2C4:3")
    assert st["hands"][0] == ["C19"] and st["turn"]["seat"] == 1  # window closed, C19 kept, the turn passed
    full, _ = campaign_for_treasure("ring", deck=["C06"], hand=["C19", "C20"])
    with pytest.raises(IllegalMove):
        move(full, 0, "done")
    with pytest.raises(IllegalMove) as err:
        move(full, 0, "play C19")
    assert err.value.rule == "WQ-TREASURE-4"
    full, _ = move(full, 0, "discard C06")
    assert sorted(full["hands"][0]) == ["C19", "C20"]


@pytest.mark.rule("WQ-TREASURE-6")
def test_the_third_treasure_wins_at_once():
    """WQ-END-3, WQ-GOAL-1."""
    from core.wizards_quest import GAME
    st, texts = campaign_for_treasure("chest", collected=("crown", "ring"))
    assert GAME.result(st).winners == (0,) and GAME.prompts(st) == []
    assert any("wins" in t for t in texts)


@pytest.mark.rule("WQ-VAR-BLANK-3")
def test_collecting_the_blank_treasure_gives_nothing():
    """Taken off the map, no reward, and it does not count towards the three."""
    tre = treasures("none") + [{"owner": 0, "kind": "blank", "at": "D2C4"}, {"owner": 1, "kind": "blank", "at": "K4"}]
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 5}}, treasures=tre, options={"blank-treasure": True}))
    st, texts = move(st, 0, "attack D2C1 D2C4")
    st, texts = move(st, 0, "take 3")
    assert any("collects their blank" in t for t in texts) and ask(st)["kind"] != "place"
    assert st["treasures"][6][2] == S.TAKEN and S.collected(st, 0) == 0
    check_invariants(st)


@pytest.mark.rule("WQ-START-1")
def test_starting_player_by_two_dice_with_ties_rolled_again():
    """WQ-TABLE-4: only the tied players roll again."""
    st = make({"D2C1": {"owner": 0, "men": 1}}, players=3)
    out, texts, _ = run_frames(st, [{"kind": "round", "stage": "start"}], dice=[6, 6, 6, 6, 2, 2, 1, 1, 3, 3])
    assert out["start"] == 1 and ask(out)["seat"] == 1
    assert [t for t in texts if t.startswith("Rolling")][1].count("{P") == 2


@pytest.mark.rule("WQ-START-2")
def test_players_take_whole_turns_in_order_from_the_starting_player():
    """WQ-ROUND-3: eliminated players are skipped; WQ-ROUND-1: five steps in order."""
    st = make({"D2C1": {"owner": 0, "men": 1}}, players=4, start=2, out=[False, True, False, False])
    seats = []
    for _ in range(3):
        seats.append(ask(st)["seat"])
        seat = ask(st)["seat"]
        st, _ = move(st, seat, "done")
        st, _ = move(st, seat, f"place {IDS[S.territories(st, seat)[0]]}:4")
        st, _ = move(st, seat, "end")
    assert seats == [2, 3, 0]
    assert st["round"] == 2


@pytest.mark.rule("WQ-ROUND-1")
def test_round_steps_in_order():
    """Orcs, dragon, Peacemaker, starting player, then turns."""
    st = make({"D2C1": {"owner": 0, "men": 3}, "D2C4": {"owner": 1, "men": 3}})
    out, texts, _ = run_frames(st, [{"kind": "round", "stage": "breed"}])
    marks = [next(i for i, t in enumerate(texts) if t.startswith(p)) for p in
             ("Orc breeding", "New orcs", "The dragon flies", "The Peacemaker moves", "Rolling for starting")]
    assert marks == sorted(marks)


@pytest.mark.rule("WQ-ROUND-2")
def test_the_starting_player_keeps_his_role_until_the_next_step_four():
    """Round 1 breeds from the setup's first player; the new starting player breeds first next round."""
    st = make({"K1": {"owner": 0, "men": 1}, "K2": {"owner": 1, "men": 1}, "K3": {"owner": 2, "men": 1}},
              players=3, reserves=False, start=2)
    dice = [6, 6, 6] + [1, 1, 1] + [1, 2] + [1, 1, 2, 2, 6, 6]
    out, texts, _ = run_frames(st, [{"kind": "round", "stage": "breed"}], dice=dice)
    breeding = [t.split()[2] for t in texts if t.startswith("Orc breeding")]
    assert breeding == ["{P2}", "{P0}", "{P1}"]
    assert out["start"] == 1 and ask(out)["seat"] == 1
    out = dict(out, std=["men-first"] * 3)
    texts = []
    for seat in (1, 2, 0):
        while ask(out) and ask(out)["seat"] == seat:
            kind = ask(out)["kind"]
            text = {"cards": "done", "camp": "end"}.get(kind) or f"place {IDS[S.territories(out, seat)[0]]}:4"
            out, more = move(out, seat, text)
            texts += more
    assert out["round"] == 2
    breeding = [t.split()[2] for t in texts if t.startswith("Orc breeding")]
    assert breeding[0] == "{P1}"
