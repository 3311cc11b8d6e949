"""The rule IDs explained in docs/rules/, and the rule IDs the repository cites.

docs/rules/<game>.md is the repository's own list of every rule ID (format: docs/rules/README.md):
a rule is explained by a line that starts with "- `ID` — " (or a table row "| `ID` |"), and an
area of rules (CA-ACT-ATTACK, WQ-BOAT, ...) is declared by a heading that names it in backticks.
The rules specifications these IDs come from sit beside the repository (../shared/rules), which a
clone may not have, so tests read the IDs from here.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from core.registry import games

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules"
# Every game the server offers explains its rule IDs in docs/rules/<name>.md (core/registry.py);
# the reference game's (TOY-n) are the platform tests' own and are listed nowhere.
GAME_FILES = {facts.rules: f"{facts.name}.md" for facts in games.every() if facts.offered}
UNLISTED = tuple(facts.rules + "-" for facts in games.every() if not facts.offered)

ID = rf"(?:{'|'.join(GAME_FILES)})-[A-Z0-9]+(?:-[A-Z0-9]+)*"
# A citation: the shape the rules' IDs have, not glued to a word or a hyphen before it (so the
# month and day of an upper-case date pattern, year-month-day, as server/store/statements.py writes
# one in a docstring, are no citation).
CITED = re.compile(rf"(?<![\w-])({ID})\b")
FORM = re.compile(ID)
DEFINITION = re.compile(r"^(?:- |\| )`([^`]+)`(?: — | \| )(.*)$", re.M)
HEADING = re.compile(r"^#+ .*$", re.M)
IN_BACKTICKS = re.compile(r"`([^`]+)`")
# Text files where the code, the tests and the guides can name a rule.
TEXT_SUFFIXES = {".py", ".md", ".json", ".yaml", ".yml", ".txt", ".toml", ".html", ".j2", ".cfg", ".ini", ".sql"}


def game_file(prefix: str) -> Path:
    """docs/rules/<game>.md of a rule-ID prefix (CA, MM, WQ, ...)."""
    return RULES / GAME_FILES[prefix]


def game_text(prefix: str) -> str:
    """The text of docs/rules/<game>.md; an offered game without one is told what to write."""
    path = game_file(prefix)
    if not path.exists():
        raise FileNotFoundError(f"an offered game explains its rule IDs in {path.relative_to(ROOT)}: write it "
                                f"(docs/rules/README.md gives the format, docs/adding-a-game.md the steps)")
    return path.read_text(encoding="utf-8")


def definitions(prefix: str | None = None) -> dict[str, str]:
    """Rule ID -> its explanation, for one game's file or (prefix None) every game's."""
    found: dict[str, str] = {}
    for key in ([prefix] if prefix else GAME_FILES):
        for rule, text in DEFINITION.findall(game_text(key)):
            found.setdefault(rule, text)
    return found


def definition_lines(prefix: str) -> list[str]:
    """Every explained ID of one game's file in order, repeats kept (to find duplicates)."""
    return [rule for rule, _ in DEFINITION.findall(game_text(prefix))]


def areas(prefix: str | None = None) -> set[str]:
    """The areas of rules the headings of one game's file (or every game's) declare."""
    found: set[str] = set()
    for key in ([prefix] if prefix else GAME_FILES):
        for heading in HEADING.findall(game_text(key)):
            found |= {name for name in IN_BACKTICKS.findall(heading) if FORM.fullmatch(name)}
    return found


def text_files(top: Path, skip: Iterable[Path] = ()) -> Iterable[Path]:
    """The text files under `top`, not under any of `skip`, without caches."""
    skip = tuple(skip)
    for path in sorted(top.rglob("*")):
        if (path.is_file() and path.suffix in TEXT_SUFFIXES and "__pycache__" not in path.parts
                and not any(path.is_relative_to(s) for s in skip)):
            yield path


def citations(tops: Iterable[str], skip: Iterable[Path] = ()) -> dict[str, set[str]]:
    """Rule ID -> the files (relative to the repository) that cite it, under the given folders."""
    cited: dict[str, set[str]] = {}
    for top in tops:
        for path in text_files(ROOT / top, skip):
            for rule in CITED.findall(path.read_text(encoding="utf-8", errors="replace")):
                cited.setdefault(rule, set()).add(str(path.relative_to(ROOT)))
    return cited
