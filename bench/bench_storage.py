"""Bytes on disk per stored move, and `verify`'s speed, on a database built through the
server's own move path.

    python -m bench.bench_storage                      # the full dataset: 10,000 games, 800,000 moves
    python -m bench.bench_storage --games 200   # a quick run (about a minute)

Players, games and seats are made with the server's lobby functions and every move goes
through `server.table.movelog.submit` (the code behind PUT /games/{id}/moves/{seq}): lock, cached
state, rules, hash chain, snapshot, outbox rows in one transaction, on a real SQLite file.
Games cycle through the three rulesets, two to four players; each is played with random
legal moves until it has --moves-per-game moves or ends. The outbox is then marked sent, as
`herald server notify` leaves it (the mails themselves are not rendered: only the rows count).

It prints, from SQLite's dbstat table, the bytes each table and index takes per stored move
(goal: <= 800 bytes per move in all), first with every mail still kept (all of it younger
than the retention), then after `prune-mail` as it runs once the retention has passed; then
`verify`'s moves per second on one process and with --jobs.
"""
from __future__ import annotations

import argparse
import os
import secrets
import tempfile
import time
from datetime import timedelta
from pathlib import Path

from core import games
from core.rng import Rng

GOAL_BYTES_PER_MOVE = 800
RULESETS = tuple(games)  # every game the server offers (core/registry.py)
PLAYERS = 60  # accounts the games are spread over


def open_store(path: Path) -> None:
    from server.store import startup
    from server.store.db import database, open_database

    open_database(f"sqlite:///{path}", "off")  # durability is not what is measured here
    database.connect(reuse_if_open=True)
    startup.prepare()


def make_players(count: int) -> list:
    from server.players.auth import Caller, new_token
    from server.store.models import Player

    callers = []
    for index in range(count):
        name, email = f"bench{index}", f"bench{index}@example.org"
        player = Player.create(name=name, email=email, token_hash=new_token()[1])
        callers.append(Caller(player.id, name, email))
    return callers


def new_game(number: int, callers: list) -> int:
    """A started game of the number's ruleset, its seats taken by consecutive players."""
    from server.table import lobby
    from server.store.models import Seat

    ruleset = RULESETS[number % len(RULESETS)]
    players = 2 + number % 3
    engine = games[ruleset]
    players = max(engine.min_players, min(players, engine.max_players))
    seated = [callers[(number + i) % len(callers)] for i in range(players)]
    game = lobby.create_game(seated[0], ruleset, players, {})
    for invite, caller in zip(game["invites"], seated):
        lobby.take_seat(caller, Seat.select(Seat.id, Seat.game).where(Seat.invite == invite["code"]).first(),
                        another_seat=True)  # few callers: one may take two seats
    return game["id"]


def play(game_id: int, moves: int, callers_by_id: dict) -> int:
    """Random legal moves through the move path; how many were made."""
    from server.table import movelog
    from server.store import state_cache
    from server.store.models import Game, Seat

    game = Game.get_by_id(game_id)
    engine = games[game.ruleset]
    holders = dict(Seat.select(Seat.seat, Seat.player).where(Seat.game == game_id).tuples())
    rng, version = Rng(f"bench-storage:{game_id}"), game.version
    while version < moves:
        game = Game.select(Game.id, Game.status, Game.prompted, Game.version, Game.chain_head) \
            .where(Game.id == game_id).first()
        if game.status != "active" or not game.prompted:
            break
        seat = game.prompted[rng.below(len(game.prompted))]["seat"]
        state = state_cache.get(game, engine)
        move = engine.random_move(state, seat, rng)
        status, body = movelog.submit(callers_by_id[holders[seat]], game_id, version, seat, move, None)
        version = body["version"]
    return version


def build(path: Path, game_count: int, moves_per_game: int, minutes: float | None = None) -> int:
    """Play the games; stop early (and say so) once `minutes` of building have passed."""
    callers = make_players(PLAYERS)
    by_id = {c.id: c for c in callers}
    total, started = 0, time.perf_counter()
    deadline = started + minutes * 60 if minutes else None
    for number in range(game_count):
        total += play(new_game(number, callers), moves_per_game, by_id)
        if (number + 1) % max(1, game_count // 20) == 0:
            rate = total / (time.perf_counter() - started)
            print(f"  {number + 1:,} games, {total:,} moves ({rate:,.0f} moves/s); "
                  f"{size_line(total)}", flush=True)
        if deadline and time.perf_counter() > deadline:
            print(f"  STOPPED after {minutes:g} minutes (--build-minutes): {number + 1:,} of "
                  f"{game_count:,} games, {total:,} moves", flush=True)
            break
    mark_sent()
    return total


def size_line(moves: int) -> str:
    """The size so far: whole file, and all but the outbox (which pruning mostly removes)."""
    from server.store.db import database

    rows = database.execute_sql("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name").fetchall()
    owners = dict(database.execute_sql("SELECT name, tbl_name FROM sqlite_master").fetchall())
    total = sum(size for _, size in rows)
    outbox = sum(size for name, size in rows if owners.get(name) == "notifications")
    return (f"{total / moves:,.0f} bytes/move in all, {(total - outbox) / moves:,.0f} without "
            f"the outbox")


def mark_sent() -> None:
    """What `notify` leaves behind: every mail delivered (dropped ones count the same)."""
    from server.store.models import Notification, utcnow

    Notification.update(status="sent", sent=utcnow()).where(Notification.status == "pending").execute()


def space_by_object() -> list[tuple[str, str, int]]:
    """(table, object, bytes) from dbstat: every table and index, and the table it belongs to."""
    from server.store.db import database

    owners = dict(database.execute_sql("SELECT name, tbl_name FROM sqlite_master").fetchall())
    rows = database.execute_sql("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name").fetchall()
    return sorted(((owners.get(name, name), name, size) for name, size in rows), key=lambda r: -r[2])


def report_space(title: str, moves: int) -> float:
    from server.store.db import database

    objects = space_by_object()
    total = sum(size for _, _, size in objects)
    print(f"\n{title}")
    print(f"  {'table':<16} {'object':<34} {'bytes/move':>10} {'share':>6}")
    for table, name, size in objects:
        if size * 1000 >= total:  # the rest is under 0.1 % each
            print(f"  {table:<16} {name:<34} {size / moves:>10.1f} {size / total:>6.1%}")
    indexes = sum(size for table, name, size in objects if table != name)
    for label, size in (("indexes (all tables)", indexes), ("everything", total)):
        print(f"  {label:<51} {size / moves:>10.1f}")
    rows = database.execute_sql("SELECT COUNT(*) FROM notifications").fetchone()[0]
    print(f"  outbox rows: {rows:,} ({rows / moves:.2f} per move)")
    per_move = total / moves
    print(f"  bytes per stored move: {per_move:,.0f} (goal <= {GOAL_BYTES_PER_MOVE}: "
          f"{'met' if per_move <= GOAL_BYTES_PER_MOVE else 'NOT met'})")
    return per_move


def prune_after_retention() -> int:
    """`herald server prune-mail` as it runs once the retention has passed for every mail."""
    from server.store.db import database
    from server.notify.mailprune import prune_sent_mail
    from server.store.models import utcnow

    pruned = prune_sent_mail(timedelta(days=30), now=utcnow() + timedelta(days=31))
    database.execute_sql("VACUUM")
    return pruned


def verify_rate(jobs: int, database_url: str) -> tuple[float, int]:
    """verify's moves per second (wall clock) over every game, with that many processes."""
    from server.store.verify import verify_all

    started = time.perf_counter()
    reports = verify_all(jobs=jobs, database_url=database_url)
    elapsed = time.perf_counter() - started
    if any(not r.ok for r in reports):
        raise SystemExit("verify found a problem in the benchmark's own games")
    return sum(r.moves for r in reports) / elapsed, sum(r.moves for r in reports)


def sample_games(count: int) -> list[tuple]:
    """(game row, [(seat, payload)]) for up to `count` games spread over the dataset, in memory."""
    from server.store.models import Game, Move

    ids = [gid for (gid,) in Game.select(Game.id).where(Game.status != "open").order_by(Game.id).tuples()]
    chosen = ids[::max(1, len(ids) // count)][:count]
    moves: dict[int, list] = {}
    for game_id, seat, payload in (Move.select(Move.game, Move.seat, Move.payload).where(Move.game.in_(chosen))
                                   .order_by(Move.game, Move.seq).tuples()):
        moves.setdefault(game_id, []).append((seat, payload))
    return [(game, moves.get(game.id, [])) for game in Game.select().where(Game.id.in_(chosen)).order_by(Game.id)]


def bare_replay(sample: list[tuple]) -> float:
    """The engines alone on the sample, from memory: setup, each move (`Replayer.advance`, as
    verify steps), a state hash after each (verify's floor). CPU seconds of this process (what
    the machine's other load moves least)."""
    from core.undo import Replayer

    started = time.process_time()
    for game, moves in sample:
        engine = games[game.ruleset]
        replayer = Replayer(engine, engine.setup(game.players, game.options, game.seed,
                                                 rules_version=game.rules_version))
        for seat, payload in moves:
            engine.state_hash(replayer.advance(seat, payload))
    return time.process_time() - started


def verify_sample(sample: list[tuple]) -> float:
    """verify_games on the sample, reading it from the database: CPU seconds, as bare_replay."""
    from server.store.verify import verify_games

    started = time.process_time()
    verify_games([game.id for game, _ in sample])
    return time.process_time() - started


def report_verify(jobs: int, database_url: str, rounds: int = 5) -> None:
    """verify beside the engines alone, per ruleset on a sample (the phases interleaved, best of
    `rounds`), then over the whole database with one process and with `jobs`."""
    print("\nherald server verify (replay of every game, a state hash after every move)")
    sample = sample_games(500)
    print(f"  sample of {len(sample)} games, best of {rounds} interleaved rounds; moves per CPU second:")
    print(f"  {'ruleset':<17} {'moves':>7} {'engines alone':>13} {'verify':>8} {'ratio':>6} {'server us/move':>15}")
    totals = [0, 0.0, 0.0]
    for ruleset in RULESETS:
        part = [entry for entry in sample if entry[0].ruleset == ruleset]
        moves = sum(len(m) for _, m in part)
        bare, verified = [], []
        for _ in range(rounds):  # interleaved, so both see the same load
            bare.append(bare_replay(part))
            verified.append(verify_sample(part))
        _print_verify_row(ruleset, moves, min(bare), min(verified))
        totals = [totals[0] + moves, totals[1] + min(bare), totals[2] + min(verified)]
    _print_verify_row("all", int(totals[0]), totals[1], totals[2])
    for count in dict.fromkeys((1, jobs)):
        rate, total = verify_rate(count, database_url)
        print(f"  whole database, --jobs {count}: {total:,} moves, {rate:,.0f} moves/s "
              f"(goal >= 20,000 on one core)")


def _print_verify_row(label: str, moves: int, bare_seconds: float, verify_seconds: float) -> None:
    bare_rate, verify_rate_ = moves / bare_seconds, moves / verify_seconds
    print(f"  {label:<17} {moves:>7,} {bare_rate:>13,.0f} {verify_rate_:>8,.0f} {verify_rate_ / bare_rate:>6.2f} "
          f"{(verify_seconds - bare_seconds) / moves * 1e6:>15.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    # Random games often end first: with a cap of 110 they average about 81 moves (measured on
    # 300 of these games), so the default 10,000 games reach the 800,000 moves.
    parser.add_argument("--moves-per-game", type=int, default=110)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes for the parallel verify")
    parser.add_argument("--build-minutes", type=float,
                        help="stop building after this long and report on the games built so far")
    parser.add_argument("--verify-only", action="store_true",
                        help="with --db naming a database built before: only the verify figures")
    parser.add_argument("--db", type=Path, help="the SQLite file to build (default: a temporary one, removed)")
    args = parser.parse_args()
    folder = None if args.db else tempfile.TemporaryDirectory(prefix="herald-storage-")
    path = args.db or Path(folder.name) / "herald.db"
    if args.verify_only:
        if not path.exists():
            raise SystemExit("--verify-only needs --db naming a database this bench built")
        os.environ.setdefault("HERALD_SECRET_KEY", secrets.token_hex(16))
        open_store(path)
        report_verify(args.jobs, f"sqlite:///{path}")
        return
    if path.exists():
        raise SystemExit(f"{path} exists already; give a new file")
    os.environ.setdefault("HERALD_SECRET_KEY", secrets.token_hex(16))
    open_store(path)
    print(f"building {args.games:,} games of up to {args.moves_per_game} moves in {path}")
    started = time.perf_counter()
    moves = build(path, args.games, args.moves_per_game, args.build_minutes)
    print(f"built {moves:,} moves in {time.perf_counter() - started:,.0f} s; file {path.stat().st_size:,} bytes")
    report_space("with every mail kept (younger than the retention):", moves)
    print(f"\npruned {prune_after_retention():,} sent mail(s) older than 30 days (HERALD_MAIL_RETENTION_DAYS)")
    report_space("after pruning:", moves)
    report_verify(args.jobs, f"sqlite:///{path}")
    if folder:
        folder.cleanup()


if __name__ == "__main__":
    main()
