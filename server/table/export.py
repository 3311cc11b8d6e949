"""`GET /games/{id}/export`: the game's self-contained record (core/gamerecord.py).

During play it is the caller's: another seat's hidden moves and events stay out, as in the
log, and the seed is not there. Once the game is over every move is in it, with the seed,
so anyone can replay and check it (`herald replay`).
"""
from __future__ import annotations

from core import gamerecord
from server.table.gameviews import load_game
from server.store.models import Move
from server.table.movelog import visible_events
from server.rulesets import engine as find_engine
from server.players.seats import name_players, seats_of, viewing_seat

MAX_MOVES = 100_000


def export(caller, game_id: int, requested_seat: int | None) -> dict:
    game = load_game(game_id)
    seat = viewing_seat(game, caller, requested_seat)
    engine = find_engine(game.ruleset)
    seats = seats_of(game)
    finished = game.status == "finished"
    record = {"format": gamerecord.FORMAT, "game": game.id, "ruleset": game.ruleset, "title": game.title,
              "rules_version": getattr(game, "rules_version", None) or engine.rules_version,
              "players": game.players, "options": game.options, "status": game.status,
              "seats": [{"seat": s.seat, "name": s.name} for s in seats],
              "seed_hash": game.seed_hash, "seed": game.seed if finished else None,
              "for_seat": None if finished else seat,
              "result": game.result, "created": _stamp(game.created), "finished": _stamp(game.finished),
              "moves": []}
    rows = Move.select().where(Move.game == game.id).order_by(Move.seq).limit(MAX_MOVES)
    for row in rows:
        entry = {"seq": row.seq, "state_hash": row.state_hash, "state_format": row.state_format, "chain": row.chain,
                 "created": row.created.isoformat(timespec="microseconds")}
        if finished or row.public or row.seat == seat:
            entry.update(seat=row.seat, move=row.payload, text=name_players(row.text, seats))
        entry["events"] = visible_events(row.events, seat, seats)  # events keep their visibility
        record["moves"].append(entry)
    return record


def _stamp(moment) -> str | None:
    return moment.isoformat(timespec="seconds") + "Z" if moment else None
