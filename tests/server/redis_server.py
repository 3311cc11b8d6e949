"""A throwaway Redis server for tests: `redis-server` on 127.0.0.1 at a free port, nothing
saved to disk; stopped and removed afterwards. Tests skip (saying why) where the program or
the `redis` client library is missing."""
from __future__ import annotations

import shutil
import subprocess
import time

import pytest

from tests.server.daemon import Daemon


class RedisServer(Daemon):
    def __init__(self):
        super().__init__("herald-redis-")

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        program = shutil.which("redis-server") or "/usr/bin/redis-server"
        self.process = subprocess.Popen(
            [program, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", self.folder, "--daemonize", "no", "--loglevel", "warning"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        import redis

        client = redis.Redis(host="127.0.0.1", port=self.port, socket_timeout=1)
        deadline = time.monotonic() + 20
        while True:
            try:
                client.ping()
                return
            except redis.ConnectionError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    error = self.process.stderr.read().decode(errors="replace") if self.process.poll() is not None else ""
                    self.stop()
                    raise OSError(f"redis-server did not start on port {self.port}: {error[-1000:]}") from None
                time.sleep(0.05)


def start_or_skip() -> RedisServer:
    pytest.importorskip("redis", reason="the redis client library is not installed (pip install '.[test]')")
    if not shutil.which("redis-server") and not shutil.which("/usr/bin/redis-server"):
        pytest.skip("redis-server is not installed (apt-get install redis-server)")
    server = RedisServer()
    try:
        server.start()
    except (subprocess.SubprocessError, OSError) as exc:
        pytest.skip(f"cannot start a Redis server here: {exc}")
    return server
