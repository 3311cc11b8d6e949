"""`herald next` cost: GET /me/next (games rows only) against what a client would otherwise do
to learn what is asked of it and since when: list its games, then GET /games/{id} for each
game where one of its seats is prompted (which reads that game's state).

    python -m bench.bench_next [--games 100] [--rounds 20]

One player holds a seat in N active Medieval Mastery games (6 seats: large states) and is
asked in some of them; the two ways are timed in alternation in one run through Flask's test
client (no HTTP: the difference is the server's own work). The in-process state cache is
cleared before every round, as after a restart or in another worker, where a game's state
must come from its snapshot row.
"""
from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from server.store import state_cache
from server.app import create_app
from server.config import load_config


def setup(games: int):
    folder = Path(tempfile.mkdtemp(prefix="herald-bench-next-"))
    app = create_app(load_config({"HERALD_DATABASE_URL": f"sqlite:///{folder / 'herald.db'}",
                                  "HERALD_MAIL_DIR": str(folder / "mail")}))
    client = app.test_client()
    tokens = [client.post("/players", json={"name": f"p{i}", "email": f"p{i}@example.org"}).json["token"]
              for i in range(6)]
    for _ in range(games):
        created = client.post("/games", json={"ruleset": "medieval-mastery", "seats": 6},
                              headers={"Authorization": f"Bearer {tokens[0]}"}).json
        for token, invite in zip(tokens, created["invites"]):
            client.post("/games/join", json={"invite": invite["code"]}, headers={"Authorization": f"Bearer {token}"})
    return client, {"Authorization": f"Bearer {tokens[0]}"}


def by_next(client, headers) -> int:
    return len(client.get("/me/next", headers=headers).json)


def by_listing(client, headers) -> int:
    asked = 0
    for summary in client.get("/games?mine=1", headers=headers).json:
        if set(summary["my_seats"]) & set(summary["prompted"]):
            detail = client.get(f"/games/{summary['id']}", headers=headers).json
            asked += sum(1 for p in detail["prompted"] if p["seat"] == detail["my_seat"])
    return asked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    client, headers = setup(args.games)
    assert by_next(client, headers) == by_listing(client, headers), "the two ways disagree"
    timings = {"next": [], "listing": []}
    for _ in range(args.rounds):
        for name, way in (("next", by_next), ("listing", by_listing)):
            state_cache.clear()
            started = time.perf_counter()
            found = way(client, headers)
            timings[name].append(time.perf_counter() - started)
    print(f"{args.games} active games, asked in {found}; median of {args.rounds} interleaved rounds:")
    for name, label in (("next", "GET /me/next"), ("listing", "GET /games + GET /games/{id} per asked game")):
        print(f"  {label:45} {statistics.median(timings[name]) * 1000:8.1f} ms")
    print(f"  ratio listing / next: {statistics.median(timings['listing']) / statistics.median(timings['next']):.1f}")


if __name__ == "__main__":
    main()
