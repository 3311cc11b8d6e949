"""A throwaway PgBouncer for tests, in front of the tests' PostgreSQL (tests/server/postgres.py):
`pgbouncer` on 127.0.0.1 at a free port, every database passed through, trust auth, a small
server pool in transaction mode; stopped and its folder removed afterwards. Tests skip (saying
why) where the program is missing (Debian: apt-get install pgbouncer)."""
from __future__ import annotations

import os
import shutil
import subprocess
import time
from urllib.parse import urlparse

import pytest

from tests.server.daemon import Daemon

PROGRAM = "pgbouncer"


def _program() -> str | None:
    return shutil.which(PROGRAM) or next((p for p in ("/usr/sbin/pgbouncer",) if os.path.exists(p)), None)


class PgBouncer(Daemon):
    def __init__(self, postgres_port: int, pool_mode: str = "transaction", pool_size: int = 2):
        super().__init__("herald-pgbouncer-")
        self.postgres_port = postgres_port
        self.pool_mode, self.pool_size = pool_mode, pool_size

    def url_for(self, direct_url: str) -> str:
        """The same database as `direct_url` (PostgreSQL's), reached through PgBouncer."""
        parts = urlparse(direct_url)
        return parts._replace(netloc=f"{parts.username}@127.0.0.1:{self.port}").geturl()

    def admin(self, command: str) -> list[dict]:
        """A command on PgBouncer's admin console (SHOW POOLS, SHOW STATS): its rows as dicts."""
        import psycopg2

        connection = psycopg2.connect(host="127.0.0.1", port=self.port, user="herald", dbname="pgbouncer")
        connection.autocommit = True  # the console takes no transactions
        try:
            cursor = connection.cursor()
            cursor.execute(command)
            names = [column.name for column in cursor.description]
            return [dict(zip(names, row)) for row in cursor.fetchall()]
        finally:
            connection.close()

    def start(self) -> None:
        config = os.path.join(self.folder, "pgbouncer.ini")
        users = os.path.join(self.folder, "userlist.txt")
        with open(users, "w") as out:
            out.write('"herald" ""\n')
        with open(config, "w") as out:
            out.write(f"""[databases]
* = host=127.0.0.1 port={self.postgres_port}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = {self.port}
unix_socket_dir =
auth_type = trust
auth_file = {users}
admin_users = herald
pool_mode = {self.pool_mode}
default_pool_size = {self.pool_size}
max_client_conn = 500
logfile = {os.path.join(self.folder, "pgbouncer.log")}
pidfile = {os.path.join(self.folder, "pgbouncer.pid")}
""")
        as_user = {}
        if os.geteuid() == 0:  # PgBouncer refuses to run as root, as PostgreSQL does
            shutil.chown(self.folder, "postgres")
            for path in (config, users):
                shutil.chown(path, "postgres")
            as_user = {"user": "postgres", "group": "postgres", "extra_groups": []}
        self.process = subprocess.Popen([_program() or PROGRAM, config], stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE, **as_user)
        import psycopg2

        deadline = time.monotonic() + 20
        while True:
            try:
                self.admin("SHOW VERSION")
                return
            except psycopg2.OperationalError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    log = os.path.join(self.folder, "pgbouncer.log")
                    error = open(log).read() if os.path.exists(log) else ""
                    if self.process.poll() is not None:
                        error += self.process.stderr.read().decode(errors="replace")
                    self.stop()
                    raise OSError(f"pgbouncer did not start on port {self.port}: {error[-1500:]}") from None
                time.sleep(0.05)


def start_or_skip(postgres_port: int, **options) -> PgBouncer:
    if _program() is None:
        pytest.skip("pgbouncer is not installed (apt-get install pgbouncer)")
    server = PgBouncer(postgres_port, **options)
    try:
        server.start()
    except (subprocess.SubprocessError, OSError) as exc:
        pytest.skip(f"cannot start PgBouncer here: {exc}")
    return server
