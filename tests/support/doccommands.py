"""The shell blocks of the documentation, read as a test reads them.

A fenced block whose info string is `sh` (or `bash`, `console`, `shell`) holds commands. A block
is run by the documentation test (tests/docs/test_doc_commands.py) unless an HTML comment on the
line just before it names the test that runs it instead:

    <!-- run by tests/server/test_operator_guide.py::test_the_guide_on_a_fresh_venv -->

(commands that install a machine, start systemd units or run the suite itself), or `.ci/run`
for the commands CI runs itself (`<!-- run by .ci/run -->`). A `text` block
that follows a run block, with only blank lines between, is what the commands print; in it a
line `...` (or `…`) stands for any number of lines, and the values that differ on every run
(invite codes, tokens, seed hashes) are compared by their shape.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHELL = {"sh", "bash", "console", "shell"}
FENCE = re.compile(r"^```(\S*)\s*$")
RUN_BY = re.compile(r"^<!-- run by (\S+?)(?:::(\w+))? -->$")
# Values that are new on every run, as they appear in output: compared by their shape.
VOLATILE = [
    (re.compile(r"\b[0-9a-f]{64}\b"), "<hash>"),
    (re.compile(r"(?<=herald join )[a-z0-9]{16}\b"), "<invite>"),
    (re.compile(r"\b[A-Za-z0-9_-]{43}\b"), "<token>"),
]


@dataclass
class Block:
    path: Path
    line: int  # of the opening fence, 1-based
    kind: str
    text: str
    run_by: tuple[str, str | None] | None  # (test file, test function or None) that runs it instead
    output: str | None  # the `text` block after it: what the commands print

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def documents() -> list[Path]:
    """Every document a user reads: the README, docs/, deploy/ and the engines' notes."""
    found = [ROOT / "README.md", ROOT / "CONTRIBUTING.md"]
    for folder in ("docs", "deploy", "core", "server", "client"):
        found += sorted((ROOT / folder).rglob("*.md"))
    return [p for p in found if p.exists()]


def blocks(path: Path) -> list[Block]:
    """The shell blocks of one document, in order, each with its output block if it has one."""
    lines = path.read_text(encoding="utf-8").splitlines()
    fenced = []  # (start line index, kind, body lines)
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if opening is None:
            i += 1
            continue
        end = next((j for j in range(i + 1, len(lines)) if lines[j].startswith("```")), len(lines))
        fenced.append((i, opening.group(1), lines[i + 1:end], end))
        i = end + 1
    found = []
    for n, (start, kind, body, end) in enumerate(fenced):
        if kind not in SHELL:
            continue
        marker = RUN_BY.match(lines[start - 1].strip()) if start else None
        output = None
        if n + 1 < len(fenced) and fenced[n + 1][1] == "text":
            after = fenced[n + 1]
            if all(not line.strip() for line in lines[end + 1:after[0]]):
                output = "\n".join(after[2])
        found.append(Block(path, start + 1, kind, "\n".join(body), marker.groups() if marker else None, output))
    return found


def normalise(text: str) -> str:
    for pattern, shape in VOLATILE:
        text = pattern.sub(shape, text)
    return "\n".join(line.rstrip() for line in text.strip("\n").splitlines())


def matches(expected: str, actual: str) -> bool:
    """Whether `actual` is `expected`, where a line `...` or `…` stands for any lines."""
    want = normalise(expected).splitlines()
    have = normalise(actual).splitlines()
    return _match(want, have)


def _match(want: list[str], have: list[str]) -> bool:
    if not want:
        return not have
    if want[0].strip() in ("...", "…"):
        return any(_match(want[1:], have[k:]) for k in range(len(have) + 1))
    return bool(have) and _line_matches(want[0], have[0]) and _match(want[1:], have[1:])


def _line_matches(want: str, have: str) -> bool:
    """A line ending in `...` matches any line that starts with the rest."""
    if want.endswith("...") and want.strip() != "...":
        return have.startswith(want[:-3].rstrip())
    return want == have
