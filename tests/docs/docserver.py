"""The server the documentation's commands talk to: what `herald server run` starts, on a free
port of 127.0.0.1, in a process of its own, over its own SQLite file. Its games take their seeds
from a fixed sequence (server/table/seeds.py's hook for tests), so a document's output is the same on
every run: `python -m tests.docs.docserver PORT` serves until killed."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.client.serverprocess import ROOT, free_port, wait_until_serving


class DocServer:
    """A fresh server; `env` holds the settings the documentation's shell sees too (the same
    database and mail folder, so operator commands like `herald server notify` act on it)."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {"HERALD_SERVER": self.url, "HERALD_DATABASE_URL": f"sqlite:///{folder / 'herald.db'}",
                    "HERALD_MAIL_DIR": str(folder / "mail")}
        self.process: subprocess.Popen | None = None

    def __enter__(self) -> "DocServer":
        command = [sys.executable, "-m", "tests.docs.docserver", str(self.port)]
        self.process = subprocess.Popen(command, cwd=self.folder, env={**os.environ, **self.env, "PYTHONPATH": str(ROOT)},
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_until_serving(self.process, self.url, 30)
        except RuntimeError:
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)


def serve(port: int) -> None:
    """The app of `herald server run`, from the same HERALD_* settings, with pinned seeds."""
    import itertools

    from werkzeug.serving import make_server

    from server.app import create_app
    from server.config import load_config
    from server.table.seeds import SOURCE

    numbers = itertools.count(1)
    app = create_app({**load_config(), SOURCE: lambda: f"documentation-game-{next(numbers)}"})
    make_server("127.0.0.1", port, app, threaded=True).serve_forever(poll_interval=0.05)


if __name__ == "__main__":
    serve(int(sys.argv[1]))
