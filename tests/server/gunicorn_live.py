"""Herald under real gunicorn with the shipped settings (deploy/gunicorn.conf.py), on a
free 127.0.0.1 port, for the load test and bench/bench_wait.py."""
from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from tests.server.mailbox import free_port

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "deploy" / "gunicorn.conf.py"


def call(port: int, method: str, path: str, body=None, token: str | None = None, timeout: float = 30):
    """One request on a fresh connection: (status, JSON body or None)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    try:
        connection.request(method, path, json.dumps(body) if body is not None else None, headers)
        response = connection.getresponse()
        data = response.read()
    finally:
        connection.close()
    return response.status, (json.loads(data) if data else None)


def wait_until_healthy(port: int, process: subprocess.Popen, log: Path, timeout: float, pause: float) -> None:
    """Return once the server on `port` answers /health with 200; RuntimeError with the end of
    its log if the process exits or `timeout` seconds pass first."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            if call(port, "GET", "/health", timeout=5)[0] == 200:
                return
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"gunicorn did not start: {log.read_text()[-3000:]}")
        time.sleep(pause)


@contextmanager
def shipped_gunicorn(folder: Path, workers: int = 2, env: dict | None = None):
    """Yield (port, master process) of a gunicorn running `server.app:create_app()` with the shipped config."""
    port = free_port()
    environment = {**os.environ, "HERALD_DATABASE_URL": f"sqlite:///{folder / 'herald.db'}",
                   "HERALD_MAIL_DIR": str(folder / "mail"), "HERALD_CONFIG": "", "PYTHONPATH": str(ROOT),
                   "HERALD_BIND": f"127.0.0.1:{port}", "HERALD_WORKERS": str(workers),
                   "HERALD_ACCESS_LOG": "",
                   # The load test and bench_wait make hundreds of games from one address.
                   "HERALD_RATELIMIT_ENABLED": "0", **(env or {})}
    log = folder / f"gunicorn-{port}.log"
    with log.open("w") as output:
        process = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", str(CONFIG), "server.app:create_app()"],
                                   cwd=ROOT, env=environment, stdout=output, stderr=subprocess.STDOUT)
    try:
        wait_until_healthy(port, process, log, 90, pause=0.1)
        yield port, process
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
