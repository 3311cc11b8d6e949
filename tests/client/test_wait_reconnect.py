"""`herald wait` rides out a server restart: reconnects with backoff and jitter, honouring
Retry-After, for --retry-for seconds before exit 6."""
import json
import os
import random
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from client import exitcodes
from client.reconnect import pause_before_retry
from tests.client.conftest import Herald
from tests.client.serverprocess import ROOT, ServerProcess, free_port

HERALD = [sys.executable, "-c", "from client.cli import main; main()"]


@pytest.fixture
def server_process(tmp_path):
    server = ServerProcess(free_port(), tmp_path / "herald.db").start()
    yield server
    server.stop()


def herald_process(herald: Herald, token: str, *args) -> subprocess.Popen:
    env = {**os.environ, **{k: v for k, v in herald.env(token).items() if v is not None}, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(HERALD + [str(a) for a in args], cwd=ROOT, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def test_wait_rides_out_a_server_restart_on_the_same_port(server_process, tmp_path):
    herald = Herald(server_process.url, tmp_path)
    alice, bob = herald.register("alice"), herald.register("bob")
    created = herald.json("new", "toy-race", "--seats", 2, token=alice)
    codes = {invite["seat"]: invite["code"] for invite in created["invites"]}
    herald.json("join", codes[0], token=alice)
    herald.json("join", codes[1], token=bob)
    game = created["id"]

    waiting = herald_process(herald, bob, "wait", game, "--timeout", 90, "--retry-for", 60)
    try:
        time.sleep(1.0)  # bob's long poll is open
        server_process.stop()  # the deploy: the process dies mid-request
        time.sleep(1.5)  # bob's wait finds nobody there and keeps retrying
        assert waiting.poll() is None, waiting.communicate()
        server_process.start()  # the same port, the same database
        card = herald.json("moves", game, token=alice)[0]["text"]
        herald.json("play", game, card, token=alice)
        out, err = waiting.communicate(timeout=60)
    finally:
        if waiting.poll() is None:
            waiting.kill()
    assert waiting.returncode == exitcodes.OK, (out, err)
    assert f"Your move in game {game}" in out
    assert "Retrying for up to 60 s" in err and "Reconnected after" in err


def test_wait_gives_up_with_exit_6_once_the_budget_is_spent(offline_herald):
    started = time.monotonic()
    result = offline_herald("wait", 1, "--retry-for", 1.5, token="t")
    assert result.exit_code == exitcodes.UNREACHABLE
    assert 1.5 <= time.monotonic() - started < 10
    assert "Gave up after" in result.stderr and "--retry-for 1.5" in result.stderr


def test_wait_budget_comes_from_the_environment_and_json_keeps_stderr_one_object(offline_herald):
    offline_herald.runner.env = {"HERALD_RETRY_FOR": "0.5"}
    result = offline_herald("wait", 1, "--json", token="t")
    assert result.exit_code == exitcodes.UNREACHABLE
    [line] = result.stderr.strip().splitlines()
    assert json.loads(line)["code"] == "unreachable" and "--retry-for 0.5" in json.loads(line)["message"]


class Restarting(BaseHTTPRequestHandler):
    """Answers 503 with Retry-After: 1 to the first two requests, then a finished game."""

    calls: list[float] = []

    def do_GET(self):
        self.calls.append(time.monotonic())
        if len(self.calls) <= 2:
            self._send(503, {"error": {"code": "unavailable", "message": "Restarting."}}, {"Retry-After": "1"})
        else:
            self._send(200, {"id": 1, "status": "finished", "my_seat": 0, "prompted": [], "result": None})

    def _send(self, status, body, headers=None):
        data = json.dumps(body).encode()
        self.send_response(status)
        for name, value in {"Content-Type": "application/json", "Content-Length": str(len(data)),
                            **(headers or {})}.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


def test_wait_honours_retry_after_from_a_busy_server(tmp_path):
    Restarting.calls = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), Restarting)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    try:
        herald = Herald(f"http://127.0.0.1:{server.server_port}", tmp_path)
        result = herald("wait", 1, "--retry-for", 30, token="t")
    finally:
        server.shutdown()
        server.server_close()
    assert result.exit_code == exitcodes.GAME_OVER, result.stderr
    gaps = [b - a for a, b in zip(Restarting.calls, Restarting.calls[1:])]
    assert len(Restarting.calls) == 3 and min(gaps) >= 1.0  # the jittered pause alone would be < 1 s


def test_pauses_grow_with_jitter_and_never_undercut_retry_after():
    rng = random.Random(7)
    firsts = [pause_before_retry(0, None, rng) for _ in range(50)]
    assert all(0.25 <= p <= 0.5 for p in firsts) and len(set(firsts)) > 40  # jittered, not in step
    assert all(15 <= pause_before_retry(10, None, rng) <= 30 for _ in range(20))  # capped
    assert all(pause_before_retry(0, 4.0, rng) == 4.0 for _ in range(20))

