"""What the tests' throwaway servers (redis-server, pgbouncer) share: a process started in a
folder of its own on a free port of 127.0.0.1, stopped and its folder removed afterwards."""
from __future__ import annotations

import shutil
import subprocess
import tempfile

from tests.server.mailbox import free_port


class Daemon:
    """A server program the tests start: `folder` for its files, `port` to listen on."""

    def __init__(self, prefix: str):
        self.folder = tempfile.mkdtemp(prefix=prefix)
        self.port = free_port()
        self.process: subprocess.Popen | None = None

    def stop(self) -> None:
        try:
            if self.process is not None and self.process.poll() is None:
                self.process.terminate()
                self.process.wait(timeout=10)
        finally:
            if self.process is not None and self.process.stderr:
                self.process.stderr.close()
            shutil.rmtree(self.folder, ignore_errors=True)
