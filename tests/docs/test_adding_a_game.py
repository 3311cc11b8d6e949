"""docs/adding-a-game.md holds true: what its checklist promises a new game at each step, and the
files and tables it names.

The checklist says that the tests taking a game up at each step pass before the next step. The
server's tests take a game up once it is offered (step 12), not when it gets its guide (step 7):
run with the reference game given a guide but not offered (tests/support/walkthrough.py), the
server's guide and glossary tests pass.
"""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.support.doccommands import ROOT

SERVER_GUIDE_TESTS = ["tests/server/test_guide_pages.py", "tests/server/test_explain_languages.py"]


@pytest.mark.slow
def test_a_guided_game_not_yet_offered_leaves_the_servers_guide_tests_green():
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "tests.support.walkthrough", "-p",
                           "no:cacheprovider", "-m", "not slow", *SERVER_GUIDE_TESTS], cwd=ROOT,
                          env={**os.environ, "HERALD_WALKTHROUGH_STEP": "guide", "PYTHONPATH": str(ROOT)},
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:]
