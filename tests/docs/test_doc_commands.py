"""Every command the README and the documents show is run by a test (issue 26).

Each document's shell blocks run in order in one bash session against a fresh real server, as
a reader would type them; where a `text` block shows what they print, the output must match it
(tests/support/doccommands.py says how). A block that needs a whole machine (installing,
systemd, the suite itself) names the test that runs it instead, and that test must exist.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.docs.docserver import DocServer
from tests.support.doccommands import ROOT, Block, blocks, documents, matches

SEPARATOR = "@@doc-block {}@@"
FAILED = "@@doc-failed {} {}@@"


def runnable() -> dict[Path, list[Block]]:
    found = {}
    for path in documents():
        mine = [b for b in blocks(path) if b.run_by is None]
        if mine:
            found[path] = mine
    return found


def script(doc_blocks: list[Block]) -> str:
    """One bash session: each block announced, and a failing command reported (not fatal: a block
    that shows an error in its output is judged by that output)."""
    parts = ["set -o pipefail"]
    for n, block in enumerate(doc_blocks):
        parts.append(f"trap 'echo \"{FAILED.format(n, '$?')}\"' ERR")
        parts.append(f"echo '{SEPARATOR.format(n)}'")
        parts.append(block.text)
    return "\n".join(parts) + "\n"


def run_document(doc_blocks: list[Block], tmp_path: Path) -> list[tuple[str, str]]:
    """(what the block printed, both streams as a terminal shows them; its failure markers)."""
    home = tmp_path / "home"
    home.mkdir()
    with DocServer(tmp_path) as server:
        env = {**os.environ, **server.env, "HOME": str(home), "NO_COLOR": "1", "COLUMNS": "100",
               "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}", "PYTHONPATH": str(ROOT)}
        env.pop("HERALD_TOKEN", None)
        done = subprocess.run(["bash", "-c", script(doc_blocks)], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, timeout=300, stdin=subprocess.DEVNULL)
    results = []
    for printed in _split(done.stdout, len(doc_blocks)):
        failures = "\n".join(re.findall(r"@@doc-failed \d+ \d+@@", printed))
        results.append((re.sub(r"@@doc-failed \d+ \d+@@\n?", "", printed).strip("\n"), failures))
    return results


def _split(text: str, count: int) -> list[str]:
    pieces = [""] * count
    current = None
    for line in text.splitlines(keepends=True):
        marker = re.fullmatch(r"@@doc-block (\d+)@@\n?", line)
        if marker:
            current = int(marker.group(1))
        elif current is not None:
            pieces[current] += line
    return pieces


DOCS = runnable()


# Documents whose commands play whole scenarios (30-90 s each): run by CI's slow tier.
LONG_DOCS = {"docs/table.md", "docs/bots.md"}


@pytest.mark.parametrize("path", [pytest.param(path, marks=pytest.mark.slow) if str(path.relative_to(ROOT)) in LONG_DOCS
                                  else path for path in DOCS], ids=lambda p: str(p.relative_to(ROOT)))
def test_the_documents_commands_work_as_shown(path, tmp_path):
    doc_blocks = DOCS[path]
    wrong = []
    for block, (output, failures) in zip(doc_blocks, run_document(doc_blocks, tmp_path)):
        if block.output is not None:
            if not matches(block.output, output):
                wrong.append(f"{block.where}: printed\n{output}\n--- but the document shows\n{block.output}")
        elif failures:
            wrong.append(f"{block.where}: a command failed ({failures}); it printed\n{output}")
    assert not wrong, "\n\n".join(wrong)


def test_every_block_not_run_here_names_a_test_that_runs_it():
    missing = []
    for path in documents():
        for block in blocks(path):
            if block.run_by is None:
                continue
            test_file, test_name = block.run_by
            source = ROOT / test_file
            text = source.read_text(encoding="utf-8") if source.exists() else ""
            if test_name is None:  # .ci/run: every program the block runs, CI runs (a superset of it)
                wanted = {c.split()[0] for c in re.split(r"&&|\n", block.text) if c.strip()}
                if not text or any(program not in text for program in wanted):
                    missing.append(f"{block.where}: {test_file} does not run {wanted}")
            elif f"def {test_name}(" not in text:
                missing.append(f"{block.where}: {test_file}::{test_name}")
    assert not missing


def test_output_matching_understands_ellipses_and_volatile_values():
    assert matches("a\n...\nd", "a\nb\nc\nd")
    assert not matches("a\n...\nd", "a\nb\nc")
    assert matches("Seed hash: " + "0" * 64, "Seed hash: " + "f" * 64)
    assert matches("Waiting for seat 0 ...", "Waiting for seat 0 (ana) (you): Your turn.")
    assert not matches("exit 0", "exit 4")
