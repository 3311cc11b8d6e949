"""apply's plain path (core/castle_assault/game.py: a move that plainly passes the preamble goes
straight to the decision) and Game.checked_apply's preamble give the same answer to every move:
the same state and events, or the same refusal (code, rule and message)."""
import pytest

from core.castle_assault import GAME as G
from core.protocol import Game, IllegalMove
from core.rng import Rng
from core.text import stored


def outcome(apply, st, seat, move):
    """What an apply answers, as comparable values."""
    try:
        new, events = apply(st, seat, move)
    except IllegalMove as err:
        return ("refused", err.code, err.rule, str(err.message), stored(err.message), err.legal)
    return ("applied", G.state_hash(new), [(str(e.text), stored(e.text), e.to, e.data) for e in events])


def variants(st, seat, move):
    """The move as asked, by others, in other shapes: each of the preamble's refusals, and moves
    the decision itself refuses (another phase's move, a card not in hand)."""
    others = [(s, move) for s in range(-1, st["players"] + 1) if s != seat]
    shapes = [dict(move, extra=1), {k: v for k, v in move.items() if k != "type"}, dict(move, type="nothing"),
              dict(move, type=7), {"type": "standing", "pass": "always", "window": "join"},
              {"type": "standing", "pass": 3, "window": "all"}, {"type": "resign"}, {"type": "pass"},
              {"type": "draw"}, {"type": "discard", "card": "V1"}, {"type": "remove", "card": "S1"},
              {"type": "attack", "target": "1/C", "cards": ["V1", "V1"]}, [move], None]
    return [(seat, move), (True if seat == 1 else False if seat == 0 else seat, move), (float(seat), move),
            (str(seat), move)] + others + [(seat, shape) for shape in shapes]


@pytest.mark.rule("CA-SETUP-1", "CA-END-1", "CA-TURN-6", "CA-TURN-5", "CA-TURN-3")
def test_the_plain_path_answers_as_the_preamble_does():
    checked = lambda st, seat, move: Game.checked_apply(G, st, seat, move, G.apply_decision)  # noqa: E731
    rng = Rng("paths")
    for seed in range(3):
        st = G.setup(2 + seed, {}, f"paths-{seed}")
        for _step in range(400):
            if G.result(st) is not None:
                break
            seat = G.prompts(st)[0].seat
            move = G.random_move(st, seat, rng)
            for who, variant in variants(st, seat, move):
                assert outcome(G.apply, st, who, variant) == outcome(checked, st, who, variant), (who, variant)
            st, _ = G.apply(st, seat, move)
        last = G.prompts(st)[0].seat if G.result(st) is None else 0
        for who, variant in variants(st, last, {"type": "draw"}):  # a game over (or still running) alike
            assert outcome(G.apply, st, who, variant) == outcome(checked, st, who, variant), (who, variant)
