"""The King's two actions (CA-ACT-KING) and the discard action (CA-ACT-DISCARD)."""
import pytest

from core.bots.levels import candidates
from core.castle_assault import GAME
from core.castle_assault.data import CARDS
from core.rng import Rng

from .helpers import hand, kinds, make, of_kind, play, prompted, refused, said, standing


def king_turn(cards, players=2, **scenario):
    sc = {"turn": 0, "skip_draw": True, "hands": {"0": ["king"] + list(cards), "1": ["gold"]},
          "village_top": ["soldier", "archer", "duke", "duke"]}
    sc.update(scenario)
    s = make(players, sc)
    s, events = play(s, 0, "king king")
    return s, events


@pytest.mark.rule("CA-ACT-KING")
@pytest.mark.rule("CA-ACT-KING-1")
def test_the_king_is_an_action_that_gives_two_more_and_is_discarded():
    s, events = king_turn(["gold", "gold"])
    assert CARDS.key[s["discard"][-1]] == "king" and s["actions"] == 2 and s["king_turn"]
    assert said(events, "plays the King") and prompted(s) == [0]
    s, _ = play(s, 0, "discard gold")
    assert s["turn"] == 0 and s["actions"] == 1
    s, _ = play(s, 0, "discard gold")
    assert s["turn"] == 1


@pytest.mark.rule("CA-ACT-KING-2")
@pytest.mark.rule("CA-ACT-KING-5")
def test_buy_then_attack_with_what_was_bought():
    s, _ = king_turn(["gold"])
    s, _ = play(s, 0, "buy gold")
    assert kinds(hand(s, 0)) == ["archer", "soldier"]
    s, events = play(s, 0, "attack 1/W1 soldier archer")
    assert said(events, "3 swords against 2 shields: the attack WINS") and s["turn"] == 1


@pytest.mark.rule("CA-ACT-KING-3")
def test_draw_is_an_action_only_inside_a_king_turn():
    s = make(2, {"turn": 0, "skip_draw": True, "hands": {"0": ["gold"]}})
    refused(s, 0, "draw", "CA-ACT-KING-3")
    s, _ = king_turn(["gold"])
    s, _ = play(s, 0, "draw")
    assert kinds(hand(s, 0)) == ["gold", "soldier"]
    s, _ = play(s, 0, "buy gold")                 # the rulebook's example: draw, then spend a Gold for 2
    assert s["turn"] == 1 and len(hand(s, 0)) == 3


@pytest.mark.rule("CA-ACT-KING-4")
def test_two_attacks_on_cards_of_different_opponents():
    s, _ = king_turn(["trebuchet", "trebuchet"], players=3,
                     hands={"0": ["king", "trebuchet", "trebuchet"], "1": ["gold"], "2": ["gold"]})
    t1, t2 = of_kind(s, 0, "trebuchet", 2)
    s, _ = play(s, 0, f"attack 1/W1 {t1}")
    s, _ = play(s, 0, f"attack 2/W2 {t2}")
    assert not standing(s, 1, "W1") and not standing(s, 2, "W2") and len(s["loot"][0]) == 2


@pytest.mark.rule("CA-ACT-KING-6")
def test_a_king_may_be_one_of_the_kings_actions_and_gives_two_more():
    """Original, "Jugar el Rey": "Cuando juegas el rey puedes hacer 2 acciones consecutivas (además de
    haber jugado el rey). Éstas pueden ser las que desees, incluyendo robar cartas de poblado", and
    "Jugar el Rey" is itself one of the "Acciones". A second King played as the first King action
    uses that action and gives its own two: three actions are left, and the turn ends after them."""
    s, _ = king_turn(["king", "gold", "gold", "gold"])
    second = of_kind(s, 0, "king")[0]
    assert {"type": "king", "card": second} in GAME.legal_moves(s, 0)
    s, events = play(s, 0, f"king {second}")
    assert s["king_turn"] and s["actions"] == 3 and second in s["discard"]
    assert said(events, f"{{P0}} plays another King ({second}) as an action and has 3 actions left.")
    assert [p.text for p in GAME.prompts(s)] == ["King turn: choose your next action (3 left)."]
    view = GAME.view(s, 0)
    assert view["actions_left"] == 3 and "King turn, 3 actions left" in GAME.render(view, 0)
    for left in (2, 1):
        s, _ = play(s, 0, "discard gold")
        assert s["turn"] == 0 and s["actions"] == left
    s, _ = play(s, 0, "discard gold")
    assert s["turn"] == 1


@pytest.mark.rule("CA-ACT-KING-6")
def test_a_king_as_the_second_king_action_leaves_two_more():
    s, _ = king_turn(["king", "gold", "gold", "gold"])
    s, _ = play(s, 0, "discard gold")
    s, events = play(s, 0, "king king")
    assert s["turn"] == 0 and s["actions"] == 2 and said(events, "as an action and has 2 actions left.")
    s, _ = play(s, 0, "discard gold")
    s, _ = play(s, 0, "discard gold")
    assert s["turn"] == 1


@pytest.mark.rule("CA-ACT-KING-6")
def test_the_random_player_and_the_bots_may_play_a_king_in_a_king_turn():
    s, _ = king_turn(["king"])
    second = {"type": "king", "card": of_kind(s, 0, "king")[0]}
    rng = Rng("king in king", scheme=2)
    assert second in [GAME.random_move(s, 0, rng) for _ in range(200)]
    assert second in candidates(GAME, s, 0, Rng("bots", scheme=2))


@pytest.mark.rule("CA-ACT-KING-6")
def test_games_created_before_rules_version_4_refuse_a_king_in_a_king_turn():
    """They replay under the reading they were played with (option `king-action`, legacy `not-king`)."""
    sc = {"turn": 0, "skip_draw": True, "hands": {"0": ["king", "king", "gold"], "1": ["gold"]}}
    s = GAME.setup(2, {}, "test", sc, rules_version=3)
    assert "king-action" not in s["options"]
    s, _ = play(s, 0, "king king")
    err = refused(s, 0, "king king", "CA-ACT-KING-6")
    assert err.message == "A King cannot be played as one of the King's two actions."
    assert not any(m.get("type") == "king" for m in GAME.legal_moves(s, 0))
    rng = Rng("old king", scheme=2)
    assert all(GAME.random_move(s, 0, rng).get("type") != "king" for _ in range(200))


@pytest.mark.rule("CA-ACT-KING-7")
def test_both_king_actions_are_compulsory_and_always_possible():
    s, _ = king_turn([])
    assert hand(s, 0) == [] and prompted(s) == [0]
    refused(s, 0, "pass", "CA-TURN-3")
    assert {m["type"] for m in GAME.legal_moves(s, 0)} == {"draw", "standing"}
    s, _ = play(s, 0, "draw")
    assert s["turn"] == 0 and len(hand(s, 0)) == 1


@pytest.mark.rule("CA-ACT-KING-9")
def test_the_second_action_lapses_when_the_game_ends():
    down = {"1": {"W1": {"standing": False}, "W2": {"standing": False}}}
    s, _ = king_turn(["trebuchet", "soldier"], players=3, posts=down,
                     eliminated=[2], hands={"0": ["king", "trebuchet", "soldier"], "1": ["gold"], "2": []})
    s, _ = play(s, 0, "attack 1/C trebuchet soldier")
    assert GAME.result(s).winners == (0,) and GAME.prompts(s) == [] and s["actions"] == 2


@pytest.mark.rule("CA-ACT-DISCARD")
@pytest.mark.rule("CA-ACT-DISCARD-1")
@pytest.mark.rule("CA-GEN-2")
@pytest.mark.parametrize("kind", ["gold", "ambush", "catapult", "night", "king", "soldier"])
def test_any_card_can_be_discarded_for_no_effect(kind):
    s = make(2, {"turn": 0, "skip_draw": True, "hands": {"0": [kind]}})
    card = hand(s, 0)[0]
    assert {"type": "discard", "card": card} in GAME.legal_moves(s, 0)
    s, events = play(s, 0, f"discard {card}")
    assert s["discard"] == [card] and s["turn"] == 1 and said(events, "for no effect")


@pytest.mark.rule("CA-ACT-KING-4")
def test_each_king_attack_has_its_own_join_and_reaction_windows_and_may_hit_the_same_card():
    s, _ = king_turn(["archer", "archer"], players=3,
                     hands={"0": ["king", "archer", "archer"], "1": ["ambush", "reinforce"],
                            "2": ["soldier", "soldier"]})
    a1, a2 = of_kind(s, 0, "archer", 2)
    s, _ = play(s, 0, f"attack 1/W1 {a1}")
    assert prompted(s) == [2]                                   # first join window
    s, _ = play(s, 2, "pass")
    assert prompted(s) == [1]                                   # first reaction window
    s, events = play(s, 1, "pass")
    assert standing(s, 1, "W1") and prompted(s) == [0]          # the wall survived
    s, _ = play(s, 0, f"attack 1/W1 {a2}")                      # the same card again
    assert prompted(s) == [2]                                   # second join window
    s, _ = play(s, 2, "join soldier soldier")
    s, events = play(s, 1, "react ambush")
    assert said(events, "3 swords against 2 shields: the attack WINS") and not standing(s, 1, "W1")


@pytest.mark.rule("CA-ACT-ATTACK-15")
@pytest.mark.rule("CA-ACT-KING-4")
def test_a_lost_attack_in_a_king_turn_ends_that_action_not_the_kings_turn():
    """Original, "Atacar": "En caso de perder, las cartas de ataque quedan en el mazo de descartes y
    pasa el turno" — and "Jugar el Rey": the King's two actions may be "dos ataques seguidos". The
    turn that passes is the ordinary turn of one action; in a King turn a lost attack ends that
    action, and the King's remaining action is still played (the reading the README records)."""
    s, _ = king_turn(["archer", "archer"], posts={"1": {"W1": {"defenders": ["archer"]}}})
    s, events = play(s, 0, "attack 1/W1 archer")
    assert said(events, "the attack loses") and standing(s, 1, "W1")
    assert s["turn"] == 0 and s["actions"] == 1 and prompted(s) == [0]
    s, events = play(s, 0, "attack 1/W1 archer")             # the second of "dos ataques seguidos"
    assert said(events, "the attack loses") and s["turn"] == 1
