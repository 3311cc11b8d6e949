"""English left in a render that should speak another language: the sentences of the English
render (runs of four or more words between punctuation) found again in the other one. Used by
tests/server/test_i18n.py (mails, pages) and tests/server/test_i18n_server_words.py (refusals,
mail-in answers)."""
from __future__ import annotations

import re


def sentences(text: str) -> set[str]:
    """The English sentences of a render: runs of 4+ words between punctuation, commands,
    links and examples with a mail address left out (they read the same in every language)."""
    found = set()
    for piece in re.split(r"[.!?:;()\n\"«»„”—–·]| - ", text):
        piece = " ".join(piece.split())
        if piece.startswith(("herald ", "http")) or "`" in piece or "/" in piece or "@" in piece:
            continue
        if len(re.findall(r"\b[A-Za-z]{2,}\b", piece)) >= 4 and not re.search(r"[^\x00-\x7f]", piece):
            found.add(piece)
    return found


SAMPLE_WORDS = {"Castle Assault", "Asalto al Castillo", "Castlecards", "Wizard's Quest"}


def untranslated(english: str, other: str) -> set[str]:
    """English sentences found in the other render (the whitespace of its wrapping aside)."""
    flat = " ".join(other.split())
    return {s for s in sentences(english) if s in flat and not any(s in name for name in SAMPLE_WORDS)}
