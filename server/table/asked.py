"""What is asked of me: every prompt of my seats in my active games, oldest first.

`herald next` answers the correspondence player's first question ("where is it my
turn?") from the games rows alone (their `prompted` column holds who is asked what,
since when) plus one query for the seats: no game state is loaded or replayed, so the
list stays cheap however many games a player has.
"""
from __future__ import annotations

from datetime import datetime

from peewee import JOIN

from core.records import message_of
from server.players import localtime
from server.players.auth import Caller
from server.store.models import Game, Player, Seat, utcnow
from server.store.statements import tuples
from server.players.seats import SeatInfo, name_players, titled

ASKED_LIMIT = 500  # active games read per call (lowest ids first): a bound on one request's work


def deadline_of(game: Game, prompt: dict, now: datetime | None = None) -> str | None:
    """When this prompt must be answered (ISO 8601, UTC), or None when the game has no clock:
    the same deadline GET /games/{id} shows (server/table/clocks.py: per move, the seat's reserve,
    vacations). `herald next` shows the column as soon as any entry has one."""
    if not game.days_per_move or not prompt.get("since"):
        return None
    from server.table.clocks import deadline, stamp  # the clock reads seats and vacations: only for clocked games

    due, _ = deadline(game, prompt, now or utcnow())
    return stamp(due)


def asked(caller: Caller) -> list[dict]:
    """One entry per prompt of the caller's seats in active games, the longest-waiting first."""
    games = list(Game.select()
                 .where((Game.status == "active")
                        & Game.id.in_(Seat.select(Seat.game).where(Seat.player == caller.id)))
                 .order_by(Game.id).limit(ASKED_LIMIT))
    seats = _seats_by_game([game.id for game in games])
    now = utcnow()
    entries = []
    for game in games:
        mine = {info.seat for info in seats[game.id] if info.player == caller.id}
        for prompt in game.prompted or []:
            if prompt["seat"] in mine:
                entries.append(_entry(game, prompt, seats[game.id], now))
    entries.sort(key=lambda entry: (entry["since"] or "", entry["game"], entry["seat"]))
    if any(entry["deadline"] for entry in entries):  # written as the caller reads dates: one more query
        reader = localtime.requester(caller.id)
        for entry in entries:
            entry["deadline_text"] = localtime.format_iso(entry["deadline"], reader)
    return [{"deadline_text": None, **entry} for entry in entries]  # (the key is always there)


def _entry(game: Game, prompt: dict, seats: tuple[SeatInfo, ...], now: datetime) -> dict:
    since = prompt.get("since")
    waited = int((now - datetime.fromisoformat(since)).total_seconds()) if since else None
    return {"game": game.id, "ruleset": game.ruleset, "title": titled(game.title, game.ruleset), "version": game.version,
            "seat": prompt["seat"], "kind": prompt["kind"], "text": name_players(message_of(prompt), seats),
            "since": since + "Z" if since else None, "waiting_seconds": max(0, waited) if waited is not None else None,
            "deadline": deadline_of(game, prompt, now)}


def _seats_by_game(game_ids: list[int]) -> dict[int, tuple[SeatInfo, ...]]:
    """Every seat (with player name) of these games, in one query."""
    found: dict[int, list[SeatInfo]] = {game_id: [] for game_id in game_ids}
    if game_ids:
        rows = tuples(Seat.select(Seat.game, Seat.seat, Player.id, Player.name, Player.email)
                      .join(Player, on=(Seat.player == Player.id), join_type=JOIN.LEFT_OUTER)
                      .where(Seat.game.in_(game_ids)).order_by(Seat.seat))
        for game_id, *info in rows:
            found[game_id].append(SeatInfo(*info))
    return {game_id: tuple(infos) for game_id, infos in found.items()}
