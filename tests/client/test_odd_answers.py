"""`herald` meets what is not a Herald server's answer, or a file it cannot write, and says so in
a sentence with its exit code: never a traceback, never a lost token. Each case was found by a
review that pointed the client at a server answering oddly."""
from __future__ import annotations

import json
from pathlib import Path
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from threading import Thread

import pytest

from client import exitcodes
from tests.client.conftest import Herald

ODD = {"empty": (200, b""), "no-content": (204, b""), "null": (200, b"null"), "list": (200, b"[]"),
       "number": (200, b"7")}
PAGES = {  # the HTML error pages of a web server that is not Herald (nginx), served as text/html
    "not-found": (404, b"<html><head><title>404 Not Found</title></head><body><center><h1>404 Not Found</h1>"
                       b"</center><hr><center>nginx</center></body></html>"),
    "bad-gateway": (502, b"<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway"
                         b"</h1></center><hr><center>nginx</center></body></html>"),
}


@pytest.fixture
def odd_server():
    """A local HTTP server answering every request with the answer `odd_server.answer` names."""

    class Handler(BaseHTTPRequestHandler):
        def _answer(self):
            status, body = ODD[server.answer] if server.answer in ODD else PAGES[server.answer]
            self.send_response(status)
            self.send_header("Content-Type", "application/json" if server.answer in ODD else "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        do_GET = do_POST = do_PUT = do_DELETE = _answer

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.answer = "empty"
    Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("answer", sorted(ODD))
def test_an_answer_that_is_no_herald_object_is_said_in_words(odd_server, tmp_path, answer):
    odd_server.answer = answer
    herald = Herald(f"http://127.0.0.1:{odd_server.server_port}", tmp_path)
    for command in (["show", "1"], ["moves", "1"], ["play", "1", "pass"], ["me"], ["say", "1", "hi"]):
        result = herald(*command, token="t0k3n")
        assert "Traceback" not in result.stderr and "is it a Herald server?" in result.stderr, (command, result.stderr)
        assert result.exit_code == exitcodes.ERROR, command
    as_json = herald("show", "1", "--json", token="t0k3n")
    assert json.loads(as_json.stderr)["code"] == "bad-response"


@pytest.mark.parametrize("page", sorted(PAGES))
def test_an_error_page_of_another_web_server_is_no_herald_refusal(odd_server, tmp_path, page):
    """HERALD_SERVER pointing at a web server that is not Herald (a wrong path behind nginx, or
    nginx with Herald down): its HTML 404 page was reported as Herald's refusal (exit 4, `http-404`),
    which a script reads as "illegal move" or "no such game". It is no Herald answer: exit 1,
    `bad-response`, saying which server answered what."""
    odd_server.answer = page
    herald = Herald(f"http://127.0.0.1:{odd_server.server_port}", tmp_path)
    status = PAGES[page][0]
    for command in (["play", "1", "pass"], ["show", "1"], ["join", "1"]):
        result = herald(*command, token="t0k3n")
        assert result.exit_code == exitcodes.ERROR, (command, result.stderr)
        assert f"answered {status}" in result.stderr and "HERALD_SERVER" in result.stderr, result.stderr
    as_json = json.loads(herald("show", "1", "--json", token="t0k3n").stderr)
    assert (as_json["code"], as_json["status"]) == ("bad-response", status)


def test_a_token_is_printed_even_when_the_config_file_cannot_be_written(herald, tmp_path):
    """register --save to a config file that cannot be written (one in /proc, where nobody may
    make a file, not even root): the token is printed, then the command fails saying where it
    could not be saved; the player exists, and the printed token works."""
    if not Path("/proc/self").is_dir():
        pytest.skip("no /proc here to stand for a file nobody may write")
    env = herald.env()
    env["HERALD_CLIENT_CONFIG"] = "/proc/herald-client-config.json"
    result = herald.runner.invoke(herald_cli(), ["register", "zed", "zed@example.org", "--save"], env=env,
                                  catch_exceptions=False)
    assert result.exit_code == exitcodes.ERROR
    token = next(line.strip() for line in result.stdout.splitlines() if len(line.strip()) > 20 and " " not in line.strip())
    assert "could not be saved" in result.stderr and "Traceback" not in result.stderr
    assert herald.json("me", token=token)["name"] == "zed"


def test_a_picture_that_cannot_be_written_is_said_in_words(herald, tmp_path):
    alice, bob = herald.register("alice"), herald.register("bob")
    created = herald.json("new", "castle-assault", "--seats", 2, token=alice)
    for token, invite in zip((alice, bob), created["invites"]):
        herald.json("join", invite["code"], token=token)
    game = created["id"]
    result = herald("show", game, "--svg", tmp_path / "no" / "such" / "board.svg", token=alice)
    assert result.exit_code == exitcodes.ERROR
    assert "board.svg" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("odd", ["\u00b2", "\u0663"])  # digits to isdigit() that int() or a game id refuse
def test_a_game_number_in_other_digits_is_not_a_traceback(herald, two_player_game, odd):
    _game, alice, _bob = two_player_game
    for command in (["show", odd], ["join", odd]):
        result = herald(*command, token=alice)
        assert "Traceback" not in result.stderr and result.exit_code != exitcodes.OK, command


def herald_cli():
    from client.cli import cli

    return cli


@pytest.mark.parametrize("bots", [["5=random"], ["1=random", "1=greedy"], ["1=clever"]])
def test_house_bots_for_seats_the_game_has_not_are_refused_before_any_game_is_made(herald, bots):
    alice = herald.register("alice")
    result = herald("new", "castle-assault", "--seats", 3, *[f"--bot={pair}" for pair in bots], token=alice)
    assert result.exit_code == exitcodes.USAGE and "--bot" in result.stderr
    assert herald.json("games", token=alice) == []
