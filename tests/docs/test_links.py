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
