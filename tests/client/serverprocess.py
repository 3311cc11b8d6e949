"""A Herald server in a process of its own (with the toy game), to stop and start again.

`python -m tests.client.serverprocess PORT DATABASE_FILE` serves until killed; tests use
`ServerProcess` to start it on a fixed port, kill it mid-request, and start it again on the
same port and database, as a deploy would.
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_serving(process: subprocess.Popen, url: str, timeout: float) -> None:
    """Return once `url`/health answers; RuntimeError if the process exits or time runs out."""
    until = time.monotonic() + timeout
    while time.monotonic() < until:
        if process.poll() is not None:
            raise RuntimeError(f"the server process exited with {process.returncode}")
        try:
            with urllib.request.urlopen(url + "/health", timeout=1):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("the server process did not start listening")


class ServerProcess:
    def __init__(self, port: int, database: Path):
        self.port, self.database = port, database
        self.url = f"http://127.0.0.1:{port}"
        self.process: subprocess.Popen | None = None

    def start(self, timeout: float = 20.0) -> "ServerProcess":
        self.process = subprocess.Popen([sys.executable, "-m", "tests.client.serverprocess", str(self.port),
                                         str(self.database)], cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_until_serving(self.process, self.url, timeout)
        except RuntimeError:
            self.stop()
            raise
        return self

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        self.process = None


def serve(port: int, database: str) -> None:
    from werkzeug.serving import make_server

    from core import games
    from core.reference import GAME as TOY
    from server.app import create_app
    from server.config import load_config

    games.register(TOY.name, TOY)
    app = create_app(load_config({"HERALD_DATABASE_URL": f"sqlite:///{database}",
                                  "HERALD_MAIL_DIR": str(Path(database).parent / "mail")}))
    make_server("127.0.0.1", port, app, threaded=True).serve_forever(poll_interval=0.05)


if __name__ == "__main__":
    serve(int(sys.argv[1]), sys.argv[2])
