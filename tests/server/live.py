"""A real threaded HTTP server around an app, and a helper that fires PUTs all at once."""
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
    results = [None] * len(bodies)
    barrier = threading.Barrier(len(bodies))

    def worker(i):
        barrier.wait()
        results[i] = http_put(url, token, bodies[i])

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(len(bodies))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return results
