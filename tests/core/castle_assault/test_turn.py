"""Turn structure (CA-TURN)."""
import pytest

from core.castle_assault import GAME
from core.castle_assault.data import CARDS
from core.rng import Rng

from .helpers import hand, kinds, make, play, prompted, refused, said, stationed, texts


@pytest.mark.rule("CA-TURN")
@pytest.mark.rule("CA-TURN-1")
def test_every_turn_starts_with_a_compulsory_village_draw_even_the_first():
    s = make(2, {"turn": 0, "hands": {"0": ["gold"], "1": ["gold"]}, "village_top": ["king", "duke"]})
    assert kinds(hand(s, 0)) == ["gold", "king"]             # first turn: drew the King
    s, events = play(s, 0, "discard king")
    assert kinds(hand(s, 1)) == ["duke", "gold"]             # next turn: drew the Duke
    assert "{P1}'s turn: {P1} draws a Village card." in texts(events, 0)
    assert any("You drew" in t and "Duke" in t for t in texts(events, 1))
    assert not any("Duke" in t for t in texts(events, 0))    # what was drawn is secret


@pytest.mark.rule("CA-TURN-2")
def test_one_action_may_use_several_cards_and_then_the_turn_is_over():
    s = make(2, {"turn": 0, "skip_draw": True, "hands": {"0": ["builder", "gold", "gold", "gold", "gold"],
                                                           "1": ["gold"]}})
    s, _ = play(s, 0, "build builder gold gold gold")
    assert sorted(CARDS.deck[c] for c in hand(s, 0)) == ["S", "V"]     # one gold + the Siege card
    assert s["turn"] == 1 and prompted(s) == [1]


@pytest.mark.rule("CA-TURN-3")
def test_a_player_cannot_pass_on_their_turn():
    s = make(2, {"turn": 0, "skip_draw": True, "hands": {"0": ["gold"]}})
    refused(s, 0, "pass", "CA-TURN-3")
    assert {m["type"] for m in GAME.legal_moves(s, 0)} - {"standing"} == {"buy", "discard"}


@pytest.mark.rule("CA-TURN-4")
def test_after_the_action_the_turn_ends_so_a_second_attack_is_out_of_turn():
    s = make(2, {"turn": 0, "skip_draw": True, "hands": {"0": ["soldier", "soldier"], "1": ["gold"]}})
    s, _ = play(s, 0, "attack 1/W1 soldier")
    assert s["turn"] == 1
    refused(s, 0, "attack 1/W1 soldier", "CA-TURN-6")


@pytest.mark.rule("CA-TURN-5")
def test_the_turn_actions_and_no_others():
    s = make(2, {"turn": 0, "skip_draw": True,
                 "hands": {"0": ["soldier", "archer", "gold", "gold", "builder", "builder", "explorer2", "king",
                                 "duke", "night"]}})
    types = {m.get("type") or m["pattern"].split()[0] for m in GAME.legal_moves(s, 0)}
    assert types == {"attack", "night", "defend", "build", "explore", "buy", "academy", "king", "discard",
                     "standing"}
    refused(s, 0, "draw", "CA-ACT-KING-3")                   # only inside a King turn
    err = refused(s, 0, "join soldier", "CA-MULTI-1")
    assert err.code == "wrong-move-now"


@pytest.mark.rule("CA-TURN-6")
def test_out_of_turn_a_player_may_only_react_or_join_when_asked():
    s = make(3, {"turn": 0, "skip_draw": True, "hands": {"0": ["soldier", "gold"], "1": ["gold", "soldier"],
                                                           "2": ["gold", "soldier"]}})
    err = refused(s, 1, "discard gold", "CA-TURN-6")
    assert "waiting for seat 0, on seat 0's turn" in err.message
    s, _ = play(s, 0, "attack 1/W1 soldier")
    assert prompted(s) == [2]                                  # the joiner, not the victim yet
    refused(s, 1, "pass", "CA-TURN-6")
    refused(s, 2, "discard gold", "CA-MULTI-4")                # in the join window: join or pass only


@pytest.mark.rule("CA-TURN-7")
def test_an_empty_hand_after_the_draw_is_a_forced_pass():
    s = make(2, {"turn": 1, "skip_draw": True, "hands": {"0": [], "1": ["archer", "archer"]}})
    s["hands"][1] += s["village"]                              # no Village card left to draw anywhere
    s["village"] = []
    s, events = play(s, 1, "defend archer W1")
    assert "{P0} has no card and no possible action: the turn passes." in texts(events)
    assert s["turn"] == 1 and prompted(s) == [1] and hand(s, 0) == []


@pytest.mark.rule("CA-GEN-5")
def test_a_draw_from_an_empty_deck_rebuilds_it_from_the_discard_pile():
    s = make(2, {"turn": 1, "skip_draw": True, "hands": {"0": [], "1": ["gold", "archer"]}})
    s["hands"][1] += s["village"]
    s["village"] = []
    s, events = play(s, 1, "discard gold")
    assert kinds(hand(s, 0)) == ["gold"] and s["discard"] == []
    assert any("Village deck ran out" in t for t in texts(events))


def emptied(rules_version=None, defenders=("archer",)):
    """Seat 1 stations an Archer; then seat 0's turn begins with an empty hand and no Village card
    left to draw anywhere (the discard pile is empty too), with `defenders` on its wall W1."""
    s = GAME.setup(2, {}, "test", {"turn": 1, "skip_draw": True, "hands": {"0": [], "1": ["archer", "archer"]},
                                   "posts": {"0": {"W1": {"defenders": list(defenders)}}}}, rules_version=rules_version)
    s["hands"][1] += s["village"]
    s["village"] = []
    return play(s, 1, "defend archer W1")


@pytest.mark.rule("CA-TURN-7")
@pytest.mark.rule("CA-ACT-DEFEND-5")
def test_an_empty_hand_with_a_stationed_defender_must_take_one_back():
    """Original: "Es obligatorio realizar una acción incluso si la carta usada no tiene ningún efecto (no
    es posible 'pasar turno')", "Siempre se debe hacer una acción ... (no se puede pasar)", and, under
    Defender, "También se puede hacer la acción inversa, es decir, recuperar una carta colocada
    anteriormente en un puesto de defensa": taking a card back needs no card in hand, so an empty hand
    with a defender stationed still has an action, and it is compulsory."""
    s, events = emptied()
    archer = stationed(s, 0, "W1")[0]
    assert not said(events, "no possible action") and hand(s, 0) == []
    assert s["turn"] == 0 and prompted(s) == [0]
    assert [p.text for p in GAME.prompts(s)] == ["Your hand is empty: take a stationed card back, your turn's one "
                                                  "action (you cannot pass)."]
    assert [m for m in GAME.legal_moves(s, 0) if m["type"] != "standing"] == [{"type": "takeback", "card": archer}]
    refused(s, 0, "pass", "CA-TURN-3")
    rng = Rng("empty hand", scheme=2)
    assert all(m == {"type": "takeback", "card": archer} or m["type"] == "standing"
               for m in (GAME.random_move(s, 0, rng) for _ in range(50)))
    s, events = play(s, 0, f"takeback {archer}")
    assert hand(s, 0) == [archer] and stationed(s, 0, "W1") == [] and s["turn"] == 1
    assert said(events, f"{{P0}} takes {archer} Archer back from wall W1.")


@pytest.mark.rule("CA-TURN-7")
def test_the_random_player_takes_back_one_of_several_defenders():
    s, _ = emptied(defenders=("archer", "archer"))
    backs = [{"type": "takeback", "card": card} for card in stationed(s, 0, "W1")]
    rng = Rng("two defenders", scheme=2)
    moves = [GAME.random_move(s, 0, rng) for _ in range(100)]
    assert {m["card"] for m in moves if m["type"] == "takeback"} == set(stationed(s, 0, "W1"))
    assert all(m in backs or m["type"] == "standing" for m in moves)


@pytest.mark.rule("CA-TURN-7")
def test_games_created_before_rules_version_4_pass_an_empty_hand_even_with_a_defender():
    """They replay under the reading they were played with (option `empty-hand`, legacy `pass`): no
    card in hand after the draw was the one forced pass, a stationed defender or not."""
    s, events = emptied(rules_version=3)
    assert "empty-hand" not in s["options"]
    assert said(events, "{P0} has no card and no possible action: the turn passes.")
    assert len(stationed(s, 0, "W1")) == 1 and hand(s, 0) == []
    assert s["turn"] == 1 and prompted(s) == [1]


@pytest.mark.rule("CA-TURN-8")
def test_an_eliminated_players_turn_is_a_gift_or_a_pass_without_a_draw():
    s = make(3, {"turn": 0, "skip_draw": True, "eliminated": [1],
                 "hands": {"0": ["gold"], "1": ["soldier", "gold"], "2": ["gold"]}})
    s, _ = play(s, 0, "discard gold")
    assert s["turn"] == 1 and s["phase"] == "gift" and len(hand(s, 1)) == 2      # no draw
    refused(s, 1, "discard gold", "CA-MULTI-9")
    s, events = play(s, 1, "give 2 soldier")
    assert "soldier" in kinds(hand(s, 2)) and s["turn"] == 2
    assert CARDS.key[hand(s, 1)[0]] == "gold"
