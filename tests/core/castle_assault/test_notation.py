"""The move notation: every form of the player guide (server/guides/castle-assault.md), round trips, kind
names, errors."""
import pytest

from core.castle_assault import GAME
from core.castle_assault.data import CARDS
from core.protocol import IllegalMove

from .helpers import make

EXAMPLES = [
    ("attack 1/W2 V3 V17", {"type": "attack", "target": "1/W2", "cards": ["V3", "V17"]}),
    ("attack V20 S4", {"type": "attack", "target": "V20", "cards": ["S4"]}),
    ("night V66 1/C S8 V3", {"type": "night", "night": "V66", "target": "1/C", "cards": ["S8", "V3"]}),
    ("night V66 2/W1", {"type": "night", "night": "V66", "target": "2/W1", "cards": []}),
    ("defend V17 W1", {"type": "defend", "card": "V17", "post": "W1"}),
    ("defend V3 C", {"type": "defend", "card": "V3", "post": "C"}),
    ("takeback V17", {"type": "takeback", "card": "V17"}),
    ("build V40 V41 V50 V51", {"type": "build", "cards": ["V40", "V41", "V50", "V51"]}),
    ("explore V58 V62", {"type": "explore", "cards": ["V58", "V62"]}),
    ("buy V30", {"type": "buy", "card": "V30"}),
    ("academy V62 V30 V31", {"type": "academy", "cards": ["V62", "V30", "V31"]}),
    ("king V60", {"type": "king", "card": "V60"}),
    ("draw", {"type": "draw"}),
    ("discard A3", {"type": "discard", "card": "A3"}),
    ("give 2 V3", {"type": "give", "to": 2, "cards": ["V3"]}),
    ("pass", {"type": "pass"}),
    ("join V5 S9", {"type": "join", "cards": ["V5", "S9"]}),
    ("react A1 A4", {"type": "react", "cards": ["A1", "A4"]}),
    ("remove S3", {"type": "remove", "card": "S3"}),
    ("standing always-pass", {"type": "standing", "pass": "always", "window": "all"}),
    ("standing always-pass join", {"type": "standing", "pass": "always", "window": "join"}),
    ("standing ask react", {"type": "standing", "pass": "ask", "window": "react"}),
]


@pytest.mark.parametrize("text,move", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_every_documented_form_parses_and_formats_back(text, move):
    s = make(2)
    assert GAME.parse(s, 0, text) == move
    assert GAME.format(move) == text
    assert GAME.parse(s, 0, GAME.format(move)) == move


def test_the_player_guide_lists_every_example():
    import pathlib
    doc = (pathlib.Path(__file__).resolve().parents[3] / "server" / "guides" / "castle-assault.md").read_text()
    for text, _ in EXAMPLES:
        assert f"`{text}`" in doc, text


def test_case_and_spacing_are_forgiven():
    s = make(2)
    assert GAME.parse(s, 0, "  ATTACK 1/w2  v3 ") == {"type": "attack", "target": "1/W2", "cards": ["V3"]}
    assert GAME.parse(s, 0, "Standing Always-Pass") == {"type": "standing", "pass": "always", "window": "all"}


def test_kind_names_stand_for_cards_in_the_hand():
    s = make(2, {"turn": 0, "skip_draw": True, "hands": {"0": ["soldier", "soldier", "ram", "gold"]},
                 "posts": {"0": {"W1": {"defenders": ["archer"]}}}})
    soldiers = [c for c in s["hands"][0] if CARDS.key[c] == "soldier"]
    ram = [c for c in s["hands"][0] if CARDS.key[c] == "ram"][0]
    move = GAME.parse(s, 0, "attack 1/C soldier soldier battering-ram")
    assert move == {"type": "attack", "target": "1/C", "cards": soldiers + [ram]}
    assert GAME.parse(s, 0, "takeback archer")["card"] == s["posts"][0][1][2][0]
    with pytest.raises(IllegalMove) as err:
        GAME.parse(s, 0, "attack 1/W1 soldier soldier soldier")
    assert err.value.code == "not-in-hand"


@pytest.mark.parametrize("text", ["", "hello", "attack", "attack 1/W1", "attack 1/X1 V3", "defend V3 W0",
                                  "give x V3", "standing maybe", "draw 2", "pass now", "attack 1/W1 V999",
                                  "night V60", "buy V1 V2", "remove", "join", "give 2"])
def test_malformed_text_is_bad_notation_naming_a_rule(text):
    s = make(2)
    with pytest.raises(IllegalMove) as err:
        move = GAME.parse(s, s["turn"], text)
        GAME.apply(s, s["turn"], move)
    assert err.value.rule and err.value.rule.startswith("CA-") and err.value.message


def test_notation_errors_point_at_what_the_player_is_asked_to_do():
    s = make(2, {"turn": 0, "skip_draw": True, "hands": {"0": ["soldier"], "1": ["ambush"]}})
    with pytest.raises(IllegalMove) as err:
        GAME.parse(s, 0, "frobnicate")
    assert err.value.code == "bad-notation" and err.value.rule == "CA-TURN-5"
    assert "attack <seat>/<C|W1..> <cards>" in err.value.message
    s, _ = GAME.apply(s, 0, GAME.parse(s, 0, "attack 1/W1 soldier"))
    with pytest.raises(IllegalMove) as err:
        GAME.parse(s, 1, "frobnicate")
    assert err.value.rule == "CA-ACT-REACT-1"


def test_legal_moves_format_and_parse_back():
    s = make(3, {"turn": 0, "skip_draw": True, "hands": {"0": ["soldier", "archer", "gold", "king", "night",
                                                                 "builder", "gold", "gold", "gold", "duke"]}})
    for move in GAME.legal_moves(s, 0):
        if "pattern" in move:
            assert GAME.format(move) == move["pattern"]
            continue
        assert GAME.parse(s, 0, GAME.format(move)) == move


class Text(str):
    """A str that is not exactly a str (the shape check takes exact strs only)."""


@pytest.mark.rule("CA-TURN-5")
def test_the_inlined_shape_tests_answer_as_the_field_tests_do():
    """notation.SHAPES inlines the commonest field lists: each answers as has_fields does, for the
    moves of random games and for every way of breaking them, and check_shape accepts every move
    they pass (it also takes a str subclass, which then goes the preamble's way)."""
    from core.castle_assault import notation
    from core.rng import Rng

    moves = []
    for players in (2, 3, 4):
        st = GAME.setup(players, {}, f"shapes-{players}")
        rng = Rng(f"shapes-{players}")
        for _ in range(150):
            if GAME.result(st) is not None:
                break
            seat = GAME.prompts(st)[0].seat
            moves += [m for m in GAME.legal_moves(st, seat) if "pattern" not in m]
            move = GAME.random_move(st, seat, rng)
            moves.append(move)
            st, _ = GAME.apply(st, seat, move)
    odd = [None, 0, 3, 10, -1, True, 1.0, "", "V1", "1/C", "9/W9", "C", "W1", "always", "all", "nothing", Text("V1"),
           [], ["V1"], ["V1", 2], [Text("V1")], ["nothing"], ["V1"] * 41, [["V1"]], {"V1": 1}, ("V1",)]
    broken = []
    for move in moves:
        broken.append(dict(move, extra=1))
        for name in move:
            if name != "type":
                broken.append({k: v for k, v in move.items() if k != name})
                broken += [dict(move, **{name: value}) for value in odd]
    assert len(moves) > 500 and {m["type"] for m in moves} >= {"attack", "defend", "discard", "buy", "join", "pass"}
    for move in moves + broken:
        fields = notation.FIELD_NAMES[move["type"]]
        expected = notation.has_fields(fields)(move)
        assert notation.SHAPES[move["type"]](move) is expected, move
        try:
            notation.check_shape(move, "CA-TURN-5")
            shaped = True
        except IllegalMove:
            shaped = False
        assert notation.well_formed(move) is expected and (shaped or not expected), move  # (a str subclass: shaped only)
