"""General rules (CA-GEN) and the end of the game (CA-END)."""
import pytest

from core.castle_assault import GAME

from .helpers import hand, kinds, make, play, refused, said, view_text, zones


@pytest.mark.rule("CA-GEN-1")
def test_there_is_no_hand_limit():
    s = make(2, {"turn": 0, "skip_draw": True, "hands": {"0": ["gold"] * 12 + ["soldier"] * 10}})
    s, _ = play(s, 0, "buy gold")
    assert len(hand(s, 0)) == 23 and s["turn"] == 1 and s["phase"] == "act"


@pytest.mark.rule("CA-GEN-5")
def test_rebuild_returns_siege_and_academy_cards_under_their_own_decks():
    s = make(2, {"turn": 0, "skip_draw": True, "hands": {"0": ["gold"], "1": []}})
    s["hands"][1] += s["village"]
    s["village"] = []
    s["discard"] = [s["hands"][1].pop(), s["hands"][1].pop(), s["siege"].pop(), s["academy"].pop()]
    siege_card, academy_card = s["discard"][2], s["discard"][3]
    village_cards = set(s["discard"][:2]) | set(hand(s, 0))          # the Gold spent is discarded too
    s, events = play(s, 0, "buy gold")
    assert s["siege"][0] == siege_card and s["academy"][0] == academy_card
    drawn = set(hand(s, 0))                                           # 2 of the 3 shuffled Village cards
    assert len(drawn) == 2 and drawn <= village_cards and said(events, "1 Siege and 1 Academy cards went under")


@pytest.mark.rule("CA-GEN-5")
def test_reshuffle_option_removes_them_from_the_game():
    s = make(2, {"turn": 0, "skip_draw": True, "hands": {"0": ["gold"], "1": []}}, reshuffle="remove")
    s["hands"][1] += s["village"]
    s["village"] = []
    card = s["siege"].pop()
    s["discard"] = [card]
    s, events = play(s, 0, "buy gold")
    assert card in s["out_of_game"] and len(zones(s)) == 120 and said(events, "left the game")


@pytest.mark.rule("CA-GEN-8")
def test_an_attack_may_aim_at_a_defender_alone():
    """Changed in rules version 2 (issue 9): the beaten defender is turned face down (out of the game),
    not discarded ("la carta atacada pierde y se gira sobre la mesa")."""
    s = make(2, {"turn": 0, "skip_draw": True, "hands": {"0": ["soldier"], "1": ["gold"]},
                 "posts": {"1": {"W2": {"defenders": ["archer"]}}}})
    guard = s["posts"][1][2][2][0]
    s, _ = play(s, 0, f"attack {guard} soldier")
    assert guard in s["out_of_game"] and guard not in s["discard"] and s["posts"][1][2][1]


@pytest.mark.rule("CA-GEN-10")
def test_one_shared_public_discard_pile():
    s = make(2, {"turn": 0, "skip_draw": True, "hands": {"0": ["gold", "night"], "1": ["duke", "gold"]}})
    s, _ = play(s, 0, "discard night")
    s, _ = play(s, 1, "discard duke")
    assert kinds(s["discard"]) == ["duke", "night"]
    for seat in (0, 1, None):
        assert GAME.view(s, seat)["discard"] == s["discard"]


@pytest.mark.rule("CA-GEN-11")
def test_hidden_and_public_information_in_every_view():
    s = make(3, {"turn": 0, "skip_draw": True, "hands": {"0": ["soldier", "gold"], "1": ["archer"],
                                                           "2": ["gold"]},
                 "posts": {"2": {"W1": {"defenders": ["archer"]}}}, "loot": {"1": ["king"]}})
    spectator = GAME.view(s, None)
    assert spectator["hand"] is None and spectator["hand_sizes"] == [2, 1, 1]
    assert spectator["loot_sizes"] == [0, 1, 0] and spectator["decks"]["village"] == len(s["village"])
    mine = GAME.view(s, 0)
    assert sorted(mine["hand"]) == sorted(s["hands"][0])
    for seat in (1, 2, None):                            # whole ids, quoted: V2 is not V23
        assert f'"{s["hands"][0][0]}"' not in view_text(s, seat)
    guard = s["posts"][2][1][2][0]
    assert all(f'"{guard}"' in view_text(s, seat) for seat in (0, 1, 2, None))
    assert f'"{s["loot"][1][0]}"' not in view_text(s, 1)
    assert "seed" not in view_text(s, 0) and s["seed"] not in view_text(s, 0)


@pytest.mark.rule("CA-GEN-12")
@pytest.mark.rule("CA-MULTI-9")
def test_players_with_a_castle_cannot_give_or_trade_cards():
    """The refusal names the real reason (gifts are for players whose castle has fallen) and the gift
    rule, rather than the generic list of turn actions."""
    s = make(3, {"turn": 0, "skip_draw": True, "hands": {"0": ["gold"]}})
    err = refused(s, 0, "give 1 gold", "CA-MULTI-9")
    assert "castle has fallen" in err.message and "still stands" in err.message


@pytest.mark.rule("CA-GEN")
@pytest.mark.rule("CA-GEN-13")
def test_every_card_in_exactly_one_zone_during_a_battle():
    s = make(3, {"turn": 0, "skip_draw": True, "hands": {"0": ["night", "soldier"], "1": ["ambush"],
                                                           "2": ["archer"]}})
    s, _ = play(s, 0, "night night 1/W1 soldier")
    where = zones(s)
    assert len(where) == 120 and where[s["battle"]["night_card"]] == "battle"


@pytest.mark.rule("CA-END-1")
def test_the_winner_is_the_only_player_with_a_castle():
    s = make(3, {"turn": 0, "skip_draw": True, "eliminated": [2],
                 "hands": {"0": ["trebuchet", "archer"], "2": ["gold"]},
                 "posts": {"1": {"W1": {"standing": False}, "W2": {"standing": False}}}})
    s, _ = play(s, 0, "attack 1/C trebuchet archer")
    result = GAME.result(s)
    assert result.winners == (0,) and [seat for seat in range(3) if s["alive"][seat]] == [0]
    assert result.code == "last-castle" and result.to_json()["code"] == "last-castle"
    refused(s, 0, "discard V0", "CA-END-1")
    assert GAME.legal_moves(s, 0) == [] and GAME.view(s, 1)["over"]


@pytest.mark.rule("CA-END-4")
def test_no_turn_limit_by_default_and_the_stall_option_ends_without_a_winner():
    s = make(2, {"turn": 0, "skip_draw": True, "hands": {"0": ["gold"] * 5, "1": ["gold"] * 5}})
    for _ in range(8):
        seat = s["turn"]
        s, events = play(s, seat, "discard " + hand(s, seat)[0])
    assert GAME.result(s) is None
    s = make(2, {"turn": 0, "skip_draw": True, "hands": {"0": ["gold"] * 5, "1": ["gold"] * 5}}, stall=2)
    for _ in range(4):
        seat = s["turn"]
        s, events = play(s, seat, "discard " + hand(s, seat)[0])
    result = GAME.result(s)
    assert result is not None and result.winners == () and "2 full rounds" in result.reason
    assert result.code == "stalled"


@pytest.mark.rule("CA-END")
def test_a_stalemate_with_no_possible_action_ends_without_a_winner():
    s = make(2, {"turn": 0, "skip_draw": True, "hands": {"0": ["catapult"], "1": []}})
    s["out_of_game"] += s["village"]            # a position no real game reaches: no Village card left at all
    s["village"] = []
    s, events = play(s, 0, "discard catapult")
    assert GAME.result(s) is not None and GAME.result(s).winners == ()
    assert GAME.result(s).code == "nobody-can-act" and GAME.prompts(s) == []


@pytest.mark.rule("CA-END-4")
def test_the_stall_count_starts_after_the_turn_of_the_won_battle():
    """V-STALL 1 with 2 players: a battle won in a turn, then one full round (two turns) without
    one, and only then the game ends -- the turn that won is not a quiet turn."""
    s = make(2, {"turn": 0, "skip_draw": True,
                 "hands": {"0": ["trebuchet"] + ["gold"] * 4, "1": ["gold"] * 5}}, stall=1)
    s, events = play(s, 0, "attack 1/W1 trebuchet")
    assert said(events, "the attack WINS")
    s, _ = play(s, 1, "discard " + hand(s, 1)[0])
    assert GAME.result(s) is None and s["turn"] == 0                # one quiet turn is not a round
    s, _ = play(s, 0, "discard " + hand(s, 0)[0])
    result = GAME.result(s)
    assert result is not None and result.winners == () and "1 full round:" in result.reason


@pytest.mark.rule("CA-GEN-13")
def test_a_well_formed_id_past_the_end_of_its_deck_is_no_card():
    """'V99' looks like an id: the refusal says no such card exists and gives the deck's real range."""
    s = make(3, {"turn": 0, "skip_draw": True, "hands": {"0": ["soldier"]}})
    err = refused(s, 0, "discard V99", "CA-GEN-13")
    assert "no card V99" in err.message and "Village cards are V0-V69" in err.message
    err = refused(s, 0, "discard A14", "CA-GEN-13")
    assert "Academy cards are A0-A13" in err.message
    err = refused(s, 0, {"type": "discard", "card": "X5"})
    assert "is not a card id" in err.message


@pytest.mark.rule("CA-ACT-DISCARD-1")
def test_a_card_not_in_hand_is_named_with_its_kind():
    """Naming a real card you do not hold says which card it is, so a mistyped id is easy to spot."""
    s = make(2, {"turn": 0, "skip_draw": True, "hands": {"0": ["gold"], "1": ["soldier"]}})
    theirs = s["hands"][1][0]
    err = refused(s, 0, f"discard {theirs}", "CA-ACT-DISCARD-1")
    assert err.message == f"{theirs} Soldier is not in your hand."


@pytest.mark.rule("CA-END-3")
def test_a_resignation_leaving_one_castle_ends_the_game_with_its_code():
    s = make(2, {"turn": 0, "skip_draw": True, "hands": {"0": ["gold"], "1": ["gold"]}})
    s, _ = play(s, 1, "resign")
    result = GAME.result(s)
    assert result.winners == (0,) and result.code == "resigned"
