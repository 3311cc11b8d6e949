"""Notation, views, rendering, options and robustness (the platform contract for this game)."""
import json
import pathlib
import re

import pytest

from core.protocol import IllegalMove
from core.rng import Rng
from core.wizards_quest import GAME as G, battle, board
from core.wizards_quest import state as S
from tests.core.wizards_quest.helpers import T, ask, at, check_invariants, make, move
from tests.support import rule_docs

GUIDE = pathlib.Path(__file__).resolve().parents[3] / "server" / "guides" / "wizards-quest.md"
NOTES = pathlib.Path(__file__).resolve().parents[3] / "core" / "wizards_quest" / "README.md"

EXAMPLES = ["castle K3", "county D2C4", "hide T05 K3", "place D1C2:3 K1:2 champion@K1", "place none",
            "scatter D1C1:2 K4:1 wizard@D5C5", "lose men", "lose champion", "take 3", "take 0 wizard",
            "flee 4", "go", "go D2C2:2 D5C6:1", "break", "draw", "done", "play C07", "play C23 3",
            "play C27 T05 D3C3", "discard C08", "attack D2C1 K5", "attack D2C1 D2C4 dragon champion",
            "attack D2C3 D4C6 boat D6C2:3", "attack D2C1 D2C1 peace", "sail D2C3 K5 3 wizard", "end",
            "standing losses men-first", "standing losses ask"]


@pytest.mark.parametrize("text", EXAMPLES)
def test_notation_round_trip(text):
    st = make({})
    m = G.parse(st, 0, text)
    assert G.format(m) == text and G.same_move(G.parse(st, 0, G.format(m)), m)


@pytest.mark.parametrize(("text", "form"), [("attack D1C1", "attack <from> <to>"), ("hide T00", "hide <T..>"),
                                            ("sail D1C1", "sail <from> <to> <men>"), ("play", "play <card>"),
                                            ("discard", "discard <card>"), ("draw now", "draw")])
def test_a_known_move_with_words_missing_is_told_its_form(text, form):
    """'attack D1C1' was refused as an "unknown move 'attack'" beside a list of forms holding
    attack: a move the game knows, written with words missing or too many, is told its form."""
    with pytest.raises(IllegalMove) as refused:
        G.parse(make({}), 0, text)
    message = str(refused.value.message)
    assert "unknown move" not in message and f"({form}" in message, message


@pytest.mark.rule("WQ-DOC-1")
def test_docs_examples_parse_and_round_trip():
    """Every notation example of the player guide and of the engine's notes is real notation (the
    notes cite the seed source)."""
    notes = NOTES.read_text(encoding="utf-8")
    assert "004_b1694f7215fde1fd" in notes
    guide = re.findall(r"^- `([a-z][^`]*)`", GUIDE.read_text(encoding="utf-8"), re.M)
    assert len(guide) >= 20
    examples = guide + re.findall(r"^    (?:> )?`([a-z][^`]*)`", notes, re.M)
    st = make({})
    for example in examples:
        assert G.format(G.parse(st, 0, example)) == example


@pytest.mark.rule("WQ-DOC-4")
def test_engine_rule_ids_exist_in_the_spec():
    """Every rule an IllegalMove can name is a defined, stable spec ID: one docs/rules/wizards-quest.md
    explains (the repository's list of the spec's IDs, there in every clone)."""
    defined = set(rule_docs.definitions("WQ"))
    assert len(defined) > 240
    used = set()
    for path in (pathlib.Path(board.__file__).parent).rglob("*.py"):
        used |= set(re.findall(r"\"(WQ-[A-Z0-9]+(?:-[A-Z0-9]+)*)", path.read_text(encoding="utf-8")))
    assert used and used <= defined, used - defined


@pytest.mark.rule("WQ-DOC-3")
def test_terms_of_the_spec_are_the_engines_words():
    """Duchy, county, castle, champion, wizard, Peacemaker: the view and prompts use the spec's names."""
    st = make({"D2C1": {"owner": 0, "men": 2, "heroes": ["champion"]}}, peace="D2C4", dragon="D3C3")
    view = G.view(st, 0)
    assert view["peacemaker"] == "D2C4" and view["dragon"] == "D3C3"
    assert next(e for e in view["territories"] if e["id"] == "D2C1")["hero"] == "champion"
    picture = G.render(view, 0)
    assert "Whispery Meadow" in picture and "Castles" in picture and "Peacemaker" in picture


FUZZ_TEXT = ["", " ", "attack", "attack D9C9 K1", "attack K1", "place D1C1:x", "place D1C1:-3", "place @",
             "take -1", "take 99999999", "flee 0", "flee seven", "play", "hide T99 K1", "hide TXX K1",
             "lose everything", "standing losses maybe", "sail a b c", "go D1C1", "\x00", "ü" * 30,
             "castle", "county K1 K2", "discard", "scatter champion@Q1", "play C99", "play C23 9"]
FUZZ_JSON = [None, 1, "x", [], {}, {"type": 3}, {"type": "attack"}, {"type": "attack", "from": 5, "to": []},
             {"type": "place", "men": [1, 2]}, {"type": "place", "men": {"D1C1": "3"}},
             {"type": "place", "men": {"D1C1": 2.5}}, {"type": "place", "men": {}, "heroes": ["x"]},
             {"type": "take", "men": True}, {"type": "flee", "duchy": 1.0}, {"type": "play", "card": ["C01"]},
             {"type": "play", "card": {"a": 1}}, {"type": "standing", "losses": None},
             {"type": "sail", "from": "K5", "to": "D2C3", "men": -4}, {"type": "lose", "hero": 7},
             {"type": "go", "men": {"K1": 0}}, {"type": "hide", "treasure": None, "at": None},
             {"type": "scatter", "men": {"nowhere": 1}}, {"type": "castle", "at": {"K1": 1}}]


def test_fuzzed_moves_only_ever_raise_illegal_move_with_a_rule():
    """Random and malformed texts and JSON moves, at many decision points of real games."""
    rng = Rng("fuzz")
    for seed in range(6):
        st = G.setup(2 + seed % 5, {"blank-treasure": seed % 2 == 1}, f"fuzz-{seed}")
        for _step in range(120):
            if G.result(st) is not None:
                break
            seat = G.prompts(st)[0].seat
            for text in FUZZ_TEXT + ["".join(chr(32 + rng.below(90)) for _ in range(rng.below(20)))]:
                for who in (seat, (seat + 1) % st["players"], 7, -1):
                    try:
                        m = G.parse(st, seat, text)
                    except IllegalMove as err:
                        assert err.rule and err.rule.startswith("WQ-")
                        continue
                    try:
                        G.apply(st, who, m)
                    except IllegalMove as err:
                        assert err.rule and err.rule.startswith("WQ-")
            for bad in FUZZ_JSON:
                for who in (seat, "0", None, True):
                    try:
                        G.apply(st, who, bad)
                    except IllegalMove as err:
                        assert err.rule and err.rule.startswith("WQ-")
            st, _ = G.apply(st, seat, G.random_move(st, seat, rng))


@pytest.mark.rule("WQ-TABLE-9")
def test_views_hide_hands_deck_discards_and_the_seed():
    """Boats, collected and hidden treasures and their places are public."""
    st = make({"D2C1": {"owner": 0, "men": 2}}, hands=[["C04", "C23"], ["C06"]], boats=[[], ["C01"]])
    for seat in (0, 1, None):
        text = json.dumps(G.view(st, seat))
        assert "test-seed" not in text
        for card in G.hidden_from(st, seat):
            assert f'"{card}"' not in text
    assert G.view(st, 0)["hand"] == ["C04", "C23"] and G.view(st, 1)["boats"] == [0, 1]
    assert G.view(st, None)["hand"] is None


@pytest.mark.rule("WQ-TABLE-5")
def test_standing_orders_are_private_and_legal_at_any_time():
    st = make({"D2C1": {"owner": 0, "men": 2}})
    new, events = G.apply(st, 1, {"type": "standing", "losses": "men-first"})
    assert new["standing"][1] == "men-first" and all(e.to == (1,) for e in events)
    assert not G.public_move(st, 1, {"type": "standing", "losses": "men-first"})
    assert G.public_move(st, 0, {"type": "done"})
    assert not G.public_move(st, 0, {"type": "discard", "card": "C08"})  # the discard pile stays closed
    assert {"type": "standing", "losses": "ask"} in G.legal_moves(st, 1)


def test_render_fits_100_columns_and_shows_the_board():
    """The map by duchy with occupants and strengths, the dragon, the Peacemaker, treasures, cards, boats."""
    st = make({"D2C1": {"owner": 0, "men": 12, "heroes": ["champion"]}, "D2C4": {"orcs": 4}},
              hands=[["C04"], []], boats=[["C01"], []], dragon="D2C1", peace="D2C1",
              treasures=[{"owner": 0, "kind": "crown", "at": "D2C1"}, {"owner": 0, "kind": "chest", "at": "K1"},
                         {"owner": 0, "kind": "ring", "at": "taken"}, {"owner": 1, "kind": "crown", "at": "K3"},
                         {"owner": 1, "kind": "chest", "at": "D1C1"}, {"owner": 1, "kind": "ring", "at": "D1C2"}])
    picture = G.render(G.view(st, 0), 0)
    assert max(len(line) for line in picture.splitlines()) <= 100
    assert "D2C1 P0 12+C s5 $0cr DRAGON PEACE" in picture and "D2C4 orcs 4 s4" in picture
    assert "C04 (2 men)" in picture and "your boats: 1" in picture and "P0 1/3" in picture
    assert "C04" not in G.render(G.view(st, 1), 1)
    assert G.summary(G.view(st, None), None)


@pytest.mark.rule("WQ-STR-11")
def test_options_and_their_rules():
    """WQ-VAR-BLANK, WQ-VAR-2P: the variants are options; unknown options are refused.

    Changed in rules version 2 (issue 9): the bridge bonus defaults to 0 (the battle chapter of the
    original); games created under rules version 1 keep their default of 1."""
    opts = G.options
    assert opts["bridge-bonus"].default == 0 and opts["bridge-bonus"].rule == "WQ-STR-11"
    assert G.normalize_options({}, 1)["bridge-bonus"] == 1
    assert opts["blank-treasure"].rule == "WQ-VAR-BLANK-1" and opts["two-player-rules"].rule == "WQ-VAR-2P-1"
    assert G.normalize_options({"blank-treasure": "yes"})["blank-treasure"] is True
    with pytest.raises(IllegalMove):
        G.normalize_options({"bridge-bonus": 2})


@pytest.mark.rule("WQ-STACK-4")
def test_dragon_and_peacemaker_share_territories_with_anyone():
    """WQ-STACK-6: they are never part of an army; WQ-STACK-7: they do not occupy."""
    st = make({"D2C1": {"owner": 0, "men": 2}}, dragon="D2C1", peace="D2C1")
    check_invariants(st)
    assert S.army_strength(st, T["D2C1"]) == 2 and S.pieces(st, T["D2C1"]) == 2
    empty = make({}, dragon="D3C3", peace="D3C3")
    assert empty["owner"][T["D3C3"]] == -1


@pytest.mark.rule("WQ-STACK-6")
def test_an_army_is_all_of_one_players_pieces_on_a_territory():
    """WQ-COMP-7: 'men' never includes heroes; WQ-STR-4 caps men at 4, heroes add on top."""
    st = make({"D2C1": {"owner": 0, "men": 6, "heroes": ["wizard"]}})
    assert S.pieces(st, T["D2C1"]) == 7 and S.army_strength(st, T["D2C1"]) == 6
    assert S.units(st, 0) == 8  # with the reserve man


@pytest.mark.rule("WQ-STR-1")
def test_dragon_and_peacemaker_fight_at_six():
    """WQ-STR-2, WQ-DRAGON-9, WQ-PEACE-6: fixed strength 6 and one piece, whatever the terrain."""
    st = make({"K5": {"owner": 0, "men": 3, "heroes": ["wizard"]}, "D2C3": {"owner": 1, "men": 4}},
              dragon="D2C3")
    for vs in ("dragon", "peace"):
        fight = battle.fight_frame("special", 0, T["K5"], T["D2C3"], vs, board.LAND, 1)
        assert battle.defence_strength(st, fight) == 6


@pytest.mark.rule("WQ-COMP-6")
def test_men_and_orcs_are_unlimited_counts():
    """WQ-COMP-2, WQ-TABLE-10: 90 orc tokens are no limit; 1- and 5-man tokens are just counts."""
    spec = {board.IDS[t]: {"orcs": 4} for t in range(44)}
    st = make(spec, reserves=False)
    assert sum(st["men"]) == 176
    big = make({"D2C1": {"owner": 0, "men": 137}})
    big = S.clone(big)
    S.remove(big, T["D2C1"], 3, None)
    assert at(big, "D2C1") == (0, 134, None)


@pytest.mark.rule("WQ-COMP-5")
def test_two_dice_for_creatures_white_duchy_coloured_county():
    """WQ-TABLE-2: the engine rolls every neutral die and reports it."""
    st = make({"D2C1": {"owner": 0, "men": 1}})
    from tests.core.wizards_quest.helpers import run_frames
    out, texts, _ = run_frames(st, [{"kind": "round", "stage": "peace"}], dice=[5, 2])
    assert "rolled 5 and 2" in texts[0] and out["peace"] == T["D5C2"]


@pytest.mark.rule("WQ-HERO-SUB")
def test_hero_substitution_applies_to_any_batch_of_two_or_more():
    """Reinforcements, card men and rewards all accept a hero for 2 men; a batch of 1 never does."""
    st = make({"D2C1": {"owner": 0, "men": 1}})
    st = S.clone(st)
    st["frames"].append({"kind": "ask-place", "seat": 0, "total": 1, "single": -1, "max_heroes": 2, "why": "men from a card"})
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "place champion@D2C1")
    assert err.value.rule == "WQ-HERO-SUB-1"


@pytest.mark.rule("WQ-BOAT")
def test_no_boat_no_crossing():
    from tests.core.wizards_quest.test_battle import _to_campaigns
    st = _to_campaigns(make({"D2C3": {"owner": 0, "men": 3}, "D4C6": {"owner": 1, "men": 1}}))
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "attack D2C3 D4C6 boat")
    assert err.value.rule == "WQ-BOAT-2"


@pytest.mark.rule("WQ-COMP-7")
def test_dice_move_the_neutral_creatures_and_players_only_their_own():
    """Nobody is ever prompted to move orcs, the dragon or the Peacemaker except by cards and battle results."""
    st = G.setup(3, {}, "creatures")
    rng = Rng("c")
    kinds = set()
    for _ in range(400):
        if G.result(st):
            break
        p = G.prompts(st)[0]
        kinds.add(p.kind)
        st, _ = G.apply(st, p.seat, G.random_move(st, p.seat, rng))
    assert kinds <= {"setup", "place", "loss", "scatter", "take", "flee", "campaign", "cards", "turn"}


def test_default_moves_are_legal_at_every_decision():
    """A passed deadline answers with a legal, passive move (setup placements included)."""
    rng = Rng("defaults")
    for seed in range(4):
        st = G.setup(2 + seed, {}, f"defaults-{seed}")
        for _ in range(300):
            if G.result(st) is not None:
                break
            seat = G.prompts(st)[0].seat
            assert G.default_move(st, (seat + 1) % st["players"]) is None
            m = G.default_move(st, seat)
            G.apply(st, seat, m)  # must be legal
            st, _ = G.apply(st, seat, G.random_move(st, seat, rng))


@pytest.mark.rule("WQ-TABLE-7")
def test_setup_decisions_one_player_at_a_time_in_their_order():
    """Castle, counties, hiding (castle round first), starting men: one seat asked at a time,
    each stage going round the table from the first player."""
    st = G.setup(4, {}, "table-7")
    rng = Rng("table-7")
    asked = []
    while st["round"] == 0:
        prompts = G.prompts(st)
        assert len(prompts) == 1
        pending = ask(st)
        stage = pending["kind"] if pending["kind"] != "hide" else f"hide{pending['round']}"
        asked.append((stage, pending["seat"]))
        st, _ = G.apply(st, pending["seat"], G.random_move(st, pending["seat"], rng))
    stages = [k for k, _ in asked]
    order = ["castle", "county", "hide0", "hide1", "hide2", "place"]
    assert [k for i, k in enumerate(stages) if i == 0 or stages[i - 1] != k] == order
    first = st["first"]
    for stage in order:
        seats = [s for k, s in asked if k == stage]
        assert seats == [(first + i) % 4 for i in range(len(seats))]
    assert len([1 for k in stages if k == "castle"]) == 4 and len([1 for k in stages if k == "place"]) == 4


def test_a_passed_deadline_never_plays_a_card_that_steers_the_creatures():
    """Docs, choices: with a full hand after the ring draw the default discards that card; with three
    cards after a draw it plays a card with no target rather than the dragon or the Peacemaker."""
    from tests.core.wizards_quest.test_turn import campaign_for_treasure
    full, _ = campaign_for_treasure("ring", deck=["C23"], hand=["C19", "C20"])
    assert G.default_move(full, 0) == {"type": "discard", "card": "C23"}
    st = make({"D2C1": {"owner": 0, "men": 3}}, hands=[["C23", "C25"], []], deck=["C05"])
    st, _ = move(st, 0, "draw")
    assert G.default_move(st, 0) == {"type": "play", "card": "C05"}


@pytest.mark.rule("WQ-DOC-2")
def test_reconstructed_map_is_data_in_one_module():
    """RECONSTRUCTED facts are swappable data: no other engine module names a territory."""
    here = pathlib.Path(board.__file__).parent
    for path in here.rglob("*.py"):
        if path.name == "data.py":
            continue
        source = path.read_text(encoding="utf-8")
        for name in ("Dewbury", "Cattle Meade", "Earthen Pass", "Marls Gate", "Pembroke"):
            assert name not in source, f"{path.name} names {name}"


@pytest.mark.rule("WQ-TABLE-6")
def test_the_active_players_decisions_are_asked_for():
    """Draw or not, play, place (heroes for men), campaigns with boat/hero move/men, fight on or
    break off, how many move in: each is a prompt with these moves."""
    st = make({"D2C1": {"owner": 0, "men": 3}, "D2C2": {"owner": 0, "men": 3}, "D2C4": {"owner": 1, "men": 3}},
              hands=[["C23"], []])
    legal = G.legal_moves(st, 0)
    assert {"type": "draw"} in legal and {"type": "done"} in legal
    assert {"type": "play", "card": "C23", "duchy": 4} in legal
    st, _ = move(st, 0, "done")
    assert G.prompts(st)[0].kind == "place" and "pattern" in G.legal_moves(st, 0)[0]
    st, _ = move(st, 0, "place D2C1:2 champion@D2C2")
    legal = G.legal_moves(st, 0)
    assert {"type": "end"} in legal and any("pattern" in m and "champion|wizard" in m["pattern"] for m in legal)
    assert {"type": "attack", "from": "D2C1", "to": "D2C4", "vs": "army", "boat": False, "hero": "", "men": {}} \
        in legal
    st["dice"] = [6, 6]
    st, _ = move(st, 0, "attack D2C1 D2C4 D2C2:1")
    assert G.prompts(st)[0].kind == "campaign"
    assert {"type": "break"} in G.legal_moves(st, 0) and {"type": "go", "men": {}} in G.legal_moves(st, 0)


def test_the_prompted_seat_sees_the_details_of_its_decision():
    st = make({"D2C1": {"owner": 0, "men": 3}})
    st, _ = move(st, 0, "done")
    assert G.view(st, 0)["decision"] == {"kind": "place", "total": 4, "single": None, "maxh": 2,
                                         "why": "reinforcements"}
    assert G.view(st, 1)["decision"] is None and G.view(st, None)["decision"] is None


def test_illegal_moves_name_the_rule_and_suggest_legal_ones():
    st = make({"D2C1": {"owner": 0, "men": 3}})
    with pytest.raises(IllegalMove) as err:
        move(st, 0, "end")
    assert err.value.code == "wrong-move" and "draw" in err.value.legal and "done" in err.value.legal


def test_every_listed_concrete_move_is_accepted():
    """legal_moves never lists a move apply refuses (examples beside patterns included), and a
    script choosing only listed moves finishes games."""
    from tests.core.playout import play
    rng = Rng("listed")
    for seed in range(5):
        st = G.setup(2 + seed, {"blank-treasure": seed % 2 == 0}, f"listed-{seed}")
        for _ in range(250):
            if G.result(st) is not None:
                break
            seat = G.prompts(st)[0].seat
            concrete = [m for m in G.legal_moves(st, seat) if "pattern" not in m]
            assert concrete
            for m in concrete[:25]:
                G.apply(st, seat, m)
            st, _ = G.apply(st, seat, G.random_move(st, seat, rng))

    def script(game, state, seat, r):
        concrete = [m for m in game.legal_moves(state, seat) if "pattern" not in m]
        return concrete[r.below(len(concrete))]

    for players in (2, 6):
        assert play(G, players, f"script-{players}", chooser=script, full_checks=False, max_moves=5000).ended


def test_summary_for_mails_says_who_is_asked_and_the_treasure_race():
    st = make({"D2C1": {"owner": 0, "men": 3}}, hands=[["C04"], []])
    text = G.summary(G.view(st, 0), 0)
    assert "Waiting for P0" in text and "Treasures collected" in text and "C04 (2 men)" in text
    assert "C04" not in G.summary(G.view(st, 1), 1)


@pytest.mark.rule("WQ-SETUP-3")
@pytest.mark.parametrize("at", [5, None, ["K1"], "K9", "D7C1"])
def test_a_castle_that_names_no_territory_is_a_bad_territory(at):
    """Any value of a territory field that names no territory is refused as bad-territory, as
    before moves were checked from the MOVES table (a number there gave the generic bad-move)."""
    st = G.setup(2, {}, "territory")
    seat = G.prompts(st)[0].seat
    with pytest.raises(IllegalMove) as err:
        G.apply(st, seat, {"type": "castle", "at": at})
    assert err.value.code == "bad-territory" and err.value.rule == "WQ-SETUP-3"


@pytest.mark.rule("WQ-CAMP-2")
@pytest.mark.parametrize("source,target", [(5, "D2C4"), ("D2C1", None), ("D2C1", {"id": "D2C4"}), ("X", "D2C4")])
def test_an_attack_whose_source_or_target_names_no_territory_is_a_bad_territory(source, target):
    from tests.core.wizards_quest.test_battle import _to_campaigns
    st = _to_campaigns(make({"D2C1": {"owner": 0, "men": 3}, "D2C4": {"owner": 1, "men": 1}}))
    with pytest.raises(IllegalMove) as err:
        G.apply(st, 0, {"type": "attack", "from": source, "to": target})
    assert err.value.code == "bad-territory" and err.value.rule == "WQ-CAMP-2"


def test_a_castle_move_without_its_territory_is_still_a_bad_move():
    """A missing field is a shape error (core.movespec), not a territory that names nothing."""
    st = G.setup(2, {}, "territory")
    with pytest.raises(IllegalMove) as err:
        G.apply(st, G.prompts(st)[0].seat, {"type": "castle"})
    assert err.value.code == "bad-move"
