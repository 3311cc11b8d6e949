"""The deadline and reminder scans select only the games that are due, through an index
(games.waiting_since, games.due_at: server/table/due_times.py), not by reading every active game."""
from __future__ import annotations

import re
from datetime import timedelta

from server.table import deadlines, timeouts
from server.store.db import database
from server.store.models import Game, utcnow


def plan(query) -> str:
    sql, params = query.sql()
    return " ".join(str(row[-1]) for row in database.execute_sql("EXPLAIN QUERY PLAN " + sql, params).fetchall())


def searches(column: str, query) -> bool:
    """SQLite searches a range of the index on `column` (and scans nothing)."""
    shown = plan(query)
    return re.fullmatch(rf"SEARCH \w+ USING (COVERING )?INDEX \w+ \({column}<\?\)", shown) is not None


def test_the_scans_search_the_due_time_indexes(app):
    now = utcnow()
    assert searches("waiting_since", deadlines.waiting_since(now - timedelta(hours=48)))  # remind --after
    assert searches("waiting_since", deadlines.waiting_since(now).where(Game.days_per_move.is_null()))  # deadlines
    assert searches("due_at", timeouts.due_by(now))  # clocks


def test_the_due_times_follow_the_moves_and_clear_when_the_game_ends(api, alice_bob):
    created = api.call("POST", "/games", alice_bob[0], json={"ruleset": "toy-race", "seats": 2, "days_per_move": 2})
    for player, invite in zip(alice_bob, created.json["invites"]):
        api.call("POST", "/games/join", player, json={"invite": invite["code"]})
    game = Game.get_by_id(created.json["id"])
    assert game.waiting_since is not None and game.due_at == game.waiting_since + timedelta(days=2)
    assert [g.id for g in timeouts.due_by(game.due_at)] == [game.id]
    assert [g.id for g in timeouts.due_by(game.due_at - timedelta(seconds=1))] == []
    while Game.get_by_id(game.id).status == "active":
        assert api.play_first_legal(game.id, alice_bob).status_code == 201
    over = Game.get_by_id(game.id)
    assert over.waiting_since is None and over.due_at is None
