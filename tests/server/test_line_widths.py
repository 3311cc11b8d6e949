"""Boards and turn mails keep to their width in every language: a board's lines are at most
`core.layout.WIDTH` (100) columns, as docs/mail.md promises a mail's board, in all six languages
and not only in English (which the engines lay out as they write).

A translated board ran past it: Castle Assault's hands and discard pile in Spanish, Dutch,
Hungarian and Swedish (to 134 columns), Wizard's Quest's map rows in every translation ("orcher
2" is longer than "orcs 2"), laid out at English widths, and Medieval Mastery's "To decide"
line, 120 columns even in English. Widths are counted in characters (a mail reader's columns),
not bytes.
"""
from __future__ import annotations

import pytest

from core import games
from core.layout import WIDTH
from core.rng import Rng
from server.players.seats import SeatInfo
from server.web.i18n.gamewords import spoken
from server.web.i18n.languages import LANGUAGES
from tests.core.playout import tiered, turns

NAMES = ("ana", "ben", "cyd", "dan", "eve", "fay")
EVERY = 5  # a position every so many moves of a random game, besides its start and its end
SEEDS = 3  # random games of each size


def too_wide(text: str) -> list[str]:
    """The lines of `text` wider than WIDTH columns, but a line of a single word (a link or a
    reply address, which no reader wants broken)."""
    return [line for line in text.splitlines() if len(line) > WIDTH and len(line.split()) > 1]


def positions(name: str, players: int, seed: str, limit: int):
    """The start of a random game of `players` seats, a position every EVERY moves, and its last
    (after `limit` moves or the end)."""
    game = games[name]
    walk = turns(game, game.setup(players, game.normalize_options({}), seed), Rng(f"widths:{seed}"), limit)
    for number, turn in enumerate(walk):
        if number % EVERY == 0:
            yield turn.state
    yield walk.state


CASES = [(name, players) for name in sorted(games) for players in range(games[name].min_players,
                                                                          games[name].max_players + 1)]


@pytest.mark.parametrize("name,players", tiered(CASES, {index for index, case in enumerate(CASES) if case[1] in (2, 4)}))
def test_every_board_keeps_to_its_width_in_every_language(name, players):
    """The board each seat and an onlooker see (`herald show`, a mail's position), at the start
    and through a random game, said in each language with the players' names in."""
    game = games[name]
    seats = tuple(SeatInfo(seat, seat + 1, NAMES[seat], None) for seat in range(players))
    wide = {}
    for state in (state for number in range(SEEDS) for state in positions(name, players, f"{name}:{players}:{number}", 400)):
        for seat in [*range(players), None]:
            board = game.render(game.view(state, seat), seat)
            for language in LANGUAGES:
                found = too_wide(spoken(board, language, name, seats))
                if found:
                    wide.setdefault(language, found[0])
    assert wide == {}, "\n".join(f"{language} ({len(line)}): {line}" for language, line in wide.items())

