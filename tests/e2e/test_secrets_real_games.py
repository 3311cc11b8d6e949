"""No seat ever sees another seat's secrets, through any door the server opens: its game
view, the rendered board, the legal-move list, the mails queued for it, and (for the seed)
the log and the answer to its own move.

Real games are played through the real API (Flask's test client over a real SQLite file);
the moves come from the engine's own random player, run on the server's snapshot. After
every move, each seat's answers are checked against the engine's list of what that seat may
not see (`Game.hidden_from`: ids of other hands, decks, face-down and secret cards) and the
seed, which stays secret until the end.
"""
from __future__ import annotations

import json
import re
import sqlite3

import pytest

from core import games
from core.rng import Rng

CASES = [("castle-assault", 3), ("castle-assault", 4), ("medieval-mastery", 3), ("wizards-quest", 3)]


@pytest.fixture
def api(tmp_path, game_seeds):
    from server.app import create_app
    from server.config import load_config
    from server.store.db import database
    from server.table.seeds import SOURCE

    db_file = tmp_path / "herald.db"
    app = create_app({**load_config({"HERALD_DATABASE_URL": f"sqlite:///{db_file}",
                                     "HERALD_MAIL_DIR": str(tmp_path / "mail")}), SOURCE: game_seeds})
    yield app.test_client(), db_file
    database.close()


def leaks(text: str, hidden: list[str]) -> list[str]:
    return [token for token in hidden if re.search(rf"(?<![A-Za-z0-9]){re.escape(token)}(?![A-Za-z0-9])", text)]


@pytest.mark.parametrize("ruleset,seats", CASES, ids=[f"{r}-{s}p" for r, s in CASES])
def test_no_seat_sees_another_seats_secrets(api, ruleset, seats):
    client, db_file = api
    engine = games[ruleset]
    tokens = []
    for seat in range(seats):
        answer = client.post("/players", json={"name": f"p{seat}", "email": f"p{seat}@example.org"})
        tokens.append({"Authorization": f"Bearer {answer.json['token']}"})
    created = client.post("/games", json={"ruleset": ruleset, "seats": seats}, headers=tokens[0]).json
    for invite in created["invites"]:
        assert client.post("/games/join", json={"invite": invite["code"]}, headers=tokens[invite["seat"]]).status_code == 200
    game = created["id"]
    db = sqlite3.connect(db_file)
    seed = db.execute("SELECT seed FROM games WHERE id = ?", (game,)).fetchone()[0]
    rng = Rng(f"secrets-{ruleset}-{seats}")

    for seq in range(3000):
        (raw,) = db.execute("SELECT state FROM snapshots WHERE game_id = ?", (game,)).fetchone()
        state = engine.from_json(json.loads(raw))
        if engine.result(state) is not None:
            break
        prompts = engine.prompts(state)
        seat = prompts[rng.below(len(prompts))].seat
        move = engine.random_move(state, seat, rng)
        put = client.put(f"/games/{game}/moves/{seq}", json={"move": move}, headers=tokens[seat])
        assert put.status_code == 201, put.json

        (raw,) = db.execute("SELECT state FROM snapshots WHERE game_id = ?", (game,)).fetchone()
        after = engine.from_json(json.loads(raw))
        over = engine.result(after) is not None
        assert over or seed not in json.dumps(put.json)
        for viewer in range(seats):
            hidden = engine.hidden_from(after, viewer)
            answers = [client.get(f"/games/{game}", headers=tokens[viewer]),
                       client.get(f"/games/{game}/render", headers=tokens[viewer]),
                       client.get(f"/games/{game}/legal", headers=tokens[viewer])]
            mails = [context for (context,) in db.execute(
                "SELECT context FROM notifications WHERE game_id = ? AND seat = ? AND version = ?",
                (game, viewer, seq + 1))]
            for text in [json.dumps(a.json) for a in answers] + mails:
                assert not leaks(text, hidden), f"move {seq}: seat {viewer} sees {leaks(text, hidden)}"
                assert over or seed not in text, f"move {seq}: seat {viewer} sees the seed"
            # Events may reveal a card as it is played (and it may then go where nobody can look
            # again), so the log is checked for the seed here; its redaction has its own tests.
            log = client.get(f"/games/{game}/moves?from={seq}", headers=tokens[viewer])
            assert log.status_code == 200 and (over or seed not in json.dumps(log.json))
    else:
        pytest.fail("the game did not end")
    final = client.get(f"/games/{game}", headers=tokens[0]).json
    assert final["status"] == "finished" and final["seed"] == seed
