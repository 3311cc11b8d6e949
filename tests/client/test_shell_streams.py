"""stdout and stderr as a shell hands them over, in a real `herald` process: a pipe whose reader has
gone (`herald rules castle-assault | head -1`) and a terminal in a legacy 8-bit encoding. Neither
is the command's error: it stops quietly in the one, and writes what the terminal can show in
the other, where it said "Error: : Broken pipe" or ended in a UnicodeEncodeError traceback."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from client import exitcodes

ROOT = Path(__file__).resolve().parents[2]


def herald(*args: str, server: str = "http://127.0.0.1:9", lang: str = "C.UTF-8", encoding: str | None = None,
           stdout=subprocess.PIPE, home: Path) -> subprocess.CompletedProcess:
    """`herald ARGS` in a process of its own; `encoding` stands for the terminal's (this machine
    has only the C and C.UTF-8 locales installed, and Python takes stdout's encoding from it)."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("HERALD_", "LC_"))}
    env.update({"PYTHONPATH": str(ROOT), "LANG": lang, "HERALD_SERVER": server,
                "HERALD_CLIENT_CONFIG": str(home / "client-config.json")})
    if encoding:
        env["PYTHONIOENCODING"] = encoding
    return subprocess.run([sys.executable, "-m", "client.cli", *args], stdout=stdout, stderr=subprocess.PIPE,
                          env=env, cwd=ROOT, timeout=60)


def into_a_closed_pipe(*args: str, **options) -> subprocess.CompletedProcess:
    read, write = os.pipe()
    os.close(read)  # the reader (head -1) has gone already
    try:
        return herald(*args, stdout=write, **options)
    finally:
        os.close(write)


@pytest.mark.parametrize("args", [("rules", "castle-assault"), ("rulesets", "--json")])
def test_output_into_a_closed_pipe_stops_quietly(server_url, tmp_path, args):
    done = into_a_closed_pipe(*args, server=server_url, home=tmp_path)
    assert (done.returncode, done.stderr) == (exitcodes.PIPE_CLOSED, b"")


def test_help_into_a_closed_pipe_stops_quietly(tmp_path):
    done = into_a_closed_pipe("--help", home=tmp_path)
    assert (done.returncode, done.stderr) == (exitcodes.PIPE_CLOSED, b"")


def test_russian_help_on_a_koi8_r_terminal(tmp_path):
    """KOI8-R has the Cyrillic letters of the help, but not its em dashes."""
    done = herald("--help", lang="ru_RU.KOI8-R", encoding="koi8_r", home=tmp_path)
    assert done.returncode == 0 and done.stderr == b""
    assert done.stdout.decode("koi8_r").startswith("Использование: herald")


def test_the_games_and_a_guide_on_a_latin_1_terminal(server_url, tmp_path):
    """Latin-1 has the Spanish letters, but not the '…' and the dashes of a guide."""
    for args in (("rulesets",), ("rules", "castle-assault")):
        done = herald(*args, server=server_url, lang="es_ES.ISO-8859-1", encoding="latin-1", home=tmp_path)
        assert done.returncode == 0 and done.stderr == b"", done.stderr.decode("latin-1")[-300:]
        assert "?" in done.stdout.decode("latin-1")
