"""The same API on PostgreSQL: the games row lock (SELECT ... FOR UPDATE) serialises moves."""
import pytest

from tests.server.conftest import Api
from tests.server.live import race, serving


@pytest.fixture
def pg_app(postgres, toy_game, tmp_path):
    from server.app import create_app
    from server.config import load_config
    from server.store.db import database

    url = postgres.new_database()
    app = create_app(load_config({"HERALD_DATABASE_URL": url, "HERALD_MAIL_DIR": str(tmp_path / "mail")}))
    yield app
    database.close()


@pytest.fixture
def pg_api(pg_app):
    return Api(pg_app.test_client())


def test_a_game_plays_to_the_end_on_postgres(pg_api):
    from peewee import PostgresqlDatabase

    from server.store.db import database, is_sqlite
    from server.store.verify import verify_all

    assert not is_sqlite() and isinstance(database.obj, PostgresqlDatabase)  # pooled: a subclass
    players = [pg_api.register("alice"), pg_api.register("bob")]
    game = pg_api.start_game(players, options={"target": 15})
    detail = pg_api.game(game, players[0])
    while detail["status"] == "active":
        response = pg_api.play_first_legal(game, players)
        assert response.status_code == 201, response.json
        again = pg_api.call("PUT", f"/games/{game}/moves/{response.json['seq']}", players[response.json["seat"]],
                            json={"move": response.json["move"]})
        assert again.status_code == 200 and again.json == response.json
        detail = pg_api.game(game, players[0])
    assert detail["seed"] and detail["result"]["winners"]
    assert [r.problems for r in verify_all()] == [[]]


def test_racing_puts_on_postgres_accept_exactly_one(pg_app, pg_api):
    players = [pg_api.register("alice"), pg_api.register("bob")]
    game = pg_api.start_game(players)
    moves = [m["move"] for m in pg_api.legal(game, players[0])["moves"]]
    with serving(pg_app) as url:
        results = race(f"{url}/games/{game}/moves/0", players[0]["token"],
                       [{"move": moves[i % len(moves)]} for i in range(8)])
    statuses = [status for status, _ in results]
    assert statuses.count(201) == 1, results
    assert all(status in (200, 201, 409) for status in statuses)
    assert pg_api.game(game, players[0])["version"] == 1


def test_postgres_refuses_to_change_a_logged_move(pg_api):
    from peewee import DatabaseError

    from server.store.db import database

    players = [pg_api.register("alice"), pg_api.register("bob")]
    game = pg_api.start_game(players)
    assert pg_api.play_first_legal(game, players).status_code == 201
    for statement in ("UPDATE moves SET seat = seat", "DELETE FROM moves"):
        with pytest.raises(DatabaseError, match="append-only"):
            with database.atomic():
                database.execute_sql(statement)
    assert database.execute_sql("SELECT COUNT(*) FROM moves").fetchone() == (1,)




def test_game_lists_and_log_pages_read_the_same_on_postgres(pg_api):
    """The game list and the log page read rows as the driver gives them (PostgreSQL: datetimes
    and booleans, not text and integers): the answers are the same as on SQLite."""
    import re

    alice, bob = players = [pg_api.register("alice"), pg_api.register("bob")]
    games = [pg_api.start_game(players) for _ in range(3)]
    waiting = pg_api.call("POST", "/games", bob, json={"ruleset": "toy-race", "seats": 2, "public": True}).json["id"]
    first = pg_api.call("GET", "/games?limit=2", alice).json
    rest = pg_api.call("GET", f"/games?before={first[-1]['id']}", alice).json
    assert [g["id"] for g in first + rest] == games[::-1]
    assert first[0]["public"] is False and re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", first[0]["created"])
    assert [(g["id"], g["public"]) for g in pg_api.call("GET", "/games?open=1", alice).json] == [(waiting, True)]
    assert [g["id"] for g in pg_api.call("GET", "/games?mine=1&open=1", bob).json] == [waiting]
    pg_api.play_first_legal(games[0], players)
    [entry] = pg_api.call("GET", f"/games/{games[0]}/moves", alice).json["moves"]
    assert entry["seq"] == 0 and re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", entry["created"])


def test_verify_on_postgres_reads_one_moment_while_a_move_lands(pg_api):
    """READ COMMITTED would show verify the move and snapshot its games row predates."""
    from tests.server.test_verify import moves_seen_with_a_move_landing_midway

    players = [pg_api.register("alice"), pg_api.register("bob")]
    assert moves_seen_with_a_move_landing_midway(pg_api, players) == (2, 2, 2)


@pytest.mark.parametrize("method,path", [("POST", "/games/join"), ("PUT", "/games/{game}/moves/{seq}"),
                                         ("POST", "/players"), ("POST", "/games"), ("GET", "/games/{game}/moves")])
def test_garbage_on_postgres_is_never_a_500(pg_api, monkeypatch, method, path):
    """The garbage of test_garbage.py against PostgreSQL, which refuses some values SQLite
    stores (NUL in text) or compares differently (integers past 32 bits)."""
    from tests.server import test_garbage

    monkeypatch.setattr("server.table.gameviews.MAX_WAIT", 0)
    players = [pg_api.register("alice"), pg_api.register("bob")]
    game = pg_api.start_game(players)
    pg_api.play_first_legal(game, players)
    setting = {"game": game, "alice": players[0], "carol": pg_api.register("carol")}
    test_garbage.test_garbage_bodies_and_queries(pg_api, setting, method, path)


def test_a_statement_name_another_client_holds_turns_preparing_off(pg_app, monkeypatch, caplog):
    """Behind PgBouncer with HERALD_PREPARED_STATEMENTS left on, another process's statement of
    the same name on a shared server connection answered 'prepared statement herald_1 already
    exists' and the request a 500 (12 of 30 at once); only a missing one was recognised. Both
    now turn preparing off in the process, with the warning that names the setting, and the
    statement is sent again unprepared."""
    import itertools

    from server.store import roundtrips, statements
    from server.store.db import database
    from server.store.models import Player

    monkeypatch.setattr(database.obj, "prepare", True)
    monkeypatch.setattr(roundtrips, "_names", itertools.count(90000))
    player = Api(pg_app.test_client()).register("ana")
    database.connect(reuse_if_open=True)
    database.execute_sql("PREPARE herald_90000 AS SELECT 1")  # another client's, on this server connection
    row = statements.select_by_id(Player, player["id"])
    assert row is not None and row.id == player["id"]
    assert database.obj.prepare is False and "HERALD_PREPARED_STATEMENTS=0" in caplog.text


def test_health_says_a_database_it_cannot_reach_is_unreachable(pg_app, postgres):
    """With PostgreSQL down /health answered the API's 'busy' (503, Retry-After), not its own
    body: monitoring that reads `ok` or `database.reason` read nothing. A database that takes
    no connection is now `ok: false`, reason `unreachable`; the health comes back with it."""
    import psycopg2

    from server.store.db import database

    client = pg_app.test_client()
    assert client.get("/health").json["ok"] is True
    name = pg_app.config["DATABASE_URL"].rsplit("/", 1)[1]
    admin = psycopg2.connect(host="127.0.0.1", port=postgres.port, user="herald", dbname="postgres")
    admin.autocommit = True
    try:
        admin.cursor().execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS false")
        database.close()
        database.obj.close_all()
        admin.cursor().execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,))
        down = client.get("/health")
        assert down.status_code == 503 and down.json["ok"] is False, down.json
        assert down.json["database"] == {"writable": False, "reason": "unreachable"}
        # The API says so too: not 'busy' (retry within seconds), but a database it cannot reach.
        asked = client.get("/games", headers={"Authorization": "Bearer not-a-real-token"})
        assert asked.status_code == 503 and asked.json["error"]["code"] == "database-unreachable", asked.json
        assert asked.headers["Retry-After"] == "30"
    finally:
        admin.cursor().execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS true")
        admin.close()
    assert client.get("/health").json["ok"] is True


@pytest.mark.parametrize("relay, warned", [(None, True), ("smtp.example.org", False)])
def test_health_warns_of_a_shared_database_without_a_mail_relay(postgres, tmp_path, relay, warned):
    """On PostgreSQL `notify` runs on every host, each sending a share of the outbox; a host
    without HERALD_SMTP_HOST wrote its share into its own mail folder and counted it sent, and
    nothing said so. (One SQLite server writing to its folder is a setup of its own: no warning,
    tests/server/test_ratelimits.py.)"""
    from server.app import create_app
    from server.config import load_config
    from server.store.db import database

    config = load_config({"HERALD_DATABASE_URL": postgres.new_database(), "HERALD_MAIL_DIR": str(tmp_path / "mail"),
                          "HERALD_RATELIMIT_ENABLED": "0", **({"HERALD_SMTP_HOST": relay} if relay else {})})
    try:
        health = create_app(config).test_client().get("/health")
    finally:
        database.close()
    assert health.status_code == 200 and health.json["ok"]
    if not warned:
        assert health.json["warnings"] == []
        return
    [warning] = health.json["warnings"]
    assert "HERALD_SMTP_HOST" in warning and "HERALD_MAIL_DIR" in warning and "deploy/README.md" in warning


def test_operator_commands_refuse_an_empty_postgres_database_unless_asked(postgres, tmp_path):
    """`herald server verify` on an empty PostgreSQL database (a wrong name in the URL) said
    'checked 0 game(s): all agree' and left Herald's tables in it; SQLite's missing file was
    refused. An empty database is refused too, unless `--create`; migrate says it made one."""
    import psycopg2
    from click.testing import CliRunner

    from server.cli import server

    url = postgres.new_database()
    env = {"HERALD_DATABASE_URL": url, "HERALD_CONFIG": "", "HERALD_MAIL_DIR": str(tmp_path / "mail")}
    refused = CliRunner().invoke(server, ["verify"], env=env)
    assert refused.exit_code == 1 and "holds no Herald tables" in refused.output, refused.output
    assert "postgresql herald_" in refused.output  # named as an operator knows it, not by a class
    tables = psycopg2.connect(url).cursor()
    tables.execute("SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'")
    assert tables.fetchone()[0] == 0
    made = CliRunner().invoke(server, ["--create", "migrate"], env=env)
    assert made.exit_code == 0 and "made a new database with every table" in made.output, made.output
    assert CliRunner().invoke(server, ["verify"], env=env).exit_code == 0


def test_two_rated_games_ending_at_once_both_count_for_a_shared_player(pg_app, pg_api, postgres):
    """A rating read without a lock could be overwritten by another game's ending at the same
    moment (PostgreSQL reads committed rows only): one of the two updates was lost."""
    import threading

    import psycopg2

    from tests.server.live import http_put

    ana, ben = pg_api.register("ana"), pg_api.register("ben")

    def game() -> int:
        created = pg_api.call("POST", "/games", ana, json={"ruleset": "toy-race", "seats": 2, "rated": True}).json
        for player, invite in zip((ana, ben), created["invites"]):
            pg_api.call("POST", "/games/join", player, json={"invite": invite["code"]})
        return created["id"]

    first = game()
    assert pg_api.call("PUT", f"/games/{first}/moves/{pg_api.game(first, ben)['version']}", ben,
                       json={"text": "resign"}).status_code == 201
    second = game()
    version = pg_api.game(second, ben)["version"]
    other = psycopg2.connect(pg_app.config["DATABASE_URL"])
    cursor = other.cursor()  # another game's ending, under way: it has rated ana, not yet committed
    cursor.execute("SELECT id FROM players WHERE id IN (%s, %s) ORDER BY id FOR NO KEY UPDATE", (ana["id"], ben["id"]))
    cursor.execute("UPDATE ratings SET games = games + 10 WHERE player_id = %s", (ana["id"],))
    answers = []
    with serving(pg_app) as url:
        ending = threading.Thread(target=lambda: answers.append(http_put(
            f"{url}/games/{second}/moves/{version}", ben["token"], {"text": "resign"})))
        ending.start()
        ending.join(1.0)
        other.commit()
        ending.join(30)
    other.close()
    assert answers[0][0] == 201
    table = {r["name"]: r["games"] for r in pg_api.call("GET", "/ratings/toy-race", ana).json["ratings"]}
    assert table == {"ana": 1 + 10 + 1, "ben": 2}
