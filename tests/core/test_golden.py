"""Golden games: the same seeds give the same games, move for move, on every machine and Python.

Each game plays random games from fixed seeds through the public protocol (prompts, the random
player, apply); one digest covers every move, every event's text and audience, every prompt and
the state hash after every move. The digests are committed (golden.json): a change to any engine
that alters one game by one event fails here, and a deliberate rules change must come with a new
rules version (stored games keep replaying under the rules they were played with) and new digests.

The fast tier plays 20 games per ruleset; the slow tier 400, as the speed work measured.
`python -m tests.core.test_golden` prints fresh digests of the offered games for a deliberate
update; `python -m tests.core.test_golden nim` those of the games named, offered or not yet (a new
game's digests go into golden.json before its row in core/registry.py says `offered=True`), and
`fast` or `slow` among the arguments prints only that tier.
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

from core import games
from core.canonical import dumps
from core.rng import Rng
from tests.core.playout import turns

def english(record: dict) -> dict:
    """A record as the digests first hashed it: its English text, without the message it was
    said by (`msg`: tests/core/test_messages.py checks that the two always agree)."""
    record.pop("msg", None)
    return record


GOLDEN = Path(__file__).with_name("golden.json")
TIERS = {"fast": 20, "slow": 400}


def digest(name: str, count: int) -> str:
    """One hash over `count` random games of ruleset `name` (player counts cycling)."""
    game = games[name] if name in games else games.facts(name).game
    counts = range(game.min_players, game.max_players + 1)
    total = hashlib.sha256()
    for i in range(count):
        players, seed = counts[i % len(counts)], f"golden-{name}-{i}"
        walk = turns(game, game.setup(players, game.normalize_options({}), seed), Rng("golden:" + seed, scheme=2))
        for turn in walk:
            state, events = turn.play()
            total.update(dumps([turn.seat, turn.move, [english(e.to_json()) for e in events],
                                [english(p.to_json()) for p in turn.prompts], game.state_hash(state)]).encode())
        total.update(dumps(english(walk.result.to_json()) if walk.result else None).encode())
    return total.hexdigest()


def golden() -> dict:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


def recorded(name: str, tier: str) -> str:
    digests = golden().get(name)
    if digests is None:
        pytest.fail(f"no golden digests for {name} in tests/core/golden.json: add what "
                    f"`python -m tests.core.test_golden {name}` prints, once its rules are right")
    return digests[tier]


@pytest.mark.parametrize("name", list(games))
def test_golden_games_fast(name):
    assert digest(name, TIERS["fast"]) == recorded(name, "fast")


@pytest.mark.slow
@pytest.mark.parametrize("name", list(games))
def test_golden_games_400(name):
    assert digest(name, TIERS["slow"]) == recorded(name, "slow")


def main(argv: list[str]) -> int:
    """Print the digests: of the games named (any declared in core/registry.py), else of every
    offered game; of the tiers named (fast, slow), else of both."""
    tiers = [arg for arg in argv if arg in TIERS] or list(TIERS)
    names = [arg for arg in argv if arg not in TIERS] or list(games)
    unknown = [name for name in names if name not in {facts.name for facts in games.every()}]
    if unknown:
        print(f"no such game in core/registry.py: {', '.join(unknown)}", file=sys.stderr)
        return 2
    print(json.dumps({name: {tier: digest(name, TIERS[tier]) for tier in tiers} for name in names}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
