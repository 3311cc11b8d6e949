"""Games with 3-4 players: joining, elimination, gifts, spoils (CA-MULTI)."""
import pytest

from core.castle_assault import GAME
from core.castle_assault.data import CARDS
from core.castle_assault.glossary import GLOSSARY

from .helpers import hand, kinds, make, of_kind, play, prompted, refused, said, stationed, view_text

DOWN = {"W1": {"standing": False}, "W2": {"standing": False}}


def table(hands, players=3, options=None, **scenario):
    sc = {"turn": 0, "skip_draw": True, "hands": {str(k): list(v) for k, v in hands.items()},
          "village_top": ["duke"] * 4}
    sc.update(scenario)
    return make(players, sc, **(options or {}))


@pytest.mark.rule("CA-MULTI-1")
def test_every_other_player_may_send_units_with_the_attack():
    s = table({0: ["soldier"], 1: ["gold"], 2: ["soldier"], 3: ["archer"]}, players=4)
    s, _ = play(s, 0, "attack 1/W1 soldier")
    s, _ = play(s, 2, "join soldier")
    s, events = play(s, 3, "join archer")
    assert said(events, "5 swords against 2 shields: the attack WINS")


@pytest.mark.rule("CA-MULTI-3")
def test_nobody_joins_in_a_two_player_game():
    s = make(2, {"turn": 0, "skip_draw": True, "hands": {"0": ["soldier"], "1": ["ambush"]}})
    s, _ = play(s, 0, "attack 1/W1 soldier")
    assert s["phase"] == "react" and prompted(s) == [1] and s["battle"]["to_ask"] == []


@pytest.mark.rule("CA-MULTI-4")
def test_only_soldiers_archers_and_siege_cards_can_be_added():
    s = table({0: ["soldier"], 1: ["gold"], 2: ["soldier", "night", "king", "gold"]})
    s, _ = play(s, 0, "attack 1/W1 soldier")
    for kind in ("night", "king", "gold"):
        refused(s, 2, f"join {kind}", "CA-MULTI-4")
    refused(s, 2, {"type": "join", "cards": []}, "CA-MULTI-4")


@pytest.mark.rule("CA-MULTI-4")
@pytest.mark.rule("CA-MULTI-10")
def test_eliminated_players_with_attack_cards_may_join():
    s = table({0: ["soldier"], 1: ["gold"], 2: ["gold"], 3: ["archer"]}, players=4, eliminated=[3])
    s, _ = play(s, 0, "attack 1/W1 soldier")
    assert prompted(s) == [3]                               # seat 2 holds no attack card (fast mode)
    s, events = play(s, 3, "join archer")
    assert said(events, "3 swords against 2 shields: the attack WINS")
    assert [len(p) for p in s["loot"]] == [1, 0, 0, 0]      # CA-MULTI-8: the eliminated joiner draws none


@pytest.mark.rule("CA-MULTI-5")
def test_joiners_decide_one_at_a_time_in_turn_order_and_see_day_cards():
    s = table({0: ["archer"], 1: ["soldier"], 2: ["soldier"], 3: ["gold"]}, players=4, turn=2)
    s, _ = play(s, 2, "attack 3/W1 soldier")
    assert prompted(s) == [0]                              # after seat 2: seat 3 is the victim, so 0, then 1
    s, _ = play(s, 0, "join archer")
    assert prompted(s) == [1]
    archer = s["battle"]["contributions"][1][1][0]
    assert f'"{archer}"' in view_text(s, 1)                 # seat 1 sees the day cards already added
    s, _ = play(s, 1, "pass")
    assert s["battle"] is None or s["phase"] == "react"


@pytest.mark.rule("CA-MULTI-6")
def test_a_joined_assault_weapon_keeps_the_castle_attack_alive_after_sabotage():
    s = table({0: ["ram", "trebuchet"], 1: ["sabotage"], 2: ["tower"]})
    s, _ = play(s, 0, "attack 1/C ram trebuchet")
    s, _ = play(s, 2, "join tower")
    s, _ = play(s, 1, "react sabotage")
    ram = [c for c in s["battle"]["contributions"][0][1] if CARDS.key[c] == "ram"][0]
    s, events = play(s, 1, f"remove {ram}")
    assert said(events, "7 swords against 4 shields: the attack WINS")   # the Tower still counts
    assert not s["alive"][1]


@pytest.mark.rule("CA-MULTI-7")
def test_the_eliminated_player_keeps_their_hand():
    s = table({0: ["trebuchet", "archer"], 1: ["gold", "night"], 2: ["gold"]}, posts={"1": DOWN})
    s, _ = play(s, 0, "attack 1/C trebuchet archer")
    assert kinds(hand(s, 1)) == ["gold", "night"]


@pytest.mark.rule("CA-MULTI-8")
def test_an_eliminated_player_never_draws_nor_buys_explores_builds_or_studies():
    s = table({0: ["gold"], 1: ["gold", "explorer3", "builder", "builder", "builder", "builder"], 2: ["gold"]},
              eliminated=[1])
    s, _ = play(s, 0, "discard gold")
    assert s["phase"] == "gift" and len(hand(s, 1)) == 6
    for move in ("buy gold", "explore explorer3", "build builder builder builder builder", "draw"):
        refused(s, 1, move, "CA-MULTI-9")


@pytest.mark.rule("CA-MULTI-9")
def test_an_eliminated_player_gives_one_card_to_a_castle_owner_or_passes():
    """Changed in rules version 2 (issue 9): one card per turn is no longer the default (the original:
    "utilizar cartas de su mano cediéndole recursos"), so this test asks for `gift one`."""
    s = table({0: ["gold"], 1: ["soldier", "gold"], 2: ["gold"]}, players=4, eliminated=[1, 3],
              options={"gift": "one"})
    s, _ = play(s, 0, "discard gold")
    soldier = of_kind(s, 1, "soldier")[0]
    err = refused(s, 1, f"give 3 {soldier}", "CA-MULTI-9")          # 3 has no castle
    assert "Seat 3 has lost their castle too" in err.message and "seat 0, seat 2" in err.message
    err = refused(s, 1, f"give 1 {soldier}", "CA-MULTI-9")
    assert "You cannot give to yourself" in err.message
    refused(s, 1, "give 2 soldier gold", "CA-MULTI-9")              # one card per turn with `gift one`
    assert GAME.public_move(s, 1, {"type": "give", "to": 2, "cards": [soldier]}) is False
    s, events = play(s, 1, f"give 2 {soldier}")
    assert soldier in hand(s, 2) and said(events, "{P1} gives 1 card to {P2}.", 0)
    assert not said(events, soldier, 0) and said(events, soldier, 2)
    t = table({0: ["gold"], 1: ["soldier"], 2: ["gold"]}, eliminated=[1])
    t, _ = play(t, 0, "discard gold")
    t, events = play(t, 1, "pass")
    assert t["turn"] == 2 and kinds(hand(t, 1)) == ["soldier"]


@pytest.mark.rule("CA-MULTI-9")
def test_gift_option_any_number_of_cards():
    s = make(3, {"turn": 0, "skip_draw": True, "eliminated": [1],
                 "hands": {"0": ["gold"], "1": ["soldier", "gold"], "2": ["gold"]}}, gift="any")
    s, _ = play(s, 0, "discard gold")
    s, _ = play(s, 1, "give 2 soldier gold")
    assert hand(s, 1) == [] and len(hand(s, 2)) == 4
    assert s["turn"] == 2


@pytest.mark.rule("CA-MULTI-9")
@pytest.mark.parametrize("gift,cards", [("any", "one or more cards"), ("one", "a card")])
def test_the_gift_turn_says_how_many_cards_may_be_given(gift, cards):
    """The gift turn's event, prompt and refusal say what option `gift` allows: any number of cards
    (the default, the original's "cediéndole recursos a un aliado") or one."""
    s = table({0: ["gold"], 1: ["soldier", "gold"], 2: ["gold"]}, eliminated=[1], options={"gift": gift})
    s, events = play(s, 0, "discard gold")
    assert said(events, f"{{P1}}'s turn (no castle: give {cards} to a player or pass).")
    assert [p.text for p in GAME.prompts(s)] == [f"You have no castle: give {cards} to a player who still has one, "
                                                  "or pass."]
    err = refused(s, 1, "discard gold", "CA-MULTI-9")
    assert err.message == f"Without a castle your turn is: give {cards} to a player who still has a castle, or pass."


@pytest.mark.rule("CA-MULTI-9")
def test_the_glossary_lets_an_eliminated_player_give_any_number_of_cards():
    """Original, "Botín": "En su turno de juego no podrá robar nuevas cartas, pero sí utilizar cartas de
    su mano cediéndole recursos a un aliado": `gift any`, the default, and the glossary says so."""
    text = str(GLOSSARY.entries["eliminated"].text)
    assert "one card a turn" not in text and "any number; one a turn with option `gift one`" in text


@pytest.mark.rule("CA-MULTI-11")
def test_an_eliminated_player_never_wins():
    s = table({0: ["trebuchet", "archer"], 1: ["gold"], 2: ["soldier"]}, posts={"1": DOWN}, eliminated=[2])
    s, _ = play(s, 0, "attack 1/C trebuchet archer")
    s, _ = play(s, 2, "join soldier")                                # helping does not make seat 2 a winner
    assert GAME.result(s).winners == (0,)


@pytest.mark.rule("CA-MULTI-12")
@pytest.mark.rule("CA-GEN-6")
def test_the_attacker_takes_the_stationed_cards_as_spoils():
    s = table({0: ["trebuchet", "ram"], 1: ["gold"], 2: ["gold"], 3: ["gold"]}, players=4,
              posts={"1": {"W1": {"defenders": ["archer"]}, "C": {"defenders": ["soldier"]}}})
    guards = stationed(s, 1, "W1") + stationed(s, 1, "C")
    s, events = play(s, 0, "attack 1/C trebuchet ram")            # 6 > 4 1/2
    assert not s["alive"][1] and set(guards) <= set(hand(s, 0))
    assert kinds(hand(s, 1)) == ["gold"] and said(events, "spoils")


@pytest.mark.rule("CA-MULTI-12")
def test_spoils_option_all_takes_hand_and_loot_too():
    s = make(3, {"turn": 0, "skip_draw": True, "hands": {"0": ["trebuchet", "archer"], "1": ["gold", "night"],
                                                           "2": ["gold"]},
                 "posts": {"1": DOWN}, "loot": {"1": ["king"]}}, spoils="all")
    king = s["loot"][1][0]
    s, events = play(s, 0, "attack 1/C trebuchet archer")
    assert hand(s, 1) == [] and kinds(hand(s, 0)) == ["gold", "king", "night"]
    assert not said(events, king, 1) and said(events, king, 0)      # the loot stays unseen by its owner


@pytest.mark.rule("CA-MULTI-13")
def test_the_eliminated_fortress_leaves_play():
    s = table({0: ["trebuchet", "ram"], 1: ["gold"], 2: ["soldier"]})
    fortress = [p[0] for p in s["posts"][1]]
    s, _ = play(s, 0, "attack 1/C trebuchet ram")
    s, _ = play(s, 2, "pass") if prompted(s) == [2] else (s, [])
    assert s["posts"][1] == [] and set(fortress) <= set(s["out_of_game"])
    refused(make(3, {"turn": 2, "skip_draw": True, "eliminated": [1], "hands": {"2": ["soldier"]}}), 2,
            "attack 1/W1 soldier", "CA-ACT-ATTACK-1")


@pytest.mark.rule("CA-MULTI-14")
@pytest.mark.rule("CA-END-3")
def test_the_game_goes_on_until_a_single_castle_remains():
    s = table({0: ["trebuchet", "ram"], 1: ["gold"], 2: ["gold"], 3: ["gold"]}, players=4)
    s, _ = play(s, 0, "attack 1/C trebuchet ram")
    assert GAME.result(s) is None and s["turn"] == 1 and s["phase"] == "gift"
    s = table({0: ["trebuchet", "ram"], 1: ["gold"], 2: ["gold"], 3: ["gold"]}, players=4, eliminated=[2, 3])
    s, events = play(s, 0, "attack 1/C trebuchet ram")
    assert GAME.result(s).winners == (0,) and "only castle left standing" in GAME.result(s).reason


@pytest.mark.rule("CA-MULTI")
def test_three_player_view_shows_loot_and_eliminations():
    s = table({0: ["gold"], 1: ["gold"], 2: ["gold"]}, eliminated=[2])
    text = GAME.render(GAME.view(s, 0), 0)
    assert "[2] {P2}: hand 1 card, loot pile 0 -- no castle (eliminated)" in text
