"""Loot (CA-LOOT)."""
import pytest

from core.castle_assault import GAME
from core.castle_assault.data import CARDS
from core.castle_assault.glossary import GLOSSARY

from .helpers import hand, kinds, make, play, said, stationed, view_text


def won_battle(players, ana=("trebuchet",), target="1/W1", **extra):
    sc = {"turn": 0, "skip_draw": True, "hands": {"0": list(ana), "1": ["gold"]},
          "village_top": ["night", "duke"]}
    for seat in range(2, players):
        sc["hands"][str(seat)] = ["gold"]
    sc.update(extra)
    s = make(players, sc)
    if target == "guard":
        target = stationed(s, 1, "W1")[0]
    return play(s, 0, {"type": "attack", "target": target, "cards": [c for c in hand(s, 0) if CARDS.attack[c]]})


@pytest.mark.rule("CA-LOOT")
@pytest.mark.rule("CA-LOOT-1")
def test_a_won_battle_earns_one_village_card_also_against_a_stationed_card():
    s, _ = won_battle(2)
    assert kinds(hand(s, 0)) == ["night"]
    s, _ = won_battle(2, ana=["soldier"], target="guard", posts={"1": {"W1": {"defenders": ["archer"]}}})
    assert kinds(hand(s, 0)) == ["night"]


@pytest.mark.rule("CA-LOOT-2")
def test_with_two_players_loot_goes_to_the_hand_and_is_usable():
    s, events = won_battle(2)
    loot = hand(s, 0)[0]
    assert s["loot"] == [[], []] and said(events, CARDS.label(loot), 0) and not said(events, loot, 1)


@pytest.mark.rule("CA-LOOT-3")
@pytest.mark.parametrize("players", [3, 4])
def test_with_more_players_loot_is_face_down_and_secret_even_from_its_owner(players):
    s, events = won_battle(players)
    loot = s["loot"][0]
    assert len(loot) == 1 and hand(s, 0) == []
    for seat in list(range(players)) + [None]:
        assert f'"{loot[0]}"' not in view_text(s, seat) and loot[0] in GAME.hidden_from(s, seat)
        assert not said(events, loot[0], seat)
    assert not any(m.get("card") == loot[0] for m in GAME.legal_moves(s, 0))


@pytest.mark.rule("CA-LOOT-4")
@pytest.mark.rule("CA-MULTI-7")
def test_the_loot_pile_joins_the_hand_when_the_castle_falls():
    down = {"1": {"W1": {"standing": False}, "W2": {"standing": False}}}
    s, events = won_battle(3, ana=["trebuchet", "archer"], target="1/C", posts=down,
                           loot={"1": ["king", "gold"]}, hands={"0": ["trebuchet", "archer"], "1": ["soldier"],
                                                                "2": ["gold"]})
    assert s["loot"][1] == [] and kinds(hand(s, 1)) == ["gold", "king", "soldier"]
    assert said(events, "King", 1) and not said(events, "King", 2)


@pytest.mark.rule("CA-LOOT-5")
def test_joiners_loot_too_unless_the_option_gives_loot_to_the_active_player_only():
    for option, sizes in (("all", [1, 0, 1]), ("active", [1, 0, 0])):
        s = make(3, {"turn": 0, "skip_draw": True, "hands": {"0": ["soldier"], "1": ["gold"], "2": ["soldier"]}},
                 join_loot=option)
        s, _ = play(s, 0, "attack 1/W1 soldier")
        s, _ = play(s, 2, "join soldier")
        assert [len(p) for p in s["loot"]] == sizes


@pytest.mark.rule("CA-LOOT-5")
def test_the_glossary_gives_joiners_loot_only_under_join_loot_all():
    """Original, "Atacar": "El jugador victorioso roba una carta extra del mazo de poblado como botín";
    "Botín": "se consigue 1 carta de botín por cada batalla vencida". By default (`join-loot active`)
    only the active player draws it, and `herald explain castle-assault join` says so."""
    text = str(GLOSSARY.entries["join"].text)
    assert "share the loot" not in text
    assert "only the attacker draws loot" in text and "`join-loot all` every joiner draws" in text


@pytest.mark.rule("CA-LOOT-7")
def test_loot_pile_sizes_are_public():
    s, _ = won_battle(4)
    for seat in (1, 2, 3, None):
        assert GAME.view(s, seat)["loot_sizes"] == [1, 0, 0, 0]
    assert "loot pile 1" in GAME.render(GAME.view(s, 2), 2)


@pytest.mark.rule("CA-LOOT-8")
def test_loot_from_an_empty_deck_rebuilds_or_is_lost():
    s = make(2, {"turn": 0, "skip_draw": True, "hands": {"0": ["trebuchet"], "1": ["gold"]}})
    s["hands"][1] += s["village"]
    s["village"] = []
    s, events = play(s, 0, "attack 1/W1 trebuchet")       # the discard pile holds only the Trebuchet
    assert said(events, "loot is lost") and hand(s, 0) == []
    assert CARDS.key[s["siege"][0]] == "trebuchet"        # rebuild: Siege card back under its deck
    s = make(2, {"turn": 0, "skip_draw": True, "hands": {"0": ["trebuchet", "archer"], "1": ["gold"]}})
    s["hands"][1] += s["village"]
    s["village"] = []
    s["discard"] = [s["hands"][1].pop()]
    s, events = play(s, 0, "attack 1/W1 trebuchet")
    assert said(events, "Village deck ran out") and len(hand(s, 0)) == 2
