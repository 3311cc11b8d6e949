"""The card list of rules §3 as data (CA-GEN-13, CA-GEN-9, §3.2-3.6)."""
from collections import Counter

import pytest

from core.castle_assault import GAME
from core.castle_assault.data import CARDS, SETUP, half_text
from core.protocol import IllegalMove

from .helpers import make


@pytest.mark.rule("CA-GEN-13")
def test_120_cards_in_five_decks_with_the_reconstructed_split():
    decks = Counter(CARDS.deck[c] for c in CARDS.kind_of)
    assert CARDS.total == 120
    assert decks == {"F": 12, "V": 70, "S": 12, "D": 12, "A": 14}


def test_each_kind_has_its_count_and_values():
    """§3.2-3.6, the values every rule below relies on (half points: one sword = 2)."""
    count = Counter(CARDS.key[c] for c in CARDS.kind_of)
    assert count == {"castle": 4, "wall": 8, "soldier": 16, "archer": 14, "gold": 12, "builder": 10,
                     "explorer1": 4, "explorer2": 3, "explorer3": 1, "king": 2, "duke": 4, "night": 4,
                     "catapult": 4, "trebuchet": 3, "ram": 3, "tower": 2, "crypt": 2, "rats": 2, "goblins": 2,
                     "skeletons": 2, "troll": 2, "dragon": 1, "cavein": 1, "ambush": 4, "reinforce": 3,
                     "sabotage": 3, "oil": 2, "portcullis": 2}
    k = CARDS.kinds
    assert (k["castle"].defence, k["wall"].defence) == (8, 4)
    assert (k["castle"].max_defenders, k["wall"].max_defenders) == (4, 2)
    assert (k["soldier"].swords, k["soldier"].defence, k["archer"].swords, k["archer"].defence) == (4, 1, 2, 2)
    assert [k[x].swords for x in ("catapult", "trebuchet", "ram", "tower")] == [6, 8, 4, 6]
    assert [x for x in ("catapult", "trebuchet", "ram", "tower") if k[x].assault] == ["ram", "tower"]
    assert [(k[x].danger, k[x].treasure) for x in ("crypt", "rats", "goblins", "skeletons", "troll", "dragon",
                                                     "cavein")] == [(0, 1), (1, 1), (2, 2), (3, 2), (4, 3),
                                                                    (5, 4), (2, 0)]
    assert [k[x].torches for x in ("explorer1", "explorer2", "explorer3")] == [1, 2, 3]
    assert k["ambush"].amount == 4 and k["reinforce"].amount == 4 and k["portcullis"].amount == 6
    assert [k[x].effect for x in ("ambush", "reinforce", "sabotage", "oil", "portcullis")] == \
        ["fewer-swords", "more-shields", "remove-siege", "remove-unit", "more-shields"]
    assert [x for x in ("ambush", "reinforce", "sabotage", "oil", "portcullis") if k[x].castle_only] == \
        ["portcullis"]


@pytest.mark.rule("CA-GEN-9")
def test_banners_are_informational_colours_per_kind():
    banner = {k.key: k.banner for k in CARDS.kinds.values()}
    for key in ("soldier", "archer", "builder", "explorer1", "king", "duke", "night", "catapult", "ram"):
        assert banner[key] == "red"
    assert banner["gold"] == "gold"
    assert {banner[k] for k in ("ambush", "reinforce", "sabotage", "oil", "portcullis")} == {"purple"}
    assert banner["castle"] == banner["wall"] == banner["troll"] == ""


@pytest.mark.rule("CA-ACT-THIEF")
def test_the_retail_thief_card_is_not_part_of_these_rules():
    assert not any("thief" in k.key or "ladr" in k.spanish.lower() for k in CARDS.kinds.values())
    s = make(2)
    with pytest.raises(IllegalMove) as err:
        GAME.apply(s, s["turn"], {"type": "thief", "card": "V1"})
    assert err.value.code == "bad-move"


def test_terms_half_points_read_as_players_read_them():
    """§2 Terms: shields may be halves; the engine counts half points."""
    assert [half_text(x) for x in (8, 9, 1, 0)] == ["4", "4½", "½", "0"]


def test_every_id_is_unique_and_names_its_deck():
    assert all(c[0] == CARDS.deck[c] for c in CARDS.kind_of)
    assert len(set(CARDS.kind_of)) == 120


@pytest.mark.rule("CA-ACT-DEFEND-2")
def test_colours_walls_and_archers_green_castle_and_soldiers_blue():
    k = CARDS.kinds
    assert k["wall"].colour == k["archer"].colour == "green"
    assert k["castle"].colour == k["soldier"].colour == "blue"


def test_setup_numbers_table():
    assert SETUP[2] == {"walls": 3, "village": 4, "academy": 1}
    assert SETUP[3] == SETUP[4] == {"walls": 2, "village": 5, "academy": 0}


def test_the_card_list_option_names_the_data_module_list():
    assert GAME.options["cards"].default == "v05" and GAME.normalize_options({})["cards"] == "v05"
