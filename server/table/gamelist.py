"""GET /games: my games (or the open public ones), newest first, one page at a time.

The page's game ids are picked first, from indexes alone (seats by (player, game), games by
creator), and only those rows are read: a page costs the same whether the player has been
in ten games or ten thousand. `?before=<id>` asks for the page below that id (keyset
paging: no OFFSET to count through, stable while games are created); `?limit=` sets its
size (PAGE by default, at most 200: ListQuerySchema). The summaries are plain dicts from tuples, in
the order of GameSummarySchema: no model objects per row.
"""
from __future__ import annotations

import json

from server.table import prompts
from server.store.statements import placeholders, select_rows, utc_stamp

PAGE = 30  # a screenful; a small page keeps a long history as cheap to list as a short one
NO_BOUND = 2 ** 63 - 1  # above every id


def listing(caller, mine: bool, open_only: bool, before: int | None = None, limit: int | None = None) -> list[dict]:
    """Summaries of my games (seated in, or created; the default) or of open public games."""
    ids = page_ids(caller.id, mine, open_only, NO_BOUND if before is None else before, limit or PAGE)
    if not ids:
        return []
    seats = seats_by_game(ids)
    return [summary(row, seats[row[0]], caller.id) for row in _games(ids)]


# The page's index scans, highest id first.
SCANS = {
    "public": "SELECT id FROM games WHERE status = %s AND public = %s AND id < %s ORDER BY id DESC LIMIT %s",
    "seated": "SELECT game_id FROM seats WHERE player_id = %s AND game_id < %s ORDER BY game_id DESC LIMIT %s",
    "seated-open": "SELECT seats.game_id FROM seats JOIN games ON games.id = seats.game_id WHERE seats.player_id = %s "
                   "AND seats.game_id < %s AND games.status = %s ORDER BY seats.game_id DESC LIMIT %s",
    "created": "SELECT id FROM games WHERE creator_id = %s AND id < %s ORDER BY id DESC LIMIT %s",
    "created-open": "SELECT id FROM games WHERE creator_id = %s AND id < %s AND status = %s ORDER BY id DESC LIMIT %s",
}
GAMES = "SELECT id, ruleset, status, version, prompted, created, public FROM games WHERE id IN ({ids}) ORDER BY id DESC"
SEATS = ("SELECT seats.game_id, seats.seat, seats.player_id, players.name FROM seats "
         "LEFT OUTER JOIN players ON players.id = seats.player_id WHERE seats.game_id IN ({ids}) "
         "ORDER BY seats.game_id, seats.seat")


def page_ids(player: int, mine: bool, open_only: bool, below: int, limit: int) -> list[int]:
    """The ids of one page (`limit` at most), highest first, all below `below`."""
    if open_only and not mine:  # only public games are listed to strangers
        return _scan("public", ("open", True, below, limit))
    if open_only:
        seated, created = _scan("seated-open", (player, below, "open", limit)), \
            _scan("created-open", (player, below, "open", limit))
    else:
        seated, created = _scan("seated", (player, below, limit)), _scan("created", (player, below, limit))
    # Two index range scans of at most a page each, merged here: a UNION or an OR would
    # make the database collect all of the player's games before it can sort them.
    return sorted(set(seated) | set(created), reverse=True)[:limit]


def _scan(which: str, params: tuple) -> list[int]:
    return [row[0] for row in select_rows(SCANS[which], params)]


def _games(ids: list[int]) -> list[tuple]:
    return select_rows(GAMES.format(ids=placeholders(len(ids))), tuple(ids))


def seats_by_game(ids: list[int]) -> dict[int, list[dict]]:
    by_game: dict[int, list[dict]] = {game_id: [] for game_id in ids}
    for game_id, seat, player, name in select_rows(SEATS.format(ids=placeholders(len(ids))), tuple(ids)):
        by_game[game_id].append({"seat": seat, "player": player, "name": name})
    return by_game


def summary(row: tuple, seats: list[dict], player: int) -> dict:
    game_id, ruleset, status, version, prompted, created, public = row
    mine_here = [s["seat"] for s in seats if s["player"] == player]
    asked = prompts.visible(json.loads(prompted) if prompted and prompted != "[]" else [], mine_here, ruleset)
    return {"id": game_id, "ruleset": ruleset, "status": status, "seats": seats, "version": version,
            "prompted": sorted({p["seat"] for p in asked}), "my_seats": mine_here, "created": utc_stamp(created),
            "public": bool(public)}
