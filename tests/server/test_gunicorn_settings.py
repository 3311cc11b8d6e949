"""The shipped gunicorn settings (deploy/gunicorn.conf.py) under real gunicorn."""
from __future__ import annotations

import re
from pathlib import Path

from tests.server.gunicorn_live import shipped_gunicorn


def test_two_servers_on_one_machine_keep_a_control_socket_each(tmp_path):
    """Two gunicorns under one user both took ~/.gunicorn/gunicorn.ctl, the second taking over
    the first's: `gunicornc` then spoke to the wrong server. Each now listens on its own, named
    after the address it serves."""
    sockets = []
    with shipped_gunicorn(tmp_path, workers=1) as (first, _), shipped_gunicorn(tmp_path, workers=1) as (second, _):
        for port in (first, second):
            log = (tmp_path / f"gunicorn-{port}.log").read_text()
            found = re.search(r"Control socket listening at (\S+)", log)
            assert found, log[-2000:]
            sockets.append(found.group(1))
            assert f"127.0.0.1_{port}" in Path(found.group(1)).name
            assert Path(found.group(1)).exists()
    assert len(set(sockets)) == 2
