"""The operator's guide (deploy/README.md) followed on a fresh venv: install with the server
extra, create the database with `herald server --create migrate`, start gunicorn with the
shipped configuration, and see the server answer, register a player and report its health."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from tests.client.test_client_install import install_client
from tests.server.mailbox import free_port

ROOT = Path(__file__).resolve().parents[2]


def get(url: str, body: dict | None = None) -> tuple[int, dict]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


@pytest.mark.slow
def test_the_operator_guide_installs_migrates_and_serves(tmp_path):
    venv = install_client(tmp_path, extra="server", local_only=False)
    bin_dir = venv / "bin"
    assert (bin_dir / "gunicorn").exists(), "the server extra brings gunicorn (deploy/systemd/herald.service runs it)"
    port = free_port()
    env = {"PATH": f"{bin_dir}:{os.environ['PATH']}", "HOME": str(tmp_path),
           "HERALD_DATABASE_URL": f"sqlite:///{tmp_path / 'var' / 'herald.db'}",
           "HERALD_MAIL_DIR": str(tmp_path / "var" / "mail"), "HERALD_PUBLIC_URL": "https://play.example.org",
           "HERALD_BIND": f"127.0.0.1:{port}", "HERALD_THREADS": "8", "HERALD_RATELIMIT_ENABLED": "0"}
    (tmp_path / "var").mkdir()
    refused = subprocess.run([bin_dir / "herald", "server", "verify"], env=env, capture_output=True, text=True,
                             timeout=120)
    assert refused.returncode == 1 and "there is no database" in refused.stderr  # step 3's safeguard
    made = subprocess.run([bin_dir / "herald", "server", "--create", "migrate"], env=env, capture_output=True,
                          text=True, timeout=120)
    assert made.returncode == 0 and "database: sqlite:///" in made.stderr + made.stdout, made.stderr
    server = subprocess.Popen([bin_dir / "gunicorn", "-c", str(ROOT / "deploy" / "gunicorn.conf.py"),
                               "server.app:create_app()"], env=env, cwd=tmp_path,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        status = None
        while time.monotonic() < deadline and status != 200:
            try:
                status, health = get(f"http://127.0.0.1:{port}/health")
            except OSError:
                time.sleep(0.2)
        assert status == 200 and health["database"]["writable"] is True
        created, player = get(f"http://127.0.0.1:{port}/players", {"name": "ana", "email": "ana@example.org"})
        assert created == 201 and player["token"]
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
