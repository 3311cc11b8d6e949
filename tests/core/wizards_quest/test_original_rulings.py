"""Rules version 2: where the engine now follows the Hungarian original (seed 004) instead of a
reading of the English spec that the original contradicts (issue 9, points 1 to 3). Each test
quotes the passage; each also checks that a game created under rules version 1 keeps the old
reading, since stored games must replay as they were played."""
import pytest

from core.protocol import IllegalMove
from core.wizards_quest import board, cards
from tests.core.wizards_quest.helpers import G, T, ask, at, make, move, run_frames
from tests.core.wizards_quest.test_battle import _to_campaigns, fight_strengths
from tests.core.wizards_quest.test_turn import treasures


def ring_game(hand, rules_version=None):
    """Seat 0 takes D2C4 holding his ring; the ring draws C06 (3 men); `hand` is held before."""
    rest = [c for c in cards.ALL_CARDS if c != "C06" and c not in hand]
    sc = {"phase": "turn", "board": {"D2C1": {"owner": 0, "men": 5}, "K4": {"owner": 0, "men": 1},
                                     "K6": {"owner": 1, "men": 1}},
          "treasures": treasures("ring"), "deck": ["C06"] + rest, "hands": [list(hand), []]}
    st = _to_campaigns(G.setup(2, {}, "test-seed", sc, rules_version=rules_version), camps=2)
    st, _ = move(st, 0, "attack D2C1 D2C4")
    st, _ = move(st, 0, "take 3")
    return st


@pytest.mark.rule("WQ-CARDS-4")
def test_only_the_card_drawn_for_the_ring_may_be_played_then():
    """Original: "A játékos csak köre legelején húzhat és játszhat ki kártyát" (cards are drawn and
    played only at the very start of a turn); the ring: "húz egy kártyát, amelyet vagy azonnal
    kijátszik, vagy tartalékolja" (he draws a card, which he plays at once or keeps). WQ-TREASURE-4."""
    st = ring_game(["C19"])
    assert ask(st)["mode"] == "ring"
    legal = [G.format(m) for m in G.legal_moves(st, 0)]
    assert sorted(legal) == ["done", "play C06"]  # the held extra campaign C19 is not offered
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "play C19")
    assert err.value.rule == "WQ-CARDS-4" and "only the card drawn for the ring" in err.value.message
    kept, _ = move(st, 0, "done")  # "vagy tartalékolja": he keeps it
    assert sorted(kept["hands"][0]) == ["C06", "C19"] and ask(kept)["kind"] == "camp"
    played, _ = move(st, 0, "play C06")
    played, _ = move(played, 0, "place D2C4:3")
    assert played["hands"][0] == ["C19"] and ask(played)["kind"] == "camp"
    assert played["turn"]["campaigns"] == 1  # the second campaign is left; C19's extra one was not played


@pytest.mark.rule("WQ-CARDS-4")
def test_a_rules_version_1_game_keeps_the_whole_hand_ring_window():
    """Stored games replay as played: under rules version 1 the held card could be played too."""
    st = ring_game(["C19"], rules_version=1)
    assert "ring-window" not in st["options"]
    st, _ = move(st, 0, "play C06")
    st, _ = move(st, 0, "place D2C4:3")
    st, _ = move(st, 0, "play C19")
    assert st["turn"]["campaigns"] == 2


def two_boat_game(rules_version=None):
    sc = {"phase": "turn", "board": {"D2C3": {"owner": 0, "men": 6}, "K4": {"owner": 0, "men": 1},
                                     "D4C6": {"owner": 1, "men": 1}, "K7": {"owner": 1, "men": 1},
                                     "K6": {"owner": 1, "men": 1}},
          "hands": [[], []], "boats": [["C01", "C02"], []]}
    st = _to_campaigns(G.setup(2, {}, "test-seed", sc, rules_version=rules_version), camps=3)
    st["deck"] = [c for c in st["deck"] if c not in ("C01", "C02")]
    return st


@pytest.mark.rule("WQ-BOAT-2")
def test_each_boat_card_is_one_crossing_with_no_limit_per_turn():
    """Original: "A játékos előtt bárhány ilyen kártya lehet" (a player may have any number of these
    cards) and "Egy csónak csak egyetlen terület elleni támadáshoz, illetve egyetlen területre
    irányuló mozgáshoz használható fel, utána a kártyát el kell dobni" (a boat serves one attack or
    one move, then the card is discarded). WQ-BOAT-1, WQ-BOAT-3: two boats, two crossings a turn."""
    st = two_boat_game()
    st["dice"] = [1, 6]
    st, _ = move(st, 0, "attack D2C3 D4C6 boat")
    st, _ = move(st, 0, "take 2")
    assert at(st, "D4C6") == (0, 2, None) and st["boats"][0] == ["C02"] and "C01" in st["discard"]
    st["dice"] = [1, 6]
    st, texts = move(st, 0, "attack D2C3 K7 boat")  # the second boat, the same turn
    assert any("by boat" in t for t in texts)
    st, _ = move(st, 0, "take 1")
    assert at(st, "K7") == (0, 1, None) and st["boats"][0] == [] and "C02" in st["discard"]
    with pytest.raises(IllegalMove) as err:  # no third boat: the cards are used up
        move(st, 0, "sail D2C3 K7 1")
    assert err.value.rule == "WQ-BOAT-2" and "no boat card" in err.value.message


@pytest.mark.rule("WQ-BOAT-3")
def test_a_rules_version_1_game_keeps_one_boat_a_turn():
    """Stored games replay as played: under rules version 1 the second boat waited for the next turn."""
    st = two_boat_game(rules_version=1)
    st["dice"] = [1, 6]
    st, _ = move(st, 0, "attack D2C3 D4C6 boat")
    st, _ = move(st, 0, "take 2")
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "attack D2C3 K7 boat")
    assert err.value.message == "You have no boat to use this turn."


@pytest.mark.rule("WQ-STR-11")
def test_no_bridge_bonus_by_default_for_player_attacks_and_orc_raids():
    """Original, battle chapter: only forest/mountain (+1), castle (+2) and the Great Tunnel (+2) add
    to a defender ("Ha a megtámadott sereg ... védekezik, harci erejéhez +1 járul"); a bridge bonus
    appears only in the boat rule ("a híd biztosította védelembónusz nem számít"). So the default
    gives none, to players and to orc raids alike; `bridge-bonus 1` keeps the reconstructed +1."""
    spots = {"D1C2": {"owner": 0, "men": 5}, "D1C1": {"owner": 1, "men": 2}}
    assert board.LINK[(T["D1C2"], T["D1C1"])] == board.BRIDGE
    assert fight_strengths(make(spots), "D1C2", "D1C1")[1] == 2
    assert fight_strengths(make(spots, options={"bridge-bonus": 1}), "D1C2", "D1C1")[1] == 3
    orcs = {"D1C2": {"orcs": 4}, "D1C1": {"owner": 1, "men": 2}}
    raid = {"kind": "raid", "source": T["D1C2"], "targets": [T["D1C1"]], "next": 0}
    for options, defence in (({}, 2), ({"bridge-bonus": 1}, 3)):
        assert fight_strengths(make(orcs, options=options), "D1C2", "D1C1", mode="raid")[1] == defence
        _out, texts, _ = run_frames(make(orcs, options=options), [raid], dice=[6, 6])
        assert any(f"(strength {defence})" in t for t in texts if t.startswith("Battle")), texts


@pytest.mark.rule("WQ-STR-11")
def test_a_rules_version_1_game_keeps_the_bridge_bonus():
    """A game created under rules version 1 stored bridge-bonus 1 (its default then)."""
    st = G.setup(2, {}, "test-seed", rules_version=1)
    assert st["options"]["bridge"] == 1 and G.normalize_options({})["bridge-bonus"] == 0
