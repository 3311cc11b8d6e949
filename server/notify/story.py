"""What a mail tells a player beyond the question: the story since they last acted, and
whether the question is still open when the mail is sent.

Both are read at send time from the log (never on the move path): a turn mail written at
move 40 and sent after move 45 tells everything up to its own move, and a question the seat
has already answered by then is not mailed at all.
"""
from __future__ import annotations

import textwrap

from core.protocol import visible
from server.errors import msg, msg_n
from server.store import statements
from server.store.models import Game, Move
from server.players.seats import name_players, seats_of
from server.web.i18n.catalogs import said
from server.web.i18n.gametext import render_event_text

RECAP_LINES = 40
WIDTH = 78


def recap_context(game_id: int, seat: int, upto_version: int, language: str | None = None) -> dict:
    """For the templates: the recap lines and since when they run (`own`: the seat's last
    move; `start`: the game's beginning; the templates say it in the reader's words), Herald's
    own words and the game's in the reader's `language`."""
    lines, since_own = _recap(game_id, seat, upto_version, language)
    return {"recap": lines, "recap_since": "own" if since_own else "start"}


def _recap(game_id: int, seat: int, upto_version: int, language: str | None = None) -> tuple[list[str], bool]:
    """The events that seat may see, from its last own move up to the mail's move, oldest first.
    Who moved is named where every seat may see it; the newest RECAP_LINES are kept."""
    game = statements.select_by_id(Game, game_id)  # (SQL built once: a turn mail's recap, each mail)
    if game is None or seat is None:
        return [], False
    last_own = (Move.select(Move.seq).where((Move.game == game_id) & (Move.seat == seat) & (Move.seq < upto_version))
                .order_by(Move.seq.desc()).limit(1).scalar())
    start = -1 if last_own is None else last_own
    seats = seats_of(game)
    lines: list[str] = []
    for move in (Move.select(Move.seq, Move.seat, Move.text, Move.events, Move.public)
                 .where((Move.game == game_id) & (Move.seq > start) & (Move.seq < upto_version)).order_by(Move.seq)):
        if move.public:
            mover = "{P%d}" % move.seat
            played = said(msg("%(player)s played: %(move)s", player=mover, move=move.text), language)
            lines.append(name_players(played, seats))
        lines += [f"  {name_players(render_event_text(e, language, game.ruleset), seats)}" for e in move.events
                  if visible(e.get("to"), seat)]
    if len(lines) > RECAP_LINES:
        earlier = msg_n("(... %(num)d earlier line: herald log %(game)s)", "(... %(num)d earlier lines: herald log %(game)s)",
                        len(lines) - RECAP_LINES, game=game_id)
        lines = [said(earlier, language)] + lines[-RECAP_LINES:]
    return lines, last_own is not None


def still_asked(game_id: int, seat: int | None, version: int) -> bool:
    """Is the seat still to answer what a mail written at `version` asks? False once the game
    is over or that seat has moved since (so the mail would show a stale question)."""
    game = Game.select(Game.status, Game.prompted).where(Game.id == game_id).first()
    if game is None or game.status != "active" or not any(p["seat"] == seat for p in game.prompted or []):
        return False
    moved = Move.select().where((Move.game == game_id) & (Move.seat == seat) & (Move.seq >= version)).exists()
    return not moved


def fit(text: str, width: int = WIDTH) -> str:
    """Lines of at most `width` columns for a mail. Prose is wrapped at spaces (continuations
    indented four more spaces than their line); a board row
    listing cells ('a | b | c', or cells two spaces apart) breaks between cells, its
    continuation indented. A command to copy and a word longer than the width (a code, a
    link) stay whole."""
    out = []
    for line in text.splitlines():
        stripped = line.lstrip()
        indent = line[:len(line) - len(stripped)]
        if len(line) <= width:
            out.append(line)
        elif " | " in stripped or "  " in stripped:
            separator = " | " if " | " in stripped else "  "
            out += _wrap_cells(stripped.split(separator), width, indent, separator)
        elif stripped.startswith("herald ") or " " not in stripped:
            out.append(line)
        else:
            out += textwrap.wrap(line, width, subsequent_indent=indent + "    ", break_long_words=False,
                                 break_on_hyphens=False)
    return "\n".join(out)


def _wrap_cells(cells: list[str], width: int, indent: str, separator: str) -> list[str]:
    rows, current = [], indent + cells[0]
    for cell in cells[1:]:
        if len(current) + len(separator) + len(cell) <= width:
            current += separator + cell
        else:
            rows.append(current)
            current = indent + "  " + cell
    rows.append(current)
    return rows
