"""GET /games: my games (or the open public ones), newest first, one page at a time.

The page's game ids are picked first, from indexes alone (seats by (player, game), games by
creator), and only those rows are read: a page costs the same whether the player has been
in ten games or ten thousand. `?before=<id>` asks for the page below that id (keyset
paging: no OFFSET to count through, stable while games are created); `?limit=` sets its
size (PAGE by default, at most 200: ListQuerySchema). The summaries are plain dicts from tuples, in
the order of GameSummarySchema: no model objects per row.
"""
from __future__ import annotations

from peewee import JOIN

from server import prompts
from server.models import Game, Player, Seat

PAGE = 50  # a screenful; a small page keeps a long history as cheap to list as a short one
NO_BOUND = 2 ** 63 - 1  # above every id


def listing(caller, mine: bool, open_only: bool, before: int | None = None, limit: int | None = None) -> list[dict]:
    """Summaries of my games (seated in, or created; the default) or of open public games."""
    ids = page_ids(caller.id, mine, open_only, NO_BOUND if before is None else before, limit or PAGE)
    if not ids:
        return []
    games = (Game.select(Game.id, Game.ruleset, Game.status, Game.version, Game.prompted, Game.created,
                         Game.public)
             .where(Game.id.in_(ids)).order_by(Game.id.desc()).tuples())
    seats = seats_by_game(ids)
    return [summary(row, seats[row[0]], caller.id) for row in games]


def page_ids(player: int, mine: bool, open_only: bool, below: int, limit: int) -> list[int]:
    """The ids of one page (`limit` at most), highest first, all below `below`."""
    if open_only and not mine:  # only public games are listed to strangers
        public = (Game.select(Game.id)
                  .where((Game.status == "open") & (Game.public == True) & (Game.id < below)))  # noqa: E712 - SQL
        return _newest(public, Game.id, limit)
    seated = Seat.select(Seat.game).where((Seat.player == player) & (Seat.game < below))
    created = Game.select(Game.id).where((Game.creator == player) & (Game.id < below))
    if open_only:
        seated = seated.join(Game, on=(Seat.game == Game.id)).where(Game.status == "open")
        created = created.where(Game.status == "open")
    # Two index range scans of at most a page each, merged here: a UNION or an OR would
    # make the database collect all of the player's games before it can sort them.
    return sorted(set(_newest(seated, Seat.game, limit)) | set(_newest(created, Game.id, limit)), reverse=True)[:limit]


def _newest(query, column, limit: int) -> list[int]:
    return [row[0] for row in query.order_by(column.desc()).limit(limit).tuples()]


def seats_by_game(ids: list[int]) -> dict[int, list[dict]]:
    by_game: dict[int, list[dict]] = {game_id: [] for game_id in ids}
    rows = (Seat.select(Seat.game, Seat.seat, Seat.player, Player.name)
            .join(Player, on=(Seat.player == Player.id), join_type=JOIN.LEFT_OUTER)
            .where(Seat.game.in_(ids)).order_by(Seat.game, Seat.seat).tuples())
    for game_id, seat, player, name in rows:
        by_game[game_id].append({"seat": seat, "player": player, "name": name})
    return by_game


def summary(row: tuple, seats: list[dict], player: int) -> dict:
    game_id, ruleset, status, version, prompted, created, public = row
    mine_here = [s["seat"] for s in seats if s["player"] == player]
    return {"id": game_id, "ruleset": ruleset, "status": status, "seats": seats, "version": version,
            "prompted": sorted({p["seat"] for p in prompts.visible(prompted or [], mine_here)}),
            "my_seats": mine_here, "created": _stamp(created), "public": public}


def _stamp(moment) -> str | None:
    return moment.isoformat(timespec="seconds") + "Z" if moment else None
