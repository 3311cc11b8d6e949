"""A throwaway PostgreSQL server for tests: initdb in a temporary folder, a free port,
trust auth, fsync off; stopped and removed afterwards. Tests skip when PostgreSQL's
programs or psycopg2 are missing."""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import uuid

import pytest

from tests.server.mailbox import free_port


def _as_postgres_user(args: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run its programs as the `postgres` user then."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--"] + args
    return args


class PostgresServer:
    def __init__(self):
        self.folder = tempfile.mkdtemp(prefix="herald-pg-")
        os.chmod(self.folder, 0o755)
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres")
        self.data = os.path.join(self.folder, "data")
        self.port = free_port()

    def run(self, *args: str) -> None:
        subprocess.run(_as_postgres_user(list(args)), check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        self.run("initdb", "-D", self.data, "-A", "trust", "-U", "herald")
        self.run("pg_ctl", "-D", self.data, "-l", os.path.join(self.folder, "log"), "-w", "-o",
                 f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off", "start")

    def new_database(self) -> str:
        import psycopg2

        name = "herald_" + uuid.uuid4().hex[:12]
        connection = psycopg2.connect(host="127.0.0.1", port=self.port, user="herald", dbname="postgres")
        connection.autocommit = True
        connection.cursor().execute(f"CREATE DATABASE {name}")
        connection.close()
        return f"postgresql://herald@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        try:
            self.run("pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def start_or_skip() -> PostgresServer:
    pytest.importorskip("psycopg2")
    if not shutil.which("initdb") or not shutil.which("pg_ctl"):
        pytest.skip("PostgreSQL's initdb/pg_ctl are not installed")
    server = PostgresServer()
    try:
        server.start()
    except (subprocess.SubprocessError, OSError, LookupError) as exc:
        shutil.rmtree(server.folder, ignore_errors=True)
        pytest.skip(f"cannot start a PostgreSQL server here: {exc}")
    return server
