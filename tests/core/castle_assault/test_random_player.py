"""The random player's one-pass helpers (core/castle_assault/legal.py) answer as the reference
functions they stand for, with the same draws: pick_attack_on as pick_attack over targets(),
useful_turn_items as useful_turn_moves (as_move makes each move)."""
import pytest

from core.castle_assault import GAME, legal
from core.rng import Rng


def positions():
    """Every turn position of random games of 2, 3 and 4 players, the stationed defenders,
    night attacks and eliminations of long games included, with every seat's point of view."""
    for players in (2, 3, 4):
        for game in range(12):
            options = {"castle-defender": "always"} if game % 3 == 2 else {}
            st = GAME.setup(players, options, f"random-player-{players}-{game}")
            rng = Rng(f"random-player-{players}-{game}", scheme=2)
            for _ in range(400):
                if GAME.result(st) is not None:
                    break
                if st["phase"] == "act":
                    for seat in range(players):
                        yield st, seat
                seat = GAME.prompts(st)[0].seat
                st, _ = GAME.apply(st, seat, GAME.random_move(st, seat, rng))


@pytest.mark.rule("CA-ACT-ATTACK-4", "CA-ACT-ATTACK-6", "CA-ACT-ATTACK-11")
def test_pick_attack_on_answers_as_pick_attack_over_the_targets():
    seen = {"castle": 0, "other": 0, "none": 0, "guard": 0}
    for n, (st, seat) in enumerate(positions()):
        hand = st["hands"][seat]
        for cards in (list(filter(legal.CARDS.attackers.__contains__, hand)), hand[:1], hand):
            cards = [c for c in cards if legal.CARDS.attack[c]]
            if not cards:
                continue
            one, two = legal.Dice(Rng(f"d{n}", scheme=2)), legal.Dice(Rng(f"d{n}", scheme=2))
            expected = legal.pick_attack(legal.targets(st, seat), cards, one)
            assert legal.pick_attack_on(st, seat, cards, two) == expected, (st, seat, cards)
            assert (one.pool, one.room, one.rng.counter) == (two.pool, two.room, two.rng.counter)
            kind = "none" if expected is None else "castle" if expected[0].endswith("/C") else \
                "other" if "/" in expected[0] else "guard"
            seen[kind] += 1
    assert min(seen.values()) > 20, seen


@pytest.mark.rule("CA-ACT-BUY-1", "CA-ACT-KING-1", "CA-ACT-DEFEND-2", "CA-ACT-DEFEND-5", "CA-ACT-KING-3")
def test_useful_turn_items_are_the_useful_turn_moves():
    kinds = set()
    for st, seat in positions():
        moves = legal.useful_turn_moves(st, seat)
        assert [legal.as_move(item) for item in legal.useful_turn_items(st, seat)] == moves
        assert [list(m) for m in moves] == [["type", "card", "post"] if m["type"] == "defend" else
                                            ["type"] if m["type"] == "draw" else ["type", "card"] for m in moves]
        kinds |= {m["type"] for m in moves}
    assert kinds == {"buy", "king", "defend", "takeback", "draw"}
