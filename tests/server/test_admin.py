"""The operator's commands on players and games, run as `herald server ...` against a real
SQLite file, and what players then see through the API."""
from __future__ import annotations

import email

from click.testing import CliRunner

from server.cli import server
from server.config import reconfigure


def run(env, *args, input=None):
    return CliRunner().invoke(server, [str(a) for a in args], env=env, input=input)


def env_of(config) -> dict:
    return {"HERALD_DATABASE_URL": config["DATABASE_URL"], "HERALD_MAIL_DIR": config["MAIL_DIR"],
            "HERALD_CONFIG": "", "HERALD_SMTP_HOST": ""}


def test_operator_commands_name_their_database_and_refuse_to_invent_one(tmp_path):
    env = {"HERALD_DATABASE_URL": f"sqlite:///{tmp_path / 'elsewhere.db'}", "HERALD_CONFIG": "",
           "HERALD_MAIL_DIR": str(tmp_path / "mail")}
    refused = run(env, "verify")
    assert refused.exit_code == 1
    assert "there is no database at" in refused.output and str(tmp_path / "elsewhere.db") in refused.output
    assert not (tmp_path / "elsewhere.db").exists()
    made = run(env, "--create", "verify")
    assert made.exit_code == 0 and f"database: sqlite:///{tmp_path / 'elsewhere.db'}" in made.output


def test_list_add_disable_and_enable_players(api, alice_bob, config):
    env = env_of(config)
    listed = run(env, "players")
    assert listed.exit_code == 0 and "alice" in listed.output and "2 player(s)" in listed.output
    added = run(env, "players", "add", "carl", "carl@example.org")
    token = added.output.strip().splitlines()[-1]
    assert api.call("GET", "/players/me", {"token": token}).json["name"] == "carl"
    assert run(env, "players", "disable", "bob").exit_code == 0
    refused = api.call("GET", "/players/me", alice_bob[1])
    assert refused.status_code == 403 and refused.json["error"]["code"] == "player-disabled"
    assert "DISABLED" in run(env, "players", "--search", "bob").output
    assert run(env, "players", "enable", "bob").exit_code == 0
    assert api.call("GET", "/players/me", alice_bob[1]).status_code == 200
    assert "no player 'zed'" in run(env, "players", "disable", "zed").output


def test_cancelling_a_game_ends_it_without_a_winner_and_tells_the_players(api, alice_bob, config, tmp_path):
    env = env_of(config)
    game = api.start_game(alice_bob)
    run(env, "notify")
    assert run(env, "cancel", game, input="n\n").exit_code == 1  # asked, declined
    done = run(env, "cancel", game, "--yes")
    assert done.exit_code == 0, done.output
    detail = api.game(game, alice_bob[0])
    assert detail["status"] == "finished" and detail["result"]["winners"] == []
    assert "operator" in detail["result"]["reason"] and detail["prompted"] == []
    from server.store.verify import verify_all

    assert all(report.ok for report in verify_all())  # ended by hand, and verify knows it
    refused = api.call("PUT", f"/games/{game}/moves/{detail['version']}", alice_bob[0], json={"text": "pass"})
    assert refused.status_code == 409
    run(env, "notify")
    overs = [email.message_from_bytes(p.read_bytes()) for p in sorted((tmp_path / "mail").glob("*.eml"))]
    assert sorted(m["To"] for m in overs if "is over" in m["Subject"]) == ["alice@example.org", "bob@example.org"]


def test_an_open_game_is_withdrawn(api, alice_bob, config):
    from server.store.models import InboundMail

    created = api.call("POST", "/games", alice_bob[0], json={"ruleset": "toy-race", "seats": 2})
    InboundMail.create(message_id="<join@example.org>", game=created.json["id"], outcome="joined")  # a join by mail
    withdrawn = run(env_of(config), "cancel", created.json["id"], "--yes")
    assert withdrawn.exit_code == 0, withdrawn.output
    assert InboundMail.get(InboundMail.message_id == "<join@example.org>").game_id is None  # still plays nothing twice
    joined = api.call("POST", "/games/join", alice_bob[1], json={"invite": created.json["invites"][1]["code"]})
    assert joined.status_code == 404


def test_a_seat_handed_over_plays_on_and_its_new_holder_is_mailed(api, alice_bob, config, tmp_path):
    env = env_of(config)
    game = api.start_game(alice_bob)
    carl = api.register("carl")
    asked = api.game(game, alice_bob[0])["prompted"][0]["seat"]
    run(env, "notify")
    handed = run(env, "seat", game, asked, "carl")
    assert handed.exit_code == 0 and "carl" in handed.output
    assert api.game(game, carl)["my_seats"] == [asked]
    run(env, "notify")
    legal = api.legal(game, carl)
    played = api.call("PUT", f"/games/{game}/moves/0", carl, json={"move": legal["moves"][0]["move"]})
    assert played.status_code == 201
    mails = [email.message_from_bytes(p.read_bytes()) for p in sorted((tmp_path / "mail").glob("*.eml"))]
    assert any(m["To"] == "carl@example.org" and "your move" in m["Subject"] for m in mails)
    assert "no seat 7" in run(env, "seat", game, 7, "carl").output


def _request_log_of_server_run(tmp_path, extra_env: dict, path: str = "/health") -> bytes:
    """What `herald server run` writes to a terminal (stderr on a pty) up to its log line of a
    GET of `path` (after the /health it waits for)."""
    import os
    import pty
    import select
    import subprocess
    import sys
    import time
    import urllib.request

    from tests.server.mailbox import free_port

    port = free_port()
    leader, follower = pty.openpty()
    env = {**{k: v for k, v in os.environ.items() if k != "NO_COLOR"}, "HERALD_DATABASE_URL": f"sqlite:///{tmp_path / 'run.db'}", "HERALD_CONFIG": "",
           "HERALD_MAIL_DIR": str(tmp_path / "mail"), **extra_env}
    process = subprocess.Popen([sys.executable, "-c", "from client.cli import main; main()", "server", "run",
                                "--port", str(port)], env=env, stdout=subprocess.DEVNULL, stderr=follower)
    os.close(follower)
    seen = b""
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2).read()
                break
            except OSError:
                time.sleep(0.1)
        if path != "/health":
            urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30).read()
        logged = b"GET " + path.split("?", 1)[0].encode()
        end = time.monotonic() + 3
        while not any(logged in line for line in seen.split(b"\n")[:-1]) and time.monotonic() < end:  # a whole line
            if select.select([leader], [], [], 0.2)[0]:
                seen += os.read(leader, 65536)
    finally:
        process.terminate()
        process.wait(timeout=10)
        os.close(leader)
    return seen


def test_server_run_honours_no_color(tmp_path):
    plain = _request_log_of_server_run(tmp_path, {"NO_COLOR": "1"})
    assert b"/health" in plain and b"\x1b[" not in plain
    coloured = _request_log_of_server_run(tmp_path, {})
    assert b"/health" in coloured and b"\x1b[" in coloured


def test_server_run_logs_a_game_page_link_without_its_token(app, api, alice_bob, config, tmp_path):
    """A game page's link carries its seat's token as `?t=`: whoever has it plays the seat.
    `herald server run` (werkzeug) logged each request line whole, so every page view put the
    token in its log; the shipped gunicorn access log leaves the query out for this reason. It
    logs the rest of the line as before: method, path, status."""
    reconfigure(app, secret_key="k" * 32)  # signs the game-page links
    game = api.start_game(alice_bob, "castle-assault")
    page = api.call("GET", f"/games/{game}/link", alice_bob[0]).json["url"].split("herald.example.org", 1)[1]
    token = page.split("t=", 1)[1].split("&", 1)[0]
    seen = _request_log_of_server_run(tmp_path, {**env_of(config), "HERALD_SECRET_KEY": "k" * 32, "NO_COLOR": "1"},
                                      page)
    assert f'"GET /play/{game} HTTP/1.1" 200 '.encode() in seen, seen
    assert token.encode() not in seen


def test_a_seat_handed_over_takes_effect_at_once_on_a_running_server(app, api, alice_bob, config):
    """Issue 26: the operator's `herald server seat` runs in a process of its own; the running
    server's seat cache kept the old holder for up to 30 s (the new one refused meanwhile),
    and the old holder's game-page link went on opening the seat, now as the new holder."""
    import json
    import os
    import subprocess
    import sys
    import urllib.error
    import urllib.request

    from tests.server.live import serving

    reconfigure(app, secret_key="k" * 32)  # signs the game-page links
    game = api.start_game(alice_bob, "castle-assault", {"first-player": 0})  # a game the operator's process knows
    carl = api.register("carl")
    asked = api.game(game, alice_bob[0])["prompted"][0]["seat"]
    old_link = api.call("GET", f"/games/{game}/link", alice_bob[asked]).json["url"]

    def get(url, path, player=None):
        headers = {"Authorization": f"Bearer {player['token']}"} if player else {}
        try:
            with urllib.request.urlopen(urllib.request.Request(url + path, headers=headers), timeout=30) as answer:
                return answer.status, answer.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()

    with serving(app) as url:
        assert get(url, f"/games/{game}", alice_bob[asked])[0] == 200  # the running server knows the seats
        assert get(url, f"/games/{game}", carl)[0] == 403
        handed = subprocess.run([sys.executable, "-m", "client.cli", "server", "seat", str(game), str(asked), "carl"],
                                env={**os.environ, **env_of(config)}, capture_output=True, text=True, timeout=120)
        assert handed.returncode == 0, handed.stderr
        assert "at once on every running server" in handed.stdout
        status, body = get(url, f"/games/{game}/legal", carl)
        assert status == 200 and json.loads(body)["moves"], body  # at once
        assert get(url, f"/games/{game}/legal", alice_bob[asked])[0] == 403  # and the old holder is out at once
        page = old_link.split("herald.example.org", 1)[1]
        assert get(url, page)[0] == 403  # the old holder's link no longer opens the seat
