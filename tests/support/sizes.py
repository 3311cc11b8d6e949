"""The least sizes of the shipped games' documents: floors under which a file has been cut.

A merge that lost half a guide, a catalog extracted from an engine that failed to import, a rules
page that stops at its first heading: each still has the right form, and only its size tells. So
the tests that read these files check each shipped game against the floors below. They are no
requirement on a new game: a small game (a handful of rules, a page of guide) is held to
`NEW_GAME`, that its files are not empty, and to what the tests derive for every game (every cited
rule ID explained, every message translated, every translated guide nearly as long as the
English). Once a game's documents are complete, add its row here, a little below their sizes,
and the same truncation guard covers it.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Sizes:
    rules: int = 1          # rule IDs explained in docs/rules/<name>.md (tests/docs/test_rule_ids.py)
    messages: int = 1       # messages its engine says, in its catalogs (tests/server/test_game_catalogs.py)
    guide_words: int = 1    # words of its guide served as /rules/<name> (tests/server/test_guide_pages.py)
    rule_sections: int = 1  # sections of its guide that cite its rule IDs (tests/docs/test_guides.py)
    guide_ids: int = 0      # card and territory ids of its glossary the guide names (tests/docs/test_translated_guides.py)
    patterns: int = 0       # move patterns its random games list (tests/core/test_patterns.py)


SHIPPED = {
    "castle-assault": Sizes(rules=101, messages=101, guide_words=1500, rule_sections=8, guide_ids=20, patterns=6),
    "medieval-mastery": Sizes(rules=101, messages=101, guide_words=1500, rule_sections=8, guide_ids=20, patterns=1),
    "wizards-quest": Sizes(rules=101, messages=101, guide_words=1500, rule_sections=8, guide_ids=20, patterns=6),
}
NEW_GAME = Sizes()
CORE_MESSAGES = 101  # what core/*.py says for every game (the catalogs' `core` domain)


def least(name: str) -> Sizes:
    """The floors of game `name`: its row of SHIPPED, else NEW_GAME's."""
    return SHIPPED.get(name, NEW_GAME)
