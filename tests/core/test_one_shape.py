"""Issue 15's checks of the engines' one shape, so that they stay true: every game package has
the files core/README.md lists, no function in core/ is longer than 40 lines, and every game's
state has readable keys in state format 2 with its format-1 keys declared once."""
from __future__ import annotations

import ast
import pathlib

import pytest

from core import games
from core.statekeys import Keys

CORE = pathlib.Path(__file__).resolve().parents[2] / "core"
PACKAGES = {"castle-assault": "castle_assault", "medieval-mastery": "medieval_mastery", "wizards-quest": "wizards_quest"}
# The layout of core/README.md: the same file with the same job in every game.
COMMON = {"__init__.py", "game.py", "options.py", "data.py", "state.py", "setup.py", "notation.py", "flow.py",
          "phases/__init__.py", "battle.py", "legal.py", "view.py", "picture.py", "resign.py", "bots.py", "sample.py",
          "glossary.py"}
# What a game has beyond them, each explained in its __init__.py and core/README.md.
EXTRA = {"castle_assault": {"zones.py"}, "medieval_mastery": {"board.py", "rules.py"},
         "wizards_quest": {"board.py", "cards.py", "effects.py"}}


@pytest.mark.parametrize("package", sorted(PACKAGES.values()))
def test_every_game_package_has_the_common_files_and_only_its_declared_extras(package):
    root = CORE / package
    files = {str(p.relative_to(root)) for p in root.rglob("*.py") if not str(p.relative_to(root)).startswith("phases/")}
    assert files == (COMMON - {"phases/__init__.py"}) | EXTRA[package]
    assert (root / "phases" / "__init__.py").exists()
    for extra in EXTRA[package]:
        assert extra.removesuffix(".py") in (root / "__init__.py").read_text(), f"{package}/__init__.py says why {extra}"


def test_no_function_in_core_is_longer_than_40_lines():
    long = [f"{path.relative_to(CORE)}:{node.name} ({node.end_lineno - node.lineno + 1} lines)"
            for path in CORE.rglob("*.py") for node in ast.walk(ast.parse(path.read_text()))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno - node.lineno + 1 > 40]
    assert not long


@pytest.mark.parametrize("ruleset", sorted(PACKAGES))
def test_states_have_readable_keys_and_declare_the_short_ones_once(ruleset):
    game = games[ruleset]
    state_module = __import__(f"core.{PACKAGES[ruleset]}.state", fromlist=["FORMAT_1"])
    assert game.state_format == 2 and isinstance(state_module.FORMAT_1, Keys)
    data = game.to_json(game.setup(game.min_players, game.normalize_options({}), "one-shape"))
    short = [key for key in data if len(key) <= 2 and key not in {"rng"}]
    assert not short, f"{ruleset} still stores terse keys {short}"
    assert game.upgrade_state(game.downgrade_state(data, 1), 1) == data
