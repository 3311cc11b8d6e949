"""docs/adding-a-game.md holds true: what its checklist promises a new game at each step, and the
files, tables and commands it names (a newcomer follows it literally).

The checklist says that the tests taking a game up at each step pass before the next step. The
server's tests take a game up once it is offered (step 12), not when it gets its guide (step 7):
run with the reference game given a guide but not offered (tests/support/walkthrough.py), the
server's guide and glossary tests pass.
"""
from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys

import pytest

from tests.core import test_one_shape
from tests.support.doccommands import ROOT

DOCUMENT = ROOT / "docs" / "adding-a-game.md"

SERVER_GUIDE_TESTS = ["tests/server/test_guide_pages.py", "tests/server/test_explain_languages.py"]


@pytest.mark.slow
def test_a_guided_game_not_yet_offered_leaves_the_servers_guide_tests_green():
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "tests.support.walkthrough", "-p",
                           "no:cacheprovider", "-m", "not slow", *SERVER_GUIDE_TESTS], cwd=ROOT,
                          env={**os.environ, "HERALD_WALKTHROUGH_STEP": "guide", "PYTHONPATH": str(ROOT)},
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:]



def section(number: int) -> str:
    """The text of the document's section `number` ("## 1. The files" up to the next "## ")."""
    text = DOCUMENT.read_text(encoding="utf-8")
    start = text.index(f"\n## {number}. ")
    end = text.find("\n## ", start + 1)
    return text[start:end if end != -1 else len(text)]


def test_the_files_of_section_1_are_the_layout_the_shape_test_checks():
    """Section 1's table lists the files every game has, as tests/core/test_one_shape.py requires
    them; the modules a game has only with the concept are named beside it."""
    text = section(1)
    listed = {name.removesuffix("/") + ("/__init__.py" if name.endswith("/") else "")
              for name in re.findall(r"^\| `([^`]+)` \|", text, re.M)}
    assert listed == test_one_shape.REQUIRED, (f"section 1 lists {sorted(listed - test_one_shape.REQUIRED)} beyond "
                                               f"the layout, and lacks {sorted(test_one_shape.REQUIRED - listed)}")
    assert all(f"`{name}`" in text for name in test_one_shape.WHEN_IT_HAS)


def test_every_table_section_8_asks_a_row_in_is_where_it_says():
    """Each row of "Data to add" names a file and the table in it that a new game adds its row to."""
    rows = re.findall(r"^\| `([^`]+)` `([A-Z_]+)` \|", section(8), re.M)
    assert len(rows) >= 5
    for path, table in rows:
        source = ROOT / path
        assert source.exists(), f"docs/adding-a-game.md names {path}, which does not exist"
        assert re.search(rf"^{table}\b[^=\n]*=", source.read_text(encoding="utf-8"), re.M), f"no {table} in {path}"


def test_every_path_and_command_the_document_names_exists():
    """The repository paths it names in backticks, the scripts it runs and the modules it runs with
    `python -m` exist (placeholders such as <name> and globs aside)."""
    text = DOCUMENT.read_text(encoding="utf-8")
    tops = {p.name for p in ROOT.iterdir() if p.is_dir()}  # a path in a game's package (phases/) is relative
    paths = {p for p in re.findall(r"`([\w./-]+/[\w./-]*)`", text) if p.split("/")[0] in tops}
    paths |= set(re.findall(r"python ([\w/]+\.py)", text))
    missing = sorted(p for p in paths if not (ROOT / p).exists())
    assert not missing, f"docs/adding-a-game.md names paths that do not exist: {missing}"
    modules = set(re.findall(r"python -m ([\w.]+)", text)) - {"pytest"}
    assert modules and all(importlib.util.find_spec(m) is not None for m in modules), modules
