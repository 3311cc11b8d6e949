"""A real threaded HTTP server around an app; helpers that fire PUTs all at once, and that
wait for a long-poll in the background."""
from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from contextlib import contextmanager

from werkzeug.serving import make_server


@contextmanager
def serving(app):
    """Serve `app` on 127.0.0.1 at a free port (werkzeug, one thread per request)."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    # A short poll interval, so that shutting the server down does not cost each test half a second.
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()


def http_put(url: str, token: str, body: dict) -> tuple[int, dict]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="PUT",
                                     headers={"Authorization": f"Bearer {token}",
                                              "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def race(url: str, token: str, bodies: list[dict]) -> list[tuple[int, dict]]:
    """PUT every body to `url` from its own thread, released together by a barrier."""
    return race_across([(url, body) for body in bodies], token)


def race_across(puts: list[tuple[str, dict]], token: str) -> list[tuple[int, dict]]:
    """PUT each (url, body), the urls perhaps of different servers, each from its own thread,
    released together by a barrier; the answers in the same order."""
    results: list = [None] * len(puts)
    barrier = threading.Barrier(len(puts))

    def worker(i):
        barrier.wait()
        results[i] = http_put(puts[i][0], token, puts[i][1])

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(len(puts))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return results


def http_get(url: str, token: str | None = None, timeout: float = 90) -> dict:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"} if token else {})
    with urllib.request.urlopen(request, timeout=timeout) as response:
        return json.loads(response.read())


class Background:
    """A GET (a long-poll) in its own thread; `result` once it returns."""

    def __init__(self, url: str, token: str):
        self.result = None
        self.thread = threading.Thread(target=self._run, args=(url, token), daemon=True)
        self.thread.start()

    def _run(self, url, token):
        self.result = http_get(url, token)

    def join(self, seconds: float = 30):
        self.thread.join(seconds)
        assert not self.thread.is_alive(), "the waiter was never woken"
        return self.result
