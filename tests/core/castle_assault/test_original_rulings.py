"""Rules version 2: where the engine now follows the Spanish original (seed 003, "Reglamento provisional
v0.5") instead of a reading the original contradicts (issue 9, points 5 to 8). Each test quotes the
passage; games created under rules version 1 keep the old reading (they replay as they were played)."""
import pytest

from core.castle_assault import GAME
from core.castle_assault.data import CARDS

from .helpers import hand, kinds, make, play, refused, stationed, standing, texts
from .test_examples import ex1


def king_turn(rules_version=None):
    """Ana (seat 0) holds a King and an Archer, with a Soldier on her castle and an Archer on W1."""
    sc = {"turn": 0, "skip_draw": True, "hands": {"0": ["king", "archer"], "1": ["gold"]},
          "posts": {"0": {"C": {"defenders": ["soldier"]}, "W1": {"defenders": ["archer"]}}}}
    s = GAME.setup(2, {}, "test", sc, rules_version=rules_version)
    s, _ = play(s, 0, "king king")
    return s


@pytest.mark.rule("CA-ACT-DEFEND-6")
def test_taking_a_defender_back_does_not_use_up_the_turns_placement():
    """Original: "Sólo se puede colocar una por turno ... También se puede hacer la acción inversa, es
    decir, recuperar una carta colocada anteriormente" — the limit is on placing. In a King turn a
    player takes a defender back and places it elsewhere (CA-ACT-DEFEND-5, CA-ACT-KING-8)."""
    s = king_turn()
    archer = stationed(s, 0, "W1")[0]
    s, _ = play(s, 0, f"takeback {archer}")
    s, events = play(s, 0, f"defend {archer} W2")
    assert stationed(s, 0, "W2") == [archer] and stationed(s, 0, "W1") == [] and s["turn"] == 1
    s = king_turn()
    s, _ = play(s, 0, "defend archer W2")
    soldier = stationed(s, 0, "C")[0]
    s, _ = play(s, 0, f"takeback {soldier}")                  # placing first, then taking back: also fine
    assert soldier in hand(s, 0) and s["turn"] == 1


@pytest.mark.rule("CA-ACT-DEFEND-6")
def test_a_rules_version_1_game_counts_a_take_back_as_its_defend():
    s = king_turn(rules_version=1)
    s, _ = play(s, 0, f"takeback {stationed(s, 0, 'W1')[0]}")
    err = refused(s, 0, "defend archer W2", "CA-ACT-DEFEND-6")
    assert err.message == "Only one Defend action (place or take back) is allowed per turn."


@pytest.mark.rule("CA-ACT-REACT-8")
def test_naming_a_kind_twice_removes_two_cards_of_that_kind():
    """Notation only (no rules version: moves are stored as JSON with card ids): with two Sabotages
    against two Catapults and a Trebuchet, `remove catapult` twice takes both Catapults; the kind is
    resolved among the cards the removal may still take."""
    s = make(2, {"turn": 0, "skip_draw": True, "hands": {"0": ["catapult", "catapult", "trebuchet"],
                                                          "1": ["sabotage", "sabotage"]},
                 "village_top": ["duke"] * 3})
    s, _ = play(s, 0, {"type": "attack", "target": "1/W1", "cards": list(hand(s, 0))})
    s, _ = play(s, 1, "react " + " ".join(hand(s, 1)))
    assert s["phase"] == "remove"
    first, second = [c for c in s["battle"]["contributions"][0][1] if CARDS.key[c] == "catapult"]
    move = GAME.parse(s, 1, "remove catapult")
    assert move == {"type": "remove", "card": first}
    s, _ = play(s, 1, move)
    assert s["phase"] == "remove" and GAME.parse(s, 1, "remove catapult") == {"type": "remove", "card": second}
    s, events = play(s, 1, "remove catapult")
    assert s["battle"] is None and kinds(s["discard"]).count("catapult") == 2
    assert any("4 swords against 2 shields: the attack WINS" in t for t in texts(events))  # the Trebuchet alone


def rebuild_position(rules_version=None):
    """The Village deck is empty; the discard pile holds a Village, Siege, Academy and Dungeon card and a
    Fortress card (a Fortress card cannot reach it in play today; the rule must still hold)."""
    s = GAME.setup(2, {}, "test", {"turn": 0, "skip_draw": True, "hands": {"0": ["gold"], "1": ["gold"]},
                                   "discard": ["soldier", "catapult", "ambush", "crypt"]},
                   rules_version=rules_version)
    s["village"] = []
    wall = s["out_of_game"].pop()
    s["discard"].append(wall)
    return s, wall


@pytest.mark.rule("CA-GEN-5")
def test_a_village_rebuild_sends_each_other_card_to_its_own_deck():
    """Original: "Si se agota el mazo de poblado se monta de nuevo con el mazo de descartes, eliminando
    las cartas ajenas (asedio, academia…) y barajando" — cards of other decks are taken out: each goes
    to its own deck (a Dungeon card under the Dungeon deck, not the Academy's), a Fortress card, which
    has no deck, out of the game; with `reshuffle remove` they all leave the game."""
    s, wall = rebuild_position()
    crypt = next(c for c in s["discard"] if CARDS.key[c] == "crypt")
    s, events = play(s, 0, "buy gold")
    assert s["dungeon"][0] == crypt and CARDS.key[s["siege"][0]] == "catapult"
    assert CARDS.key[s["academy"][0]] == "ambush" and all(CARDS.deck[c] == "A" for c in s["academy"])
    assert wall in s["out_of_game"] and s["discard"] == []
    assert any("went under the Dungeon deck" in t and "1 Fortress card left the game" in t for t in texts(events))
    removed, _ = rebuild_position()
    removed["options"] = dict(removed["options"], reshuffle="remove")
    removed, _ = play(removed, 0, "buy gold")
    assert crypt in removed["out_of_game"] and wall in removed["out_of_game"] and crypt not in removed["dungeon"]


@pytest.mark.rule("CA-GEN-5")
def test_a_rules_version_1_game_rebuilds_as_before():
    s, wall = rebuild_position(rules_version=1)
    crypt = next(c for c in s["discard"] if CARDS.key[c] == "crypt")
    s, _ = play(s, 0, "buy gold")
    assert crypt in s["academy"] and wall in s["academy"]


@pytest.mark.rule("CA-LOOT-5")
def test_one_loot_card_per_battle_won_for_the_active_player():
    """Original: "se consigue 1 carta de botín por cada batalla vencida" (one loot card per battle won)
    and "El jugador victorioso roba una carta extra del mazo de poblado como botín" (the victorious
    player draws it). A joiner sends units with the active player's attack and draws none
    (`join-loot active`, the default now; CA-LOOT-1)."""
    s = ex1(players=3, carla_hand=["soldier", "gold"])
    s, _ = play(s, 0, "attack 1/W1 soldier soldier")
    s, _ = play(s, 2, "join soldier")
    s, _ = play(s, 1, "react ambush")
    assert not standing(s, 1, "W1")
    assert kinds(s["loot"][0]) == ["builder"] and s["loot"][2] == []


@pytest.mark.rule("CA-ACT-ATTACK-6")
def test_a_castles_defender_may_be_attacked_while_walls_stand():
    """Original: "Las cartas añadidas a una muralla o castillo pueden ser atacadas de forma independiente"
    and "Es posible realizar un ataque sólo a las cartas apostadas en defensa" (`castle-defender always`,
    the default now; CA-ACT-ATTACK-5). The castle itself still needs its walls down (CA-ACT-ATTACK-4)."""
    s = make(2, {"turn": 0, "skip_draw": True, "hands": {"0": ["archer", "archer"], "1": ["gold"]},
                 "posts": {"1": {"C": {"defenders": ["soldier"]}}}, "village_top": ["duke"]})
    refused(s, 0, "attack 1/C archer", "CA-ACT-ATTACK-4")
    soldier = stationed(s, 1, "C")[0]
    s, events = play(s, 0, f"attack {soldier} archer")
    assert any("1 sword against ½ shield: the attack WINS" in t for t in texts(events))
    assert stationed(s, 1, "C") == [] and standing(s, 1, "W1")


@pytest.mark.rule("CA-MULTI-9")
def test_an_eliminated_player_may_give_several_cards_in_one_turn():
    """Original: "En su turno de juego no podrá robar nuevas cartas, pero sí utilizar cartas de su mano
    cediéndole recursos a un aliado" — cards, resources: more than one (`gift any`, the default now)."""
    s = make(3, {"turn": 1, "skip_draw": True, "hands": {"0": ["gold"], "1": ["soldier", "gold"], "2": ["gold"]},
                 "eliminated": [1]})
    given = list(hand(s, 1))
    s, events = play(s, 1, {"type": "give", "to": 2, "cards": given})
    assert all(c in hand(s, 2) for c in given) and hand(s, 1) == []
    assert any(t == "{P1} gives 2 cards to {P2}." for t in texts(events))


@pytest.mark.rule("CA-ACT-ATTACK-14")
def test_a_defeated_stationed_card_is_turned_face_down_not_discarded():
    """Original: "En caso de vencer en el ataque, la carta atacada pierde y se gira sobre la mesa" — the
    beaten card is turned over, like a wall: it defends no more and never comes back through the
    discard pile and a Village rebuild (`defeated-defender turned`, the default)."""
    s = make(2, {"turn": 0, "skip_draw": True, "hands": {"0": ["soldier"], "1": ["gold"]},
                 "posts": {"1": {"W1": {"defenders": ["archer", "archer"]}}}, "village_top": ["duke"]})
    guard = stationed(s, 1, "W1")[0]
    s, events = play(s, 0, f"attack {guard} soldier")
    assert guard in s["out_of_game"] and guard not in s["discard"] and stationed(s, 1, "W1") != [guard]
    assert any("turned face down" in t for t in texts(events))
    assert guard in GAME.view(s, 1)["out"]


@pytest.mark.rule("CA-LOOT-5")
def test_rules_version_1_games_keep_their_defaults():
    """A game created under rules version 1 stored the defaults of then; the new options are absent."""
    old = GAME.normalize_options({}, 1)
    assert (old["join-loot"], old["castle-defender"], old["gift"]) == ("all", "castle", "one")
    assert not {"defeated-defender", "defend-limit", "rebuild"} & set(old)
    new = GAME.normalize_options({})
    assert (new["join-loot"], new["castle-defender"], new["gift"], new["defeated-defender"]) == \
        ("active", "always", "any", "turned")
