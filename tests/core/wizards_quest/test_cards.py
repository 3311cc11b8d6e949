"""Step 5a and the 35 cards (spec sections 10.1 and 15)."""
import itertools

import pytest

from core.protocol import IllegalMove
from core.wizards_quest import cards
from core.wizards_quest import state as S
from core.wizards_quest.board import ORC
from tests.core.wizards_quest.helpers import G, T, ask, at, make, move

REST = [c for c in cards.ALL_CARDS]


def game(hand=(), deck=None, board_spec=None, **kw):
    """Seat 0 at the start of his turn holding `hand`; `deck` on top of the deck."""
    deck = list(deck or [])
    rest = [c for c in cards.ALL_CARDS if c not in hand and c not in deck]
    spec = board_spec or {"D2C1": {"owner": 0, "men": 3}, "D2C4": {"owner": 1, "men": 2}}
    return make(spec, hands=[list(hand), []], deck=deck + rest, **kw)


def supply_after(st, *texts):
    """Play the given card moves, say done, and return the reinforcement total asked for."""
    for text in texts:
        st, _ = move(st, 0, text)
    if ask(st)["kind"] == "cards":  # with nothing left to draw or play the window closes by itself
        st, _ = move(st, 0, "done")
    pending = ask(st)
    return (pending["total"] if pending["kind"] == "place" else 0), st


@pytest.mark.rule("WQ-ACC-8")
def test_deck_has_35_cards_in_14_kinds():
    """WQ-COMP-4: the blank spare card is not in the deck."""
    counts = {k: len(list(g)) for k, g in itertools.groupby(cards.ALL_CARDS, key=cards.kind)}
    assert len(cards.ALL_CARDS) == 35 and len(counts) == 14
    assert counts == {"BOAT": 3, "MEN2": 2, "MEN3": 2, "MEN4": 2, "SIX": 3, "MAN-EXTRA": 3, "2MEN-EXTRA": 3,
                      "EXTRA": 4, "DRAGON": 2, "PEACE": 2, "TREASURE": 3, "MINUS1": 2, "MINUS2": 2,
                      "NOSUPPLY": 2}


@pytest.mark.rule("WQ-CARDS-1")
def test_drawing_is_optional_and_at_most_one_card():
    st = game(deck=["C04", "C05"])
    st, texts = move(st, 0, "draw")
    assert st["hands"][0] == ["C04"] and "{P0} draws a card." in texts
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "draw")
    assert err.value.rule == "WQ-CARDS-1"
    st2, _ = move(game(deck=["C04"]), 0, "done")
    assert st2["hands"][0] == [] and ask(st2)["kind"] == "place"


@pytest.mark.rule("WQ-CARDS-2")
def test_play_immediately_cards_act_when_drawn():
    """WQ-CARD-MINUS1: one man fewer this round; never kept in hand."""
    st = game(deck=["C30"])
    st, texts = move(st, 0, "draw")
    assert st["hands"][0] == [] and "C30" in st["discard"]
    total, _ = supply_after(st)
    assert total == 3


@pytest.mark.rule("WQ-CARDS-3")
def test_a_third_card_forces_a_play():
    st = game(hand=["C04", "C19"], deck=["C06"])
    st, _ = move(st, 0, "draw")
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "done")
    assert err.value.rule == "WQ-CARDS-3"
    st, _ = move(st, 0, "play C06")
    st, _ = move(st, 0, "done")
    assert sorted(st["hands"][0]) == ["C04", "C19"]


@pytest.mark.rule("WQ-CARDS-4")
def test_cards_only_at_the_start_of_the_turn():
    """WQ-TABLE-11: no card play during reinforcements or campaigns."""
    st = game(hand=["C04"])
    st, _ = move(st, 0, "done")
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "play C04")
    assert err.value.code == "wrong-move"
    with pytest.raises(IllegalMove) as err:
        move(game(hand=["C04"]), 1, "play C04")
    assert err.value.rule == "WQ-START-2" and "(waiting for seat 0)" in err.value.message
    with pytest.raises(IllegalMove) as err:
        move(game(hand=["C04"]), 0, "play C05")
    assert err.value.rule == "WQ-CARDS-4" and "'C05' is not a card in your hand (you hold C04)" in err.value.message


@pytest.mark.rule("WQ-CARDS-5")
def test_played_cards_are_discarded_and_reshuffled_when_the_deck_runs_out():
    st = game(hand=["C04"], deck=[])
    st["deck"], st["discard"] = [], [c for c in cards.ALL_CARDS if c != "C04"]
    st, texts = move(st, 0, "play C04")
    assert "C04" in st["discard"]
    st, texts = move(st, 0, "draw")
    assert "The discard pile is shuffled into a new deck." in texts
    assert len(st["deck"]) == 34 and len(st["discard"]) + len(st["hands"][0]) == 1


@pytest.mark.rule("WQ-CARDS-6")
def test_card_men_arrive_with_the_reinforcements():
    """WQ-CARD-MEN2, WQ-CARD-MEN3, WQ-CARD-MEN4, WQ-CARD-1."""
    assert supply_after(game(hand=["C04", "C06"]), "play C04", "play C06")[0] == 4 + 2 + 3
    assert supply_after(game(hand=["C08"]), "play C08")[0] == 4 + 4


@pytest.mark.rule("WQ-CARDS-7")
def test_extra_campaigns_come_with_the_turn():
    """WQ-CARD-EXTRA, WQ-CARD-MAN-EXTRA, WQ-CARD-2MEN-EXTRA, WQ-CAMP-1."""
    total, st = supply_after(game(hand=["C19", "C13"]), "play C19", "play C13")
    assert total == 5 and st["turn"]["campaigns"] == 3
    total, st = supply_after(game(hand=["C16"]), "play C16")
    assert total == 6 and st["turn"]["campaigns"] == 2


@pytest.mark.rule("WQ-CARDS-8")
def test_boats_lie_in_front_and_do_not_count_towards_the_hand():
    """WQ-CARD-BOAT, WQ-BOAT-1: 1 man and a boat."""
    st = game(hand=["C01", "C04"], deck=["C06"])
    st, _ = move(st, 0, "play C01")
    assert st["boats"][0] == ["C01"] and st["hands"][0] == ["C04"]
    st, _ = move(st, 0, "draw")
    st, _ = move(st, 0, "done")
    assert len(st["hands"][0]) == 2 and ask(st)["total"] == 5


@pytest.mark.rule("WQ-CARDS-9")
def test_six_men_card_counts_units_on_the_map():
    """WQ-CARD-SIX, WQ-AMB-30: under 7 units 6 men; 7 or more an extra campaign."""
    small = {"D2C1": {"owner": 0, "men": 3, "heroes": ["wizard"]}, "D2C4": {"owner": 1, "men": 2}}
    total, st = supply_after(game(hand=["C10"], board_spec=small), "play C10")
    assert total == 10 and st["turn"]["campaigns"] == 1  # 3 men + wizard + reserve = 5 units
    big = {"D2C1": {"owner": 0, "men": 5, "heroes": ["wizard"]}, "D2C4": {"owner": 1, "men": 2}}
    total, st = supply_after(game(hand=["C10"], board_spec=big), "play C10")
    assert total == 4 and st["turn"]["campaigns"] == 2  # 7 units


@pytest.mark.rule("WQ-CARD-MINUS2")
def test_cutting_cards_cut_only_kingdom_men():
    """WQ-ACC-5, WQ-CARD-NOSUPPLY, WQ-SUPPLY-5, WQ-AMB-12: never below 0, card men not cut."""
    st = game(hand=["C04"], deck=["C32"])
    st, _ = move(st, 0, "draw")
    assert supply_after(st, "play C04")[0] == 2 + 2
    st = game(hand=["C04"], deck=["C34"])
    st, _ = move(st, 0, "draw")
    assert supply_after(st, "play C04")[0] == 2
    six = {"K5": {"owner": 0, "men": 1}, "D2C1": {"owner": 0, "men": 1}, "D2C3": {"owner": 0, "men": 1},
           "D5C5": {"owner": 0, "men": 1}, "D5C3": {"owner": 0, "men": 1}, "D2C4": {"owner": 0, "men": 1},
           "D6C4": {"owner": 1, "men": 1}}
    st = game(board_spec=six, deck=["C32"], reserves=False)
    st, _ = move(st, 0, "draw")
    assert supply_after(st)[0] == 6 - 2


@pytest.mark.rule("WQ-CARD-MINUS1")
def test_minus_one_drawn_for_the_ring_is_just_discarded():
    """WQ-TREASURE-4: a cutting card drawn for the ring is discarded and nothing replaces it."""
    from tests.core.wizards_quest.test_turn import campaign_for_treasure
    st, texts = campaign_for_treasure("ring", deck=["C30"])
    assert "C30" in st["discard"] and st["hands"][0] == []
    assert any("it is discarded" in t for t in texts)


@pytest.mark.rule("WQ-CARD-DRAGON")
def test_dragon_card_lands_once_even_from_off_the_map():
    """WQ-AMB-5: brought back by the card; eats nothing in a protected duchy; no further flight."""
    st = game(hand=["C23"], board_spec={"D3C2": {"orcs": 3}, "D2C4": {"owner": 1, "men": 2},
                                        "D2C1": {"owner": 0, "men": 1}})
    assert st["dragon"] == -1
    st["dice"] = [2, 1]
    st, texts = move(st, 0, "play C23 3")
    assert st["dragon"] == T["D3C2"] and at(st, "D3C2") == (ORC, 2, None)
    assert not any(t.startswith("The dragon flies") for t in texts)
    st = game(hand=["C23"], peace="D2C6")
    st["dice"] = [4, 6]
    st, texts = move(st, 0, "play C23 2")
    assert st["dragon"] == T["D2C4"] and at(st, "D2C4") == (1, 2, None)


@pytest.mark.rule("WQ-CARD-TREASURE")
def test_treasure_card_moves_an_opponents_treasure_to_any_free_territory():
    """WQ-AMB-24: never onto a territory holding a treasure; own treasures may not be moved."""
    tre = [{"owner": 0, "kind": "crown", "at": "D3C3"}, {"owner": 0, "kind": "chest", "at": "K1"},
           {"owner": 0, "kind": "ring", "at": "K2"}, {"owner": 1, "kind": "crown", "at": "K3"},
           {"owner": 1, "kind": "chest", "at": "D1C1"}, {"owner": 1, "kind": "ring", "at": "D1C2"}]
    st = game(hand=["C27"], treasures=tre)
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "play C27 T00 D5C5")
    assert err.value.rule == "WQ-CARD-TREASURE"
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "play C27 T03 D1C1")
    assert err.value.rule == "WQ-AMB-24"
    st, texts = move(st, 0, "play C27 T03 D5C5")
    assert st["treasures"][3][2] == T["D5C5"]


@pytest.mark.rule("WQ-TREASURE-5")
def test_treasure_moved_onto_its_owners_territory_is_collected_at_once():
    """WQ-AMB-23: with its reward (the crown's 3 men, placed by the owner)."""
    tre = [{"owner": 0, "kind": "crown", "at": "D3C3"}, {"owner": 0, "kind": "chest", "at": "K1"},
           {"owner": 0, "kind": "ring", "at": "K2"}, {"owner": 1, "kind": "crown", "at": "K3"},
           {"owner": 1, "kind": "chest", "at": "D1C1"}, {"owner": 1, "kind": "ring", "at": "D1C2"}]
    st = game(hand=["C27"], treasures=tre)
    st, texts = move(st, 0, "play C27 T03 D2C4")
    assert st["treasures"][3][2] == S.TAKEN and any("collects their crown" in t for t in texts)
    pending = ask(st)
    assert pending["kind"] == "place" and pending["seat"] == 1 and pending["total"] == 3


@pytest.mark.rule("WQ-CARD-2MEN-EXTRA")
def test_two_men_and_extra_card():
    total, st = supply_after(game(hand=["C17"]), "play C17")
    assert (total, st["turn"]["campaigns"]) == (6, 2)


@pytest.mark.rule("WQ-CARD-MAN-EXTRA")
def test_man_and_extra_card():
    total, st = supply_after(game(hand=["C14"]), "play C14")
    assert (total, st["turn"]["campaigns"]) == (5, 2)


@pytest.mark.rule("WQ-CARD-EXTRA")
def test_extra_card():
    total, st = supply_after(game(hand=["C20"]), "play C20")
    assert (total, st["turn"]["campaigns"]) == (4, 2)


@pytest.mark.rule("WQ-CARD-MEN2")
def test_men2():
    assert supply_after(game(hand=["C05"]), "play C05")[0] == 6


@pytest.mark.rule("WQ-CARD-MEN3")
def test_men3():
    assert supply_after(game(hand=["C07"]), "play C07")[0] == 7


@pytest.mark.rule("WQ-CARD-MEN4")
def test_men4():
    assert supply_after(game(hand=["C09"]), "play C09")[0] == 8


@pytest.mark.rule("WQ-CARD-NOSUPPLY")
def test_no_supply_card():
    st = game(deck=["C35"])
    st, _ = move(st, 0, "draw")
    total, st = supply_after(st)
    assert total == 0 and ask(st)["kind"] == "camp"


@pytest.mark.rule("WQ-CARD-BOAT")
def test_boat_card_gives_a_man_and_a_boat():
    total, st = supply_after(game(hand=["C02"]), "play C02")
    assert total == 5 and st["boats"][0] == ["C02"]


def test_treasure_card_without_a_target_may_be_played_for_nothing():
    """Docs, choices: it can still be played (e.g. to obey the hand limit) and does nothing."""
    tre = [{"owner": 0, "kind": k, "at": "taken"} for k in ("crown", "chest", "ring")][:2] + \
          [{"owner": 0, "kind": "ring", "at": "K1"}] + \
          [{"owner": 1, "kind": k, "at": "taken"} for k in ("crown", "chest")] + \
          [{"owner": 1, "kind": "ring", "at": "gone"}]
    st = game(hand=["C27"], treasures=tre)
    assert {"type": "play", "card": "C27"} in G.legal_moves(st, 0)
    st, texts = move(st, 0, "play C27")
    assert "No opponent's treasure is on the map: the card has no effect." in texts


def test_an_extra_campaign_drawn_for_the_ring_outside_ones_turn_is_lost():
    """Docs, choices: P0 moves P1's ring onto P1's land; P1 draws EXTRA for it and cannot use it."""
    tre = [{"owner": 0, "kind": "crown", "at": "K7"}, {"owner": 0, "kind": "chest", "at": "K8"},
           {"owner": 0, "kind": "ring", "at": "D6C6"}, {"owner": 1, "kind": "crown", "at": "K3"},
           {"owner": 1, "kind": "chest", "at": "D5C1"}, {"owner": 1, "kind": "ring", "at": "D1C2"}]
    st = game(hand=["C27"], deck=["C19"], treasures=tre)
    st, texts = move(st, 0, "play C27 T05 D2C4")
    assert any("collects their ring" in t for t in texts)
    pending = ask(st)
    assert pending["kind"] == "cards" and pending["seat"] == 1 and pending["mode"] == "ring"
    st, texts = move(st, 1, "play C19")
    assert "{P1} cannot use an extra campaign outside their own turn." in texts
    assert ask(st)["seat"] == 0 and st["turn"]["campaigns"] == 1


@pytest.mark.rule("WQ-CARD-PEACE")
def test_peace_card_men_go_at_once_on_that_county_to_its_holder_with_one_hero_at_most():
    """The Peacemaker "adds three men to those already there": not men the card's player receives
    with his reinforcements (WQ-CARDS-6), but a gift placed at once on that county, by whoever holds
    it, with at most one hero (WQ-HERO-SUB-2); the card's player is still in his card window."""
    st = game(hand=["C25"], board_spec={"D2C1": {"owner": 0, "men": 3}, "D3C2": {"owner": 1, "men": 1}})
    st["dice"] = [2]
    st, texts = move(st, 0, "play C25 3")
    pending = ask(st)
    assert pending["kind"] == "place" and pending["seat"] == 1 and pending["total"] == 3
    with pytest.raises(IllegalMove):
        move(st, 1, "place D2C1:3")
    with pytest.raises(IllegalMove):
        move(st, 1, "place champion@D3C2 wizard@D3C2")
    st, _ = move(st, 1, "place D3C2:1 champion@D3C2")
    assert at(st, "D3C2") == (1, 2, "champion") and st["peace"] == T["D3C2"]
    assert ask(st)["kind"] == "cards" and ask(st)["seat"] == 0 and st["turn"]["card_men"] == 0


@pytest.mark.rule("WQ-CARDS-1")
def test_a_move_of_the_wrong_kind_lists_only_the_kinds_legal_now():
    """With an empty hand at the start of the turn only draw and done are legal: the refusal says so,
    and does not offer play or discard, which the card step knows but allows nobody now."""
    st = game(deck=["C04"])
    assert ask(st)["kind"] == "cards"
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "end")
    assert err.value.rule == "WQ-CARDS-1"
    assert err.value.message.endswith("You can now: draw, done.")
    st, _ = move(st, 0, "draw")
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "end")
    now = err.value.message.split("You can now: ")[1]
    assert now == "done, play <card> [args].", "the one draw is spent; the drawn card may be played"
