"""A client-only install: the base distribution, installed for real into a fresh venv,
runs `herald` against a live server without Flask or peewee, and `herald server` says
what to install.

The install uses the machine's local package index when pip is configured with one
(file:// index URLs), and no other: it works offline. Without one, pip's own defaults apply.
"""
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from client import exitcodes

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("pyproject.toml", "README.md", "core", "server", "client")
INSTALL_TIMEOUT = 300


def local_indexes() -> list[str]:
    """The file:// package indexes pip is configured with (`pip config list`), in order."""
    listed = subprocess.run([sys.executable, "-m", "pip", "config", "list"], capture_output=True, text=True,
                            timeout=60).stdout
    urls = []
    for line in listed.splitlines():
        key, _, value = line.partition("=")
        if key.endswith("index-url"):
            urls += [url for url in value.strip().strip("'\"").split() if url.startswith("file:")]
    return urls


def index_arguments() -> list[str]:
    urls = local_indexes()
    if not urls:
        return []
    return ["--index-url", urls[0]] + [arg for url in urls[1:] for arg in ("--extra-index-url", url)]


def install_client(base: Path, extra: str = "", local_only: bool = True) -> Path:
    """A fresh venv with `pip install <copy of this repository>` (the base distribution only,
    or with an extra such as `server`); `local_only=False` lets pip use its configured package
    index (the server's libraries are not all in the machine's local index)."""
    source = base / "herald-src"
    source.mkdir()
    for name in SOURCES:  # a copy, so the build's egg-info and build/ never land in the work tree
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(ROOT / name, source / name)
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install",
                           "--quiet", *(index_arguments() if local_only else []), str(source) + (f"[{extra}]" if extra else "")],
                          capture_output=True, text=True, timeout=INSTALL_TIMEOUT)
    assert done.returncode == 0, done.stderr[-3000:]
    print(f"client-only install took {time.monotonic() - started:.1f} s")
    return venv


def run(venv: Path, *args, env=None) -> subprocess.CompletedProcess:
    clean = {key: value for key, value in os.environ.items() if not key.startswith("HERALD_")}
    return subprocess.run([str(venv / "bin" / "herald"), *map(str, args)], capture_output=True, text=True,
                          cwd=venv, env={**clean, "HERALD_CLIENT_CONFIG": str(venv / "client.json"), **(env or {})},
                          timeout=60)


@pytest.mark.slow
def test_a_client_only_install_plays_and_says_what_the_server_needs(tmp_path, herald, two_player_game):
    """One install (about 10-15 s), four checks: no server libraries, `play` works against a
    live server (and speaks Swedish under LANG=sv_SE.UTF-8: the catalogs are package data),
    `herald server` names the install command."""
    venv = install_client(tmp_path)

    probe = "import importlib.util as u; print([m for m in ('flask', 'peewee', 'marshmallow', " \
            "'flask_smorest', 'jinja2', 'click', 'requests') if u.find_spec(m)])"
    found = subprocess.run([str(venv / "bin" / "python"), "-c", probe], capture_output=True, text=True,
                           cwd=venv, timeout=60)
    assert found.stdout.strip() == "['click', 'requests']", found.stderr
    helped = run(venv, "--help")
    assert helped.returncode == 0 and "Play slow board games" in helped.stdout and "server" in helped.stdout

    game, alice, bob = two_player_game
    card = herald.json("moves", game, token=alice)[0]["text"]
    played = run(venv, "play", game, card, env={"HERALD_SERVER": herald.server, "HERALD_TOKEN": alice})
    assert played.returncode == 0, played.stderr
    assert played.stdout.startswith(f"Played {card} (move 0).")
    assert herald.json("show", game, token=bob)["version"] == 1  # the server really took it
    answer = herald.json("moves", game, token=bob)[0]["text"]  # the catalogs came with the package
    swedish = run(venv, "play", game, answer, env={"HERALD_SERVER": herald.server, "HERALD_TOKEN": bob,
                                                   "LANG": "sv_SE.UTF-8"})
    assert swedish.returncode == 0 and swedish.stdout.startswith(f"Spelade {answer} (drag 1)."), swedish.stderr

    refused = run(venv, "server", "run")
    assert refused.returncode == exitcodes.ERROR
    assert "pip install '.[server]'" in refused.stderr and "client only" in refused.stderr
    as_json = run(venv, "server", "run", "--json")
    assert as_json.returncode == exitcodes.ERROR and '"code": "server-not-installed"' in as_json.stderr
