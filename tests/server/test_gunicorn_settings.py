"""The shipped gunicorn settings (deploy/gunicorn.conf.py) under real gunicorn."""
from __future__ import annotations

import re
import time
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


def test_the_access_log_keeps_no_query_string_nor_referer(tmp_path):
    """A game page's link carries its seat's token as ?t=: gunicorn's default format logged the
    whole request line (and the Referer), so the token landed in the journal. The shipped format
    logs the path alone."""
    import http.client

    with shipped_gunicorn(tmp_path, workers=1, env={"HERALD_ACCESS_LOG": "-"}) as (port, _):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.request("GET", "/play/7?t=SEAT-TOKEN-SECRET", headers={"Referer": "http://x/play/7?t=REF-SECRET"})
        connection.getresponse().read()
        connection.close()
        log = tmp_path / f"gunicorn-{port}.log"
        deadline = time.monotonic() + 5
        while "/play/7" not in log.read_text() and time.monotonic() < deadline:
            time.sleep(0.05)
        text = log.read_text()
    assert '"GET /play/7 HTTP/1.1"' in text and "SECRET" not in text, text[-2000:]
