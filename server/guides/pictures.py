"""The guides' example pictures: real positions, played by the engine from a fixed start and
drawn by the game's own SVG picture as one seat sees it, served at
`/rules/<game>/pictures/<name>.svg`. A guide shows one with
`![what it shows](/rules/<game>/pictures/<name>.svg)` and tells the story of its moves, so
tests/docs replay every example: if a change to the deal or the rules breaks one, the guide's
story has to be rewritten with it. A translated guide's page asks for its pictures in its own
language (`?lang=`: server/web/guidepages.py), and they are drawn in it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from core.registry import games

NAMES = ("Ana", "Ben", "Cat", "Dan", "Eve", "Fay")  # the players of every example


@dataclass(frozen=True)
class Example:
    players: int
    start: str  # the game's seed: the same deal every time
    moves: tuple[str, ...]  # notation, each by the seat asked now; "@2 pass" is seat 2's
    seat: int | None = 0  # whose view is drawn (None: what every seat may see)
    options: dict = field(default_factory=dict)
    marked: str | None = None  # the move whose places are outlined (default: the last one)


# Wizard's Quest, two players: Ana takes castle K5, Ben K3, and they share out the empty
# counties, hide each other's treasures and place their starting men.
MARNON_SETUP = (
    "castle K5", "castle K3", "county D2C1", "county D3C4", "county D2C2", "county D3C6", "county D2C3",
    "county D6C1", "county D5C3", "county D6C3", "county D5C5", "county D6C5", "county D5C6", "county D3C1",
    "county D5C4", "county D3C2", "county D2C5", "county D6C2", "county D1C4", "county D4C5", "county D1C5",
    "county D4C3", "county D1C3", "county D1C6", "county D4C1", "hide T03 K8", "hide T00 K7",
    "hide T04 D2C3", "place D2C3:5", "hide T01 D6C1", "place D6C1:3 wizard@D6C1", "hide T05 D5C5",
    "place D5C5:3 champion@D5C5", "hide T02 D3C2", "place D3C2:5", "place K5:4 D2C1:3 D5C6:3",
    "place K3:6 D3C4:6 D6C3:4 D6C2:4", "place D2C2:4 D5C4:2 D1C4:2 wizard@D2C2",
)
CA_BATTLE = ("attack 1/W1 V11 V26", "pass", "defend V28 W2")
MM_BATTLE = ("advance S08 3", "discard 2", "end", "advance S04 4", "discard none", "end", "advance S04 5", "pass",
             "pass", "@0 conflict 5", "@1 conflict 4")

EXAMPLES: dict[str, dict[str, Example]] = {
    "castle-assault": {
        "first-attack": Example(2, "guide-1", CA_BATTLE, options={"first-player": 0}, marked=CA_BATTLE[0]),
        "night-attack": Example(3, "guide-3p-1", ("night V68 2/W1 V17 V18",), seat=1, options={"first-player": 0}),
        "night-attack-won": Example(3, "guide-3p-1", ("night V68 2/W1 V17 V18", "join V0"), seat=1,
                                    options={"first-player": 0}, marked="night V68 2/W1"),
    },
    "medieval-mastery": {
        "opening": Example(2, "guide-1", ()),
        "battle": Example(2, "guide-1", MM_BATTLE, marked="advance S04 5"),
        "after-battle": Example(2, "guide-1", MM_BATTLE + ("support +1", "support +1", "pass", "pass", "discard 2"),
                                marked="advance S04 5"),
        "four-players": Example(4, "guide-4", (), seat=None),
    },
    "wizards-quest": {
        "round-one": Example(2, "guide-1", MARNON_SETUP),
        "first-campaign": Example(2, "guide-1", MARNON_SETUP + ("draw", "attack D2C2 D2C4", "lose men", "scatter D1C6:2",
                                                                "take 3", "end"), marked="attack D2C2 D2C4"),
    },
}


def play(ruleset: str, name: str):
    """(game, final state, [(seat, move text, [event texts])]) of one example."""
    example = EXAMPLES[ruleset][name]
    game = games[ruleset]
    state = game.setup(example.players, game.normalize_options(example.options), example.start)
    story = []
    for text in example.moves:
        match = re.fullmatch(r"@(\d) (.+)", text)
        seat, text = (int(match.group(1)), match.group(2)) if match else (game.prompts(state)[0].seat, text)
        state, events = game.apply(state, seat, game.parse(state, seat, text))
        story.append((seat, text, [event.text for event in events]))
    return game, state, story


@lru_cache(maxsize=128)
def svg(ruleset: str, name: str, language: str | None = None) -> str:
    """The example's picture, with the last move marked and the players' names written in,
    its words in `language` (None: English)."""
    from core.picture import touched_tokens
    from server.table.pictures import drawn as drawn_by, named_markup
    from server.players.seats import SeatInfo
    from server.web.i18n.gamewords import speaking

    game, state, story = play(ruleset, name)
    seat = EXAMPLES[ruleset][name].seat
    example = EXAMPLES[ruleset][name]
    marked = example.marked if example.marked is not None else (story[-1][1] if story else "")
    drawn = drawn_by(game, game.view(state, seat), seat, touched_tokens([marked]), speaking(language, ruleset))
    if drawn is None:
        raise LookupError(f"{ruleset} draws no picture for its example {name!r}")
    return named_markup(drawn, tuple(SeatInfo(s, None, NAMES[s], None) for s in range(len(NAMES))))


def names(ruleset: str) -> list[str]:
    return list(EXAMPLES.get(ruleset, {}))
