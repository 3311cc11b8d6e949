"""Where a new game's secret seed comes from.

A game's seed decides every deal and die, and stays secret until the game ends (its hash is
published at creation): `new_seed` draws 128 bits from `secrets`. Tests that need a particular
deal, or the same deal on every run, put a function in the app's config under SOURCE, called
once per game created. Only code can do that: the environment and config files give strings,
and `check` refuses anything there that is not a function, so no setting or request can pin a
seed (tests/server/test_game_seeds.py).
"""
from __future__ import annotations

import secrets

from flask import current_app, has_app_context

from server.config import ConfigError

SOURCE = "SEED_SOURCE"


def new_seed() -> str:
    """A new game's secret seed: random, unless the app's tests set a source (outside an app,
    as the benchmarks build their games, always random)."""
    source = current_app.config.get(SOURCE) if has_app_context() else None
    return secrets.token_hex(16) if source is None else str(source())


def check(config: dict) -> None:
    """At startup: a seed source is a function set by code, never a value from a setting."""
    source = config.get(SOURCE)
    if source is not None and not callable(source):
        raise ConfigError(f"{SOURCE} cannot be set from the environment or a config file: every game "
                          "takes a secret random seed (tests set a function in code)")
