"""Every relative link in the documents leads to a file or folder of the repository."""
from __future__ import annotations

import re

from tests.support.doccommands import ROOT, documents

LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_relative_links_resolve():
    broken = []
    for path in documents():
        text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:|#|<|/", target):  # a URL, an anchor, or a path on a running server
                continue
            if not (path.parent / target.split("#")[0]).exists():
                broken.append(f"{path.relative_to(ROOT)}: {target}")
    assert not broken


# A file of the repository named in prose: a top folder, then a path ending in a file type.
NAMED_FILE = re.compile(r"(?<![\w./-])((?:bench|client|core|deploy|docs|server|tests)/[\w./*-]+\.(?:py|md|json|toml|j2))\b")


def test_files_named_in_documents_and_code_exist():
    """A file named in a document or a docstring is where it says (a `*` stands for any name):
    what a newcomer follows first, and what a move of files leaves behind."""
    named = documents() + sorted(p for top in ("bench", "client", "core", "server", "tests")
                                 for p in (ROOT / top).rglob("*.py") if "fixtures" not in p.parts)
    missing = []
    for path in named:
        for name in set(NAMED_FILE.findall(path.read_text(encoding="utf-8"))):
            if not any(ROOT.glob(name)):
                missing.append(f"{path.relative_to(ROOT)}: {name}")
    assert not missing, missing
