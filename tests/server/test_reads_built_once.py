"""The reads a player makes most read with SQL built once (server/store/statements.py), never
with a query peewee builds anew on each request: building the text of one cost about ten times
reading its row (docs/benchmarks.md, sixth session). A game, its legal moves, its log, its
render, a long-poll that finds its answer, the list of my games and a game page's long-poll each
run no peewee query once the server has answered one like it."""
from __future__ import annotations

import peewee
import pytest


@pytest.fixture
def built(monkeypatch):
    """The peewee queries run (each built into SQL text as it runs), by kind of query."""
    run: list[str] = []
    execute = peewee.Database.execute

    def counting(self, query, **kwargs):
        run.append(f"{type(query).__name__} {query.model.__name__ if hasattr(query, 'model') else ''}")
        return execute(self, query, **kwargs)

    monkeypatch.setattr(peewee.Database, "execute", counting)
    return run


READS = ["/games/{game}", "/games/{game}/legal", "/games/{game}/moves", "/games/{game}/render",
         "/games/{game}/wait?timeout=1", "/games"]


@pytest.mark.parametrize("path", READS)
def test_a_players_everyday_read_builds_no_query(api, built, path):
    alice, bob = api.register("alice"), api.register("bob")
    game = api.start_game([alice, bob])
    api.play_first_legal(game, [alice, bob])
    mover = [alice, bob][api.game(game, alice)["prompted"][0]["seat"]]
    assert api.call("GET", path.format(game=game), mover).status_code == 200  # (the first: caches fill)
    built.clear()
    answer = api.call("GET", path.format(game=game), mover)
    assert answer.status_code == 200, answer.json
    assert built == []


@pytest.fixture
def config(config):
    """The tests' configuration with a key for game-page links."""
    from server.config import load_config

    return {**config, **load_config({"HERALD_DATABASE_URL": config["DATABASE_URL"], "HERALD_MAIL_DIR": config["MAIL_DIR"],
                                     "HERALD_SECRET_KEY": "k" * 32, "HERALD_PUBLIC_URL": "https://herald.example.org",
                                     "HERALD_EMAIL_CHECK_DNS": "0", "HERALD_RATELIMIT_ENABLED": "0"})}


def test_a_game_pages_long_poll_checks_its_link_with_no_query_built(api, built):
    """The page of a player who only has a browser long-polls through its link: each of those
    requests checks the link's seat (server/web/playlinks.py), by SQL built once."""
    alice, bob = api.register("alice"), api.register("bob")
    game = api.start_game([alice, bob])
    mover = [alice, bob][api.game(game, alice)["prompted"][0]["seat"]]
    token = api.call("GET", f"/games/{game}/link", mover).json["url"].split("?t=")[1]
    assert api.call("GET", f"/play/{game}/wait?timeout=1&t={token}").status_code == 200
    built.clear()
    answer = api.call("GET", f"/play/{game}/wait?timeout=1&t={token}")
    assert answer.status_code == 200 and answer.json["prompted"] is True, answer.json
    assert built == []
