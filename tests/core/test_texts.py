"""Every sentence a game writes (events, prompts, results, boards), checked for what a reader
would trip over: gendered pronouns for seats, '(s)' plurals, number agreement, '{Pn}' slots that
no seat fills, and sentences starting in lower case. Random games of every ruleset and player
count, every viewer."""
from __future__ import annotations

import re

import pytest

from core import games
from core.rng import Rng
from tests.core.playout import turns

SINGULAR = "card|knight|treasure|army|orc|shield|wall|point|move|seat|territory|boat|wizard|champion|player|round"
PLURAL = "cards|knights|treasures|armies|orcs|shields|walls|points|moves|seats|territories|boats|wizards|champions|players|rounds"
PROSE_ONLY = {"'1' with a plural noun", "a number above one with a singular noun", "a sentence starting in lower case"}
RULES = {
    "a gendered pronoun for a seat": re.compile(r"\b(his|her|him|he|she|himself|herself)\b", re.I),
    "an '(s)' plural": re.compile(r"\w\(s\)"),
    "'1' with a plural noun": re.compile(rf"(?<![\d.½])\b1 ({PLURAL})\b"),
    "a number above one with a singular noun": re.compile(rf"(?<![\d.])\b([02-9]|\d\d+) ({SINGULAR})\b(?![- (](armies|army|cards|card|s\)))"),
    "a sentence starting in lower case": re.compile(r"(?<!e\.g)(?<!i\.e)[.!?] [a-z]"),
    "a seat slot that is not {Pn}": re.compile(r"\{P(?!\d\})"),
}


def faults(text: str, players: int, prose: bool = True) -> list[str]:
    """What is wrong with one line; boards (not prose) are held to the rules that fit a table."""
    found = [rule for rule, pattern in RULES.items() if (prose or rule not in PROSE_ONLY) and pattern.search(text)]
    found += [f"slot {{P{n}}} names no seat" for n in re.findall(r"\{P(\d+)\}", text) if int(n) >= players]
    return found


def sentences(game, players: int, seed: str, moves: int):
    """(where, text) for everything the game says in one random game."""
    walk = turns(game, game.setup(players, {}, seed), Rng("texts:" + seed), max_moves=moves)
    for turn in walk:
        for prompt in turn.prompts:
            yield "prompt", prompt.text
        state, events = turn.play()
        for event in events:
            yield "event", event.text
        if walk.rng.below(25) == 0:
            for viewer in list(range(players)) + [None]:
                yield f"board for {viewer}", game.render(game.view(state, viewer), viewer)
    if walk.result is not None:
        yield "result", walk.result.reason


@pytest.mark.parametrize("ruleset", sorted(games))
def test_every_sentence_reads_right(ruleset):
    game = games[ruleset]
    problems = {}
    for players in range(game.min_players, game.max_players + 1):
        for run in range(2):
            for where, text in sentences(game, players, f"texts-{players}-{run}", moves=1500):
                for line in text.splitlines():
                    for fault in faults(line, players, prose=not where.startswith("board")):
                        problems.setdefault((fault, re.sub(r"\d+", "N", line)), (where, line))
    assert not problems, "\n".join(f"{fault}: [{where}] {line}" for (fault, _), (where, line) in list(problems.items())[:25])


def test_the_checker_catches_what_it_claims():
    assert faults("{P0} collects his chest.", 2) == ["a gendered pronoun for a seat"]
    assert faults("{P1} loses 2 knight(s).", 2) == ["an '(s)' plural"]
    assert faults("hand 1 cards", 2) == ["'1' with a plural noun"]
    assert faults("{P0} has 3 card left", 2) == ["a number above one with a singular noun"]
    assert faults("won. collected all three", 2) == ["a sentence starting in lower case"]
    assert faults("{P4} moves.", 3) == ["slot {P4} names no seat"]
    assert faults("{P0} loses 2 knights and 1 card.", 2) == []
