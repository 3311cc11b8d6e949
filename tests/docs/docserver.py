"""The server the documentation's commands talk to: `herald server run`, as a reader starts it,
on a free port of 127.0.0.1, in a process of its own, over its own SQLite file."""
from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tests.client.serverprocess import ROOT, free_port


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
        command = [sys.executable, "-c", "from client.cli import main; main()", "server", "run", "--port", str(self.port)]
        self.process = subprocess.Popen(command, cwd=self.folder, env={**os.environ, **self.env, "PYTHONPATH": str(ROOT)},
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        until = time.monotonic() + 30
        while time.monotonic() < until:
            if self.process.poll() is not None:
                raise RuntimeError(f"the documentation's server exited with {self.process.returncode}")
            try:
                with urllib.request.urlopen(self.url + "/health", timeout=1):
                    return self
            except OSError:
                time.sleep(0.05)
        self.__exit__()
        raise RuntimeError("the documentation's server did not start listening")

    def __exit__(self, *exc) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
