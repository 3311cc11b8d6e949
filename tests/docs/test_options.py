"""The options tables of docs/options/ are generated from the engines' options
(`python docs/options.py`): one page per game of core/registry.py, stale the moment an option
is added, removed or reworded in core/<game>/options.py or core/options.py."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from core.registry import games

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "docs"))
import options as options_doc  # noqa: E402  (docs/options.py)


def test_options_tables_are_up_to_date():
    stale = [str(p.relative_to(ROOT)) for p, text in options_doc.outputs().items()
             if not p.exists() or p.read_text(encoding="utf-8") != text]
    assert not stale, f"run `python docs/options.py`: stale {stale}"


def test_no_page_is_left_for_a_game_the_registry_no_longer_declares():
    written = set(options_doc.outputs())
    assert {p for p in (ROOT / "docs" / "options").glob("*.md")} <= written


@pytest.mark.parametrize("name", [facts.name for facts in games.every()])
def test_each_page_lists_every_option_with_its_version(name):
    game = games.facts(name).game
    page = ROOT / "docs" / "options" / f"{name}.md"
    if not page.exists():
        pytest.fail(f"no {page.relative_to(ROOT)}: run `python docs/options.py`, which writes it from {name}'s options")
    text = page.read_text(encoding="utf-8")
    rows = {line.split(" | ")[0].removeprefix("| ").strip("`"): line for line in text.splitlines()
            if line.startswith("| `")}
    assert list(rows) == list(game.options)
    for option_name, option in game.options.items():
        since = rows[option_name].rstrip(" |").rsplit(" | ", 1)[1]
        assert since.startswith(str(option.since)), (option_name, since)
