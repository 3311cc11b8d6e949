"""One way to read an option, one `rng` option: every engine reads its options through
core.protocol.option_value (its options.py's `option`, the same read bound to its table), and the
three games that switched to the random stream's scheme 2 share core/options.py's RNG_OPTION."""
from __future__ import annotations

import importlib

import pytest

from core import games
from core.options import RNG_OPTION, rng_scheme
from core.protocol import option_value


def engines():
    for facts in games.every():
        yield pytest.param(facts, importlib.import_module(facts.package + ".options"), id=facts.name)


@pytest.mark.parametrize("facts,module", list(engines()))
def test_each_engines_reader_is_option_value_on_the_states_options(facts, module):
    """For every option, stored or not (a game created before it existed): the engine's `option`
    gives what option_value gives, so no engine has a reading of its own."""
    game = facts.game
    assert module.OPTIONS is game.options
    stored_as = getattr(module, "STORED_AS", {})
    normalized = game.normalize_options({})
    stored = {stored_as.get(name, name): value for name, value in normalized.items()}
    for name, option in game.options.items():
        key = stored_as.get(name)
        without = {k: v for k, v in stored.items() if k != (key or name)}
        for options in (stored, without):
            assert module.option({"options": options}, name) == option_value(game.options, options, name, key)
        assert module.option({"options": without}, name) == option.legacy
        assert game.option_value(normalized, name) == normalized[name]


def test_one_rng_option_for_every_game_that_has_one():
    having = [facts.game for facts in games.every() if "rng" in facts.game.options]
    assert len(having) == 3
    assert all(game.options["rng"] is RNG_OPTION for game in having)
    assert (RNG_OPTION.since, RNG_OPTION.legacy, RNG_OPTION.default) == (3, 1, 2)
    assert rng_scheme({}) == 1 and rng_scheme({"rng": 2}) == 2
    for game in having:
        assert rng_scheme(game.normalize_options({})) == 2
        assert rng_scheme(game.normalize_options({}, rules_version=2)) == 1
