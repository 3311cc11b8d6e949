"""What saying game texts in the reader's language costs an English reader's answers.

    python -m bench.bench_speaking [RULESET] [--rounds 60]

One process, a real SQLite file, Flask's test client: a two-seat game played to its end
through the API, then GET /games/{id}/moves and GET /games/{id} for an authenticated
English reader, with the server's speaking JSON provider (server/api/speaking.py) and with
Flask's plain one, alternating round by round; the median CPU time of each and their ratio.
"""
from __future__ import annotations

import argparse
import statistics
import tempfile
import time

from flask.json.provider import DefaultJSONProvider

from core.rng import Rng
from server.app import create_app
from server.config import load_config

MOVE_CAP = 400


def played_game(client, headers, ruleset: str) -> int:
    """A two-seat game of the caller's, played by random legal moves to its end (or MOVE_CAP)."""
    game = client.post("/games", json={"ruleset": ruleset, "seats": 2}, headers=headers).json
    for number, invite in enumerate(game["invites"]):
        client.post("/games/join", json={"invite": invite["code"], **({"another_seat": True} if number else {})},
                    headers=headers)
    rng = Rng("bench-speaking", scheme=2)
    for _ in range(MOVE_CAP):
        now = client.get(f"/games/{game['id']}", headers=headers).json
        if now["status"] != "active" or not now["prompted"]:
            break
        seat = now["prompted"][0]["seat"]
        legal = client.get(f"/games/{game['id']}/legal?seat={seat}", headers=headers).json
        moves = [entry["move"] for entry in legal["moves"] if "move" in entry]
        client.put(f"/games/{game['id']}/moves/{now['version']}?seat={seat}",
                   json={"move": moves[rng.below(len(moves))]}, headers=headers)
    return game["id"]


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ruleset", nargs="?", default="castle-assault")
    parser.add_argument("--rounds", type=int, default=60)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(load_config({"HERALD_DATABASE_URL": f"sqlite:///{folder}/herald.db",
                                      "HERALD_MAIL_DIR": folder, "HERALD_RATELIMIT_ENABLED": "0"}))
        client = app.test_client()
        token = client.post("/players", json={"name": "reader", "email": "reader@example.org"}).json["token"]
        headers = {"Authorization": f"Bearer {token}"}
        game = played_game(client, headers, args.ruleset)
        providers = {"speaking": app.json, "plain": DefaultJSONProvider(app)}
        providers["plain"].sort_keys = app.json.sort_keys
        times: dict[str, list[float]] = {kind: [] for kind in providers}
        for number in range(args.rounds):
            for kind in (list(providers) if number % 2 else list(providers)[::-1]):
                app.json = providers[kind]
                start = time.process_time()
                for path in (f"/games/{game}/moves", f"/games/{game}"):
                    assert client.get(path, headers=headers).status_code == 200
                times[kind].append(time.process_time() - start)
        speaking, plain = (statistics.median(times[kind]) for kind in ("speaking", "plain"))
        print(f"{args.ruleset}: an English reader's log and game: {speaking * 1000:.2f} ms with the speaking "
              f"provider, {plain * 1000:.2f} ms with Flask's own: {speaking / plain:.3f}x")


if __name__ == "__main__":
    main()
