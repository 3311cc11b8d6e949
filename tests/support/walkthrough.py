"""A pytest plugin that declares one more game, as docs/adding-a-game.md's checklist leaves a new
game at one of its steps, so that a test can run other tests as they run for that new game
(`-p tests.support.walkthrough`, the step in HERALD_WALKTHROUGH_STEP). The game is the reference
game's package under the name `walkthrough`:

- `guide`: steps 7 and 8, the registry row names a guide (`guide=`), the game is not offered yet.

Loaded before collection, so the tests' parametrizations over the registry see the new row.
"""
from __future__ import annotations

import os

from core.registry import Facts, games

STEPS = {"guide": Facts("walkthrough", "core.reference", "TOY", guide="walkthrough", offered=False)}


def pytest_configure(config) -> None:
    step = os.environ.get("HERALD_WALKTHROUGH_STEP", "")
    if step not in STEPS:
        raise ValueError(f"HERALD_WALKTHROUGH_STEP is one of {', '.join(STEPS)}, not {step!r}")
    games._facts[STEPS[step].name] = STEPS[step]
