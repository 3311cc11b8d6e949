"""The deadline and reminder scans with 5,000 active games and nothing due, against 50.

    python -m bench.bench_deadlines [--games 5000] [--few 50] [--rounds 5]

Two SQLite files hold `--games` and `--few` active two-player Castle Assault games (one real
game, its rows copied), every seat asked an hour ago, so nothing is due for `deadlines --after
48h`, `remind --after 24h` or a 2-day clock. In one run the phases alternate (many, few, few,
many, ...): each times the three scans as cron runs them, a fresh process's state cache each
time, and the same work done as before m0082 (every active game read, locked and its state
loaded, as `apply_due` did over all active games). Printed: the median per phase and the
ratios many/few, now and before.
"""
from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from datetime import timedelta
from pathlib import Path

from server.table import deadlines, lobby, reminders, timeouts
from server.store import startup, state_cache
from server.store.db import database, open_database
from server.store.models import Game, Player, Seat, Snapshot, utcnow


def make_database(path: Path, count: int):
    db = open_database(f"sqlite:///{path}", synchronous="OFF")
    database.connect(reuse_if_open=True)
    startup.prepare()
    ana = Player.create(name="ana", email="ana@example.org", token_hash="a" * 64)
    created = lobby.create_game(ana, "castle-assault", 2, {}, days_per_move=2)
    for number, invite in enumerate(created["invites"]):
        lobby.join_game(ana, invite["code"], another_seat=number > 0)  # ana plays both seats
    since = utcnow() - timedelta(hours=1)
    model = Game.get_by_id(created["id"])
    prompted = [{**p, "since": since.isoformat(timespec="seconds")} for p in model.prompted]
    Game.update(prompted=prompted, waiting_since=since, due_at=since + timedelta(days=2)).where(
        Game.id == model.id).execute()
    _copy(Game.get_by_id(model.id), count - 1)
    database.close()
    return db


def _copy(game, copies: int) -> None:
    """`copies` more games like `game`: its games row, seats and snapshot."""
    row = {f: getattr(game, f) for f in Game._meta.fields if f != "id"}
    row["creator"] = game.creator_id
    snap = Snapshot.get(Snapshot.game == game.id)
    seats = list(Seat.select().where(Seat.game == game.id))
    with database.atomic():
        for start in range(0, copies, 200):
            for _ in range(min(200, copies - start)):
                new = Game.insert(row).execute()
                Snapshot.insert(game=new, version=snap.version, state=snap.state, state_hash=snap.state_hash,
                                state_format=snap.state_format).execute()
                Seat.insert_many([{"game": new, "seat": s.seat, "player": s.player_id, "invite": f"{new}x{s.seat}",
                                   "joined": s.joined} for s in seats]).execute()


def scans_now() -> int:
    now = utcnow()
    made = len(deadlines.apply_defaults(timedelta(hours=48), now).applied)
    made += reminders.queue_reminders(timedelta(hours=24), now)
    return made + len(timeouts.apply_overdue(now).applied) + timeouts.queue_reminders(now)


def scans_before() -> int:
    """What the deadline scan did before m0082: every active game, locked, its state loaded."""
    active = [g.id for g in Game.select(Game.id).where(Game.status == "active")]
    report = deadlines.apply_due(active, lambda game, engine, state: None, utcnow(), deadlines.DeadlineReport())
    return len(report.applied)


def timed(db, scan) -> float:
    database.initialize(db)
    state_cache.clear()  # cron starts a new process each time
    with database.connection_context():
        start = time.perf_counter()
        assert scan() == 0, "nothing should be due"
        return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--few", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        many = make_database(Path(folder) / "many.db", args.games)
        few = make_database(Path(folder) / "few.db", args.few)
        times = {(size, kind): [] for size in ("many", "few") for kind in ("now", "before")}
        for round_ in range(args.rounds):
            order = [("many", many), ("few", few)] if round_ % 2 == 0 else [("few", few), ("many", many)]
            for size, db in order:
                times[size, "now"].append(timed(db, scans_now))
                times[size, "before"].append(timed(db, scans_before))
    median = {key: statistics.median(values) for key, values in times.items()}
    for kind in ("now", "before"):
        print(f"{kind:>6}: {args.games} games {median['many', kind] * 1000:8.1f} ms, {args.few} games "
              f"{median['few', kind] * 1000:8.1f} ms, ratio {median['many', kind] / median['few', kind]:.2f}")


if __name__ == "__main__":
    main()
