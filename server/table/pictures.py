"""The board as a picture for one seat: the game's SVG (`Game.picture`) with player names
written in (escaped for XML), and the places the last move touched marked where that seat
may see the move.

The picture's words are said in the reader's language by `speak` (what `Game.picture` takes:
a message -> its text), which the caller builds from the reader's language
(server/web/i18n/gamewords.py `speaking`): the table layer knows no language. None: English.
"""
from __future__ import annotations

import dataclasses
from typing import Callable

from markupsafe import escape

from core.picture import Speak, touched_tokens
from server.table.engine_errors import engine_call
from server.errors import ApiError, msg
from server.table.gameviews import current_state
from server.store.models import Move
from server.players.seats import name_players, seats_of, viewing_seat


def last_move_words(game, seat: int | None) -> frozenset[str]:
    """The words of the last move's notation, if this seat may see that move (as in the log)."""
    if game.version == 0:
        return frozenset()
    row = (Move.select(Move.seat, Move.text, Move.public)
           .where((Move.game == game.id) & (Move.seq == game.version - 1)).first())
    if row is None or not (row.public or row.seat == seat or game.status == "finished"):
        return frozenset()
    return touched_tokens([row.text])


PICTURE_NAME = 12  # characters of a name a picture writes; a longer one ends in "…"


def named_markup(text: str, seats) -> str:
    """{P0}..{P5} replaced by the players' names, escaped: the text is XML or HTML. A picture is
    laid out for names of a few characters (its slots' own, `{P0}`): a longer name (up to 40,
    one word) ran out of its box and over the next seat's, so it is cut at PICTURE_NAME
    characters there; the page's text and the board as text give it whole."""
    escaped = tuple(dataclasses.replace(s, name=str(escape(shortened(s.name))) if s.name else None) for s in seats)
    return name_players(text, escaped)


def shortened(name: str) -> str:
    """`name`, or its first PICTURE_NAME - 1 characters and "…" where it is longer."""
    return name if len(name) <= PICTURE_NAME else name[:PICTURE_NAME - 1].rstrip() + "…"


def drawn(engine, view: dict, seat: int | None, touched: frozenset = frozenset(),
          speak: Speak | None = None) -> str | None:
    """`engine.picture` of a view, its words said by `speak` (None: English, asked as an engine
    that knows no `speak` is asked)."""
    if speak is None:
        return engine.picture(view, seat, touched)
    return engine.picture(view, seat, touched, speak=speak)


def draw(game, engine, state, seat: int | None, speak: Speak | None = None) -> str | None:
    """The SVG for `seat` (None: what every seat may see), or None if the game draws none;
    its words said by `speak` (None: English). An engine failing here is `engine-error`,
    logged with the game and its seq."""
    touched = last_move_words(game, seat)
    with engine_call(game.id, game.version, "drawing the picture"):
        svg = drawn(engine, engine.view(state, seat), seat, touched, speak)
    return None if svg is None else named_markup(svg, seats_of(game))


def picture_for(game_id: int, caller, requested: int | None,
                speaking: Callable[[str], Speak | None] | None = None) -> str:
    """GET /games/{id}/picture.svg: the same seat rules as the game's view. `speaking`: the
    reader's `speak` for a game (its ruleset), asked once the game is read."""
    game, engine, state = current_state(game_id)
    seat = viewing_seat(game, caller, requested)
    if state is None:
        raise ApiError(409, "game-not-started", msg("Game %(game)s is waiting for players: there is no board yet.",
                                                    game=game_id))
    svg = draw(game, engine, state, seat, speaking(game.ruleset) if speaking else None)
    if svg is None:
        raise ApiError(404, "no-picture", msg("%(title)s has no picture; `render` shows it as text.",
                                              title=engine.title))
    return svg
