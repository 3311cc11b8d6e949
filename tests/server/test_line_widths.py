"""Boards and turn mails keep to their width in every language: a board's lines are at most
`core.layout.WIDTH` (100) columns, as docs/mail.md promises a mail's board, in all six languages
and not only in English (which the engines lay out as they write).

A translated board ran past it: Castle Assault's hands and discard pile in Spanish, Dutch,
Hungarian and Swedish (to 134 columns), Wizard's Quest's map rows in every translation ("orcher
2" is longer than "orcs 2"), laid out at English widths, and Medieval Mastery's "To decide"
line, 120 columns even in English; and a turn mail listed a move pattern's help beside it, on
lines of 150 columns. Widths are counted in characters (a mail reader's columns), not bytes.
"""
from __future__ import annotations

import json
from email.utils import parseaddr

import pytest

from core import games
from core.layout import WIDTH
from core.rng import Rng
from server.players.seats import SeatInfo, name_players
from server.web.i18n.gamewords import spoken
from server.web.i18n.languages import LANGUAGES
from tests.core.playout import tiered, turns

# Players' names as people choose them (up to 40 characters): a board lays out its lines with them in.
NAMES = ("Kristóf Nagy", "Annika Bergström", "Ljudmila Kuznetsova", "Pieter van der Berg", "Lucía Gómez Herrera",
         "Maximilian Featherstonehaugh")
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
    and through a random game, said in each language with the players' names in (in English also
    as the API and the game page name it, `name_players`)."""
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
            found = too_wide(name_players(board, seats))
            if found:
                wide.setdefault("en (named)", found[0])
    assert wide == {}, "\n".join(f"{language} ({len(line)}): {line}" for language, line in wide.items())


def address(name: str) -> str:
    return "".join(letter for letter in name.lower() if letter.isascii() and letter.isalpha()) + "@example.org"


def body(message) -> str:
    return message.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")


def play_by_the_api(table, name: str, readers: dict[str, str], moves: int) -> None:
    """A game of `name` whose seats are `readers` ({player's name: language}, each mailed at
    `address(name)`), `moves` random moves into it, its mail sent after each."""
    from server.store.models import Snapshot
    from tests.server.test_full_games import prompted_seats

    engine, api = games[name], table.api
    seated = [api.register(player, address(player)) for player in readers]
    for player, language in zip(seated, readers.values()):
        assert api.call("PATCH", "/players/me", player, json={"language": language}).status_code == 200
    game_id = api.start_game(seated, ruleset=name)
    rng = Rng(f"widths:mail:{name}:{len(readers)}")
    for _ in range(moves):
        table.deliver()
        detail = api.game(game_id, seated[0])
        if detail["status"] != "active":
            break
        seat = prompted_seats(api, game_id, seated)[0]
        state = engine.from_json(json.loads(Snapshot.get(Snapshot.game == game_id).state))
        made = api.call("PUT", f"/games/{game_id}/moves/{detail['version']}", seated[seat],
                        json={"move": engine.random_move(state, seat, rng)})
        assert made.status_code == 201, made.json
    table.deliver()


@pytest.mark.parametrize("name", [name if name == "castle-assault" else pytest.param(name, marks=pytest.mark.slow)
                                  for name in sorted(games)])
def test_every_turn_mail_keeps_to_its_width_in_every_language(table, name):
    """Whole mails (a turn mail's story, question, board, the moves to reply with and each
    pattern's help, how to answer), to players of all six languages at two tables of the game,
    one as full as the game allows; and the answer to a reply 'moves', which lists the moves as
    a turn mail does."""
    from tests.server.mailplay import reply_to

    game = games[name]
    full = min(game.max_players, len(LANGUAGES))
    rest = (LANGUAGES[full:] + LANGUAGES)[:max(2, len(LANGUAGES) - full)]
    readers = {NAMES[seat]: language for seat, language in enumerate(LANGUAGES[:full])}
    others = {f"{NAMES[seat]} Jr": language for seat, language in enumerate(rest)}
    play_by_the_api(table, name, readers, 30)
    play_by_the_api(table, name, others, 30)
    mails = table.new_mail()
    asking = [m for m in mails if m["Reply-To"]]  # (a turn mail, answered by a reply)
    language_of = {address(player): language for player, language in {**readers, **others}.items()}
    assert {language_of[parseaddr(str(m["To"]))[1]] for m in asking} == set(LANGUAGES)
    for message in {str(m["To"]): m for m in asking}.values():
        table.send(reply_to(message, "moves"), parseaddr(str(message["Reply-To"]))[1], parseaddr(str(message["To"]))[1])
    answers = table.new_mail()
    assert len(answers) == len(language_of)
    wide = {f"{m['To']}: {m['Subject']}": too_wide(body(m)) for m in mails + answers if too_wide(body(m))}
    assert wide == {}, json.dumps(wide, ensure_ascii=False, indent=1)
