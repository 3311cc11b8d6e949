"""Hungarian's definite article, chosen by the word that follows it.

Hungarian says "a" before a consonant and "az" before a vowel, by sound: "a 4 pajzs" but
"az 1. játszma" (egy), "az 5" (öt), "az Éjszaka", "az L1" (el). A translation cannot know the
word a slot will hold, so the catalogs write "a(z) %(game)s"; once the sentence is filled in,
`articles` writes the one the word takes. A slot still unfilled (`{P0}`, a player's name put
in later) keeps "a(z)" until it is filled, and a word it cannot judge keeps it for good.
"""
from __future__ import annotations

import re

ARTICLE = re.compile(r"\b([Aa])\(z\)(\s+)(\S+)")
VOWELS = frozenset("aáeéiíoóöőuúüű")
# Letters whose Hungarian names begin with a vowel (a, e, ef, i, el, em, en, o, er, es, u, iksz,
# ipszilon): how an id or an abbreviation ("L1", "M", "SMS") is read.
VOWEL_LETTERS = frozenset("AÁEÉFIÍLMNOÓÖŐRSUÚÜŰXY")
OPENING = re.compile(r"^(?:<[^>]*>|[\"'„“”«»‹›(\[*_`])+")  # quotes, brackets, tags before the word


def articles(text: str) -> str:
    """`text` with each "a(z)" as the word after it takes it ("A(z)" keeps its capital)."""
    if "(z)" not in text:
        return text
    return ARTICLE.sub(_article, text)


def _article(found: re.Match) -> str:
    capital, space, word = found.groups()
    vowel = starts_with_vowel(word)
    if vowel is None:
        return found.group(0)
    return (capital + "z" if vowel else capital) + space + word


def starts_with_vowel(word: str) -> bool | None:
    """Whether `word` is said with a vowel first; None where that cannot be told (a slot)."""
    word = OPENING.sub("", word)
    if not word or word[0] in "{%":
        return None
    digits = re.match(r"\d+", word)
    if digits:
        return _number_starts_with_vowel(digits.group(0))
    first = word[0]
    if not first.isalpha():
        return None
    if first.isupper() and len(word) > 1 and (word[1].isdigit() or word[1].isupper()):
        return first in VOWEL_LETTERS  # an id or an abbreviation, read letter by letter
    return first.lower() in VOWELS


def _number_starts_with_vowel(digits: str) -> bool:
    """egy (1), öt (5), ötven (50), ötszáz (500), ezer (1000), egymillió: a vowel; tíz, száz,
    tízezer, kettő ...: not."""
    digits = digits.lstrip("0") or "0"
    if digits[0] == "5":
        return True
    return digits[0] == "1" and len(digits) % 3 == 1
