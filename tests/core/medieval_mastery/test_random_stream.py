"""The random stream under rules versions (issue 14): new games draw from scheme 2 (option `rng`,
four draws per SHA-256 block); a game created under rules version 2 keeps scheme 1, so its deal,
dice and hashes are the ones it was stored with. MM-SETUP-2 (the deal is the first draws)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.medieval_mastery import GAME, data
from core.medieval_mastery.board import BOARDS
from core.rng import Rng

# setup(players, defaults of rules version 2, seed "stream-v2"): draws used and the state hash,
# recorded with the engine of rules version 2 (before the `rng` option existed).
VERSION_2_DEALS = {
    2: (77, "d5edc686fc50960c21580b303ef8353a0b4df5c6f7cf7dc7d3f1a738bb5eb0a5"),
    3: (94, "4020f999825ce5791fa3686a8852813f61320b780b922189aa281ece32bbc8ef"),
    4: (111, "dd7ae09bc0cf058d0486f06ae5ff46551db0c9043b23a9a88f677d82eda3b580"),
    5: (128, "0d16d1076f71b82394c5abde94d2a218e0882b3e4b0a7f8f594c4502fd40273f"),
    6: (145, "d37170574b9a632d7b7c4d144c7b0c582130f4f19106f43a72a793fb4f61fa8b"),
}


@pytest.mark.rule("MM-SETUP-2")
@pytest.mark.parametrize("players", sorted(VERSION_2_DEALS))
def test_a_rules_version_2_game_keeps_its_stream(players):
    options = GAME.normalize_options({}, 2)
    assert "rng" not in options  # a stored version-2 game has no such option...
    st = GAME.setup(players, options, "stream-v2", rules_version=2)
    assert (st["rng"], GAME.hash_in(st, 1)) == VERSION_2_DEALS[players]  # ...and deals as it did


@pytest.mark.rule("MM-SETUP-2")
def test_new_games_deal_from_scheme_2():
    """The first draws of a new game shuffle the 1-VP tiles onto their slots (MM-SETUP-2)."""
    assert GAME.rules_version == 3 and GAME.normalize_options({})["rng"] == 2
    pile = sorted(name for name, spec in data.TILES.items() for _ in range(spec[1]) if spec[0] == 1)
    for scheme in (1, 2):
        st = GAME.setup(4, GAME.normalize_options({"rng": scheme}), "deal")
        expected = Rng("deal", 0, scheme=scheme).shuffle(list(pile))
        assert [st["tile"][slot] for slot in BOARDS[4].slots_by_vp[1]] == expected[:len(BOARDS[4].slots_by_vp[1])]
    assert GAME.setup(4, GAME.normalize_options({}), "deal") != GAME.setup(4, GAME.normalize_options({"rng": 1}), "deal")


def test_the_random_players_die_is_below():
    """The random player's rng.die(n) - 1 is rng.below(n), in both schemes (setup's deals and
    reshuffles use Rng.shuffle: tests/core/test_rng.py)."""
    for scheme in (1, 2):
        ours, theirs = Rng("d", 5, scheme=scheme), Rng("d", 5, scheme=scheme)
        assert [ours.die(n) - 1 for n in range(1, 80)] == [theirs.below(n) for n in range(1, 80)]
        assert ours.counter == theirs.counter


@pytest.mark.rule("MM-WIN-2")
def test_a_rules_version_2_game_replays_to_its_recorded_end():
    """A whole game recorded under rules version 2 (Mayhem dice, shuffles, random discards on
    stream 1) replays from its seed and moves to the recorded final hash and winner."""
    record = json.loads((Path(__file__).parents[2] / "fixtures" / "mm-rules-v2-game.json").read_text())
    options = GAME.normalize_options(record["options"], record["rules_version"])
    st = GAME.setup(record["players"], options, record["seed"], rules_version=record["rules_version"])
    for line in record["moves"]:
        seat, text = line.split(" ", 1)
        st, _ = GAME.apply(st, int(seat), GAME.parse(st, int(seat), text))
    assert GAME.hash_in(st, 1) == record["final_hash"]
    assert GAME.result(st).winners == tuple(record["winners"]) and GAME.result(st).code == "vp-target"
