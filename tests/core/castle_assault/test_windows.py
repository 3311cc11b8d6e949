"""Out-of-turn windows: fast and strict modes, standing answers, what the log may show
(rules §13 ASYNC-1, ASYNC-2; CA-MULTI-5)."""
import pytest

from core.castle_assault import GAME

from .helpers import make, of_kind, play, prompted, refused, texts


def duel(ben, **options):
    return make(2, {"turn": 0, "skip_draw": True, "hands": {"0": ["soldier", "soldier"], "1": list(ben)},
                    "village_top": ["duke", "duke"]}, **options)


def public_trace(state, moves):
    """What seat 0 can see of a sequence of (seat, move): public moves and the events it may see."""
    log = []
    for seat, move in moves:
        if GAME.public_move(state, seat, move):
            log.append((seat, GAME.format(move)))
        state, events = GAME.apply(state, seat, move)
        log += texts(events, 0)
    return state, log


def test_fast_mode_a_victim_without_academy_cards_is_not_asked_and_nobody_can_tell():
    with_card = duel(["ambush", "gold"])
    without = duel(["gold", "gold"])
    attack = {"type": "attack", "target": "1/W1", "cards": of_kind(with_card, 0, "soldier", 2)}
    assert attack["cards"] == of_kind(without, 0, "soldier", 2)
    a, log_a = public_trace(with_card, [(0, attack), (1, {"type": "pass"})])
    b, log_b = public_trace(without, [(0, attack)])
    assert log_a == log_b

    def seen(state, seat):      # deck sizes differ only because the scenarios took Ben's cards from
        v = GAME.view(state, seat)                   # different decks, which no real game does
        v.pop("decks")
        return v
    assert seen(a, 0) == seen(b, 0) and seen(a, None) == seen(b, None)


def test_strict_mode_every_victim_is_asked_even_without_academy_cards():
    s = duel(["gold", "gold"], windows="strict")
    s, _ = play(s, 0, "attack 1/W1 soldier soldier")
    assert prompted(s) == [1] and GAME.prompts(s)[0].kind == "reaction"
    assert [m["type"] for m in GAME.legal_moves(s, 1)] == ["pass"] + ["standing"] * 6
    assert GAME.view(s, 0)["battle"]["waiting"] == 1                  # strict: the view may say who
    s, _ = play(s, 1, "pass")
    assert s["battle"] is None


@pytest.mark.rule("CA-MULTI-5")
def test_strict_mode_asks_every_possible_joiner_fast_mode_only_those_with_attack_cards():
    hands = {"0": ["soldier"], "1": ["gold"], "2": ["gold"], "3": ["archer"]}
    fast = make(4, {"turn": 0, "skip_draw": True, "hands": hands})
    fast, _ = play(fast, 0, "attack 1/W1 soldier")
    assert prompted(fast) == [3]
    assert GAME.view(fast, 1)["battle"]["stage"] == "window" and GAME.view(fast, 1)["battle"]["waiting"] is None
    strict = make(4, {"turn": 0, "skip_draw": True, "hands": hands}, windows="strict")
    strict, _ = play(strict, 0, "attack 1/W1 soldier")
    assert prompted(strict) == [2]
    strict, _ = play(strict, 2, "pass")
    assert prompted(strict) == [3]


def test_window_passes_are_never_public_moves():
    s = duel(["ambush"])
    s, _ = play(s, 0, "attack 1/W1 soldier soldier")
    assert GAME.public_move(s, 1, {"type": "pass"}) is False
    s, events = play(s, 1, "pass")
    assert "No reaction." in texts(events, 0)


def test_a_standing_answer_can_be_set_any_time_and_passes_for_the_seat():
    s = duel(["ambush", "gold"])
    move = GAME.parse(s, 1, "standing always-pass react")
    assert move == {"type": "standing", "pass": "always", "window": "react"}
    assert GAME.public_move(s, 1, move) is False
    assert move in GAME.legal_moves(s, 1)                             # legal although not prompted
    s, events = GAME.apply(s, 1, move)
    assert texts(events, 0) == [] and texts(events, 1) and s["turn"] == 0
    assert GAME.view(s, 1)["standing"] == {"join": "ask", "react": "always-pass"}
    assert "standing" not in str(GAME.view(s, 0)["standing"])
    s, _ = play(s, 0, "attack 1/W1 soldier soldier")
    assert s["battle"] is None and of_kind(s, 1, "ambush")           # not asked, the Ambush kept
    s, _ = play(s, 1, "standing ask")
    assert GAME.view(s, 1)["standing"] == {"join": "ask", "react": "ask"}


def test_standing_join_pass_skips_the_join_window():
    s = make(3, {"turn": 0, "skip_draw": True, "hands": {"0": ["soldier"], "1": ["gold"], "2": ["soldier"]}})
    s, _ = play(s, 2, "standing always-pass join")
    s, _ = play(s, 0, "attack 1/W1 soldier")
    assert s["battle"] is None and s["turn"] == 1


def test_a_standing_answer_given_while_prompted_applies_at_once():
    s = duel(["ambush"])
    s, _ = play(s, 0, "attack 1/W1 soldier soldier")
    assert prompted(s) == [1]
    s, _ = play(s, 1, "standing always-pass")
    assert s["battle"] is None and s["turn"] == 1


def test_the_deadline_default_is_no_join_and_no_reaction():
    s = duel(["ambush"])
    assert GAME.default_move(s, 0) is None                            # no default for a turn action
    s, _ = play(s, 0, "attack 1/W1 soldier soldier")
    assert GAME.default_move(s, 1) == {"type": "pass"}
    s, _ = GAME.apply(s, 1, GAME.default_move(s, 1))
    assert s["battle"] is None


def test_malformed_standing_moves_are_refused():
    s = duel(["ambush"])
    refused(s, 1, {"type": "standing", "pass": "sometimes", "window": "all"})
    refused(s, 1, {"type": "standing", "pass": "always"})


@pytest.mark.rule("CA-MULTI-10")
def test_strict_mode_also_asks_eliminated_seats_so_their_hands_stay_secret():
    hands = {"0": ["soldier"], "1": ["gold"], "2": ["gold"], "3": ["gold"]}
    s = make(4, {"turn": 0, "skip_draw": True, "hands": hands, "eliminated": [2]}, windows="strict")
    s, _ = play(s, 0, "attack 1/W1 soldier")
    assert prompted(s) == [2]                                  # eliminated, no attack card: asked anyway
    assert [m["type"] for m in GAME.legal_moves(s, 2) if m["type"] != "standing"] == ["pass"]
    s, _ = play(s, 2, "pass")
    assert prompted(s) == [3]
    fast = make(4, {"turn": 0, "skip_draw": True, "hands": hands, "eliminated": [2]})
    fast, _ = play(fast, 0, "attack 1/W1 soldier")
    assert fast["battle"] is None                              # fast: nobody holds an attack card
