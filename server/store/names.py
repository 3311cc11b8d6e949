"""Players' names in any of their alphabets, each told apart from every other whatever its case.

A name may be written in any alphabet ("Åsa", "Иван", "José Ñúñez"), one alphabet to a name:
"Аna" with a Cyrillic А would pass for "Ana" in every board, mail and log. Two names are the
same name when they differ only in case or in how their letters are encoded (`key`: NFKC,
case-folded; "ÅSA" and "åsa", "Straße" and "STRASSE"), and `players.name_key` holds that key
under a unique index (m0096), so both databases refuse the second alike, whatever their
collation.
"""
from __future__ import annotations

import unicodedata

# Names no player may take: Herald's own, which its notes at the table are signed with in mail.
RESERVED = {"herald"}
# Alphabets that one name may mix because one language writes with them together (Japanese).
TOGETHER = {"HIRAGANA": "CJK", "KATAKANA": "CJK"}


def normalised(name: str) -> str:
    """A name as it is stored: composed (NFC, "Å" one character), its spaces single."""
    return " ".join(unicodedata.normalize("NFC", name).split())


def key(name: str) -> str:
    """What two names that are the same name share (case and encoding aside)."""
    return unicodedata.normalize("NFKC", normalised(name)).casefold()


def email_key(address: str) -> str:
    """What two spellings of one mail address share (`players.email_key`): its case folded as
    Python folds it, every alphabet alike (a received sender is read the same way)."""
    return address.strip().lower()


def alphabets(name: str) -> set[str]:
    """The alphabets of a name's letters, by their Unicode names ("LATIN", "CYRILLIC", ...)."""
    found = set()
    for char in name:
        if char.isalpha():
            script = unicodedata.name(char, "?").split(" ")[0]
            found.add(TOGETHER.get(script, script))
    return found
