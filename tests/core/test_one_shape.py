"""Issue 15's checks of the engines' one shape, so that they stay true: every game package has
the files core/README.md lists, no function in core/ is longer than 40 lines, and every game's
state has readable keys, with the short keys of an older state format declared once.

The games are every game the registry declares (core/registry.py), the reference game included."""
from __future__ import annotations

import ast
import pathlib

import pytest

from core import games
from core.statekeys import Keys

CORE = pathlib.Path(__file__).resolve().parents[2] / "core"
PACKAGES = {facts.name: facts.package.removeprefix("core.") for facts in games.every()}
# The layout of core/README.md: the same file with the same job in every game.
REQUIRED = {"__init__.py", "game.py", "options.py", "data.py", "state.py", "setup.py", "notation.py", "flow.py",
            "phases/__init__.py", "legal.py", "view.py", "resign.py", "bots.py", "sample.py", "glossary.py"}
# What a game has when it has the concept: battles; a picture of its board (without one,
# Game.picture returns None and the platform shows the text board).
WHEN_IT_HAS = {"battle.py", "picture.py"}
# What a game has beyond them, each explained in its __init__.py and core/README.md.
EXTRA = {"castle_assault": {"zones.py"}, "medieval_mastery": {"board.py", "rules.py", "words.py"},
         "wizards_quest": {"board.py", "cards.py", "effects.py"}}


@pytest.mark.parametrize("package", sorted(PACKAGES.values()))
def test_every_game_package_has_the_common_files_and_only_its_declared_extras(package):
    root = CORE / package
    files = {str(p.relative_to(root)) for p in root.rglob("*.py") if not str(p.relative_to(root)).startswith("phases/")}
    required = REQUIRED - {"phases/__init__.py"}
    assert required <= files, f"{package} lacks {sorted(required - files)} (the layout of core/README.md)"
    undeclared = files - required - WHEN_IT_HAS - EXTRA.get(package, set())
    assert not undeclared, (f"core/{package} has modules beyond the layout: add {sorted(undeclared)} to EXTRA in "
                            f"tests/core/test_one_shape.py and say why in core/{package}/__init__.py")
    gone = EXTRA.get(package, set()) - files
    assert not gone, f"EXTRA in tests/core/test_one_shape.py names {sorted(gone)}, which core/{package} no longer has"
    assert (root / "phases" / "__init__.py").exists(), f"core/{package} lacks phases/__init__.py (DECISIONS)"
    for extra in EXTRA.get(package, set()):
        assert extra.removesuffix(".py") in (root / "__init__.py").read_text(), f"{package}/__init__.py says why {extra}"


def test_no_function_in_core_is_longer_than_40_lines():
    long = [f"{path.relative_to(CORE)}:{node.name} ({node.end_lineno - node.lineno + 1} lines)"
            for path in CORE.rglob("*.py") for node in ast.walk(ast.parse(path.read_text()))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno - node.lineno + 1 > 40]
    assert not long


@pytest.mark.parametrize("ruleset", sorted(PACKAGES))
def test_states_have_readable_keys_and_declare_the_short_ones_once(ruleset):
    game = games.facts(ruleset).game
    data = game.to_json(game.setup(game.min_players, game.normalize_options({}), "one-shape"))
    short = [key for key in data if len(key) <= 2 and key not in {"rng"}]
    assert not short, f"{ruleset} still stores terse keys {short}"
    if game.state_format > 1:  # the three engines of issue 15: format 1's short keys, declared once
        state_module = __import__(f"core.{PACKAGES[ruleset]}.state", fromlist=["FORMAT_1"])
        assert isinstance(state_module.FORMAT_1, Keys) and game.renamed_layouts[1] is state_module.FORMAT_1
        assert game.upgrade_state(game.downgrade_state(data, 1), 1) == data
