"""Every /etc/herald/herald.env the documents show, read as its two readers read it.

systemd reads the file for every unit of deploy/systemd (`EnvironmentFile=`), and sh reads it
for the operator's commands and cron (`set -a; . /etc/herald/herald.env` in deploy/README.md,
deploy/upgrading.md, deploy/crontab.example). systemd's format has no comment after a value:
`HERALD_POOL_SIZE=10   # client side now` is the value `10   # client side now`, so the lines
deploy/pgbouncer.md told an operator to add stopped the server at start (HERALD_POOL_SIZE must
be a whole number) while sh, dropping the comment, showed nothing wrong. So every such block,
and deploy/herald.env.example, must give both readers the same values, and those values must
load through server.config as a unit would pass them.
"""
from __future__ import annotations

import os
import re
import secrets
import subprocess
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

from server.config import PLACEHOLDER_SECRET_KEYS, load_config
from tests.support.doccommands import ROOT, documents

EXAMPLE = ROOT / "deploy" / "herald.env.example"
# systemd's own reader of environment files (the one EnvironmentFile= uses), behind the
# environment.d generator: the real thing where systemd is installed.
GENERATOR = Path("/usr/lib/systemd/user-environment-generators/30-systemd-environment-d-generator")
FENCED = re.compile(r"^( *)```[^\n]*\n(.*?)^\1```", re.M | re.S)
SETTING = re.compile(r"^HERALD_[A-Z0-9_]+=")
# A line that can only be a setting (a command prefixed by a variable has a word after the value).
ONLY_A_SETTING = re.compile(r"^HERALD_[A-Z0-9_]+=\S*(\s+#.*)?$")


@dataclass
class EnvBlock:
    where: str
    text: str  # what a herald.env would hold: the block's comments and settings


def env_blocks() -> list[EnvBlock]:
    """deploy/herald.env.example, and every fenced block of the documents that shows lines of
    herald.env: one the paragraph before it or a comment in it names, or one of settings alone."""
    found = [EnvBlock(str(EXAMPLE.relative_to(ROOT)), EXAMPLE.read_text(encoding="utf-8"))]
    for path in documents():
        text = path.read_text(encoding="utf-8")
        for match in FENCED.finditer(text):
            lines = textwrap.dedent(match.group(2)).splitlines()
            introduced = text[:match.start()].rstrip().rsplit("\n\n", 1)[-1]
            named = "herald.env" in introduced or any(line.startswith("#") and "herald.env" in line for line in lines)
            body = [line for line in lines if line.strip()]
            alone = bool(body) and all(line.startswith("#") or ONLY_A_SETTING.match(line) for line in body)
            kept = [line for line in lines if line.startswith("#") or SETTING.match(line)]
            if (named or alone) and any(SETTING.match(line) for line in kept):
                where = f"{path.relative_to(ROOT)}:{text[:match.start()].count(chr(10)) + 1}"
                found.append(EnvBlock(where, "\n".join(kept) + "\n"))
    return found


BLOCKS = env_blocks()


def systemd_rule(text: str) -> dict[str, str]:
    """systemd's reading as documented (systemd.exec, EnvironmentFile=): lines starting with #
    or ; are comments, a value is trimmed and may be quoted, and nothing after it is a comment."""
    values = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line[0] in "#;":
            continue
        key, _, value = line.partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        values[key.strip()] = value
    return values


def systemd_reads(text: str, folder: Path) -> dict[str, str]:
    """The HERALD_* values systemd gives a unit for this file: its own parser where it is
    installed, else its documented rule."""
    if not os.access(GENERATOR, os.X_OK):
        return {key: value for key, value in systemd_rule(text).items() if key.startswith("HERALD_")}
    (folder / "environment.d").mkdir(exist_ok=True)
    (folder / "environment.d" / "50-herald.conf").write_text(text, encoding="utf-8")
    out = subprocess.run([str(GENERATOR)], env={"XDG_CONFIG_HOME": str(folder), "HOME": "/nonexistent"},
                         capture_output=True, text=True, check=True, timeout=30).stdout
    values = {}
    for line in out.splitlines():
        key, _, value = line.partition("=")
        if key.startswith("HERALD_"):
            if len(value) >= 2 and value[0] == value[-1] == '"':  # (it quotes what sh would need quoted)
                value = re.sub(r"\\(.)", r"\1", value[1:-1])
            values[key] = value
    return values


def sh_reads(text: str, folder: Path) -> dict[str, str]:
    """The HERALD_* values after `set -a; . FILE` in sh (cron's shell)."""
    file = folder / "herald.env"
    file.write_text(text, encoding="utf-8")
    out = subprocess.run(["sh", "-c", 'set -a; . "$1"; set +a; env', "sh", str(file)],
                         env={"PATH": os.defpath}, capture_output=True, text=True, check=True, timeout=30).stdout
    return dict(line.split("=", 1) for line in out.splitlines() if line.startswith("HERALD_"))


def test_the_blocks_are_found_where_the_guides_show_them():
    wheres = {block.where.split(":")[0] for block in BLOCKS}
    assert {"deploy/herald.env.example", "deploy/pgbouncer.md", "deploy/mail-in.md", "deploy/README.md"} <= wheres


@pytest.mark.parametrize("block", BLOCKS, ids=lambda block: block.where)
def test_systemd_and_sh_read_every_value_alike(block, tmp_path):
    by_systemd, by_sh = systemd_reads(block.text, tmp_path), sh_reads(block.text, tmp_path)
    assert by_systemd, block.text
    differ = {key: (value, by_sh.get(key)) for key, value in by_systemd.items() if by_sh.get(key) != value}
    assert not differ, f"{block.where}: (systemd's value, sh's value): {differ}"


@pytest.mark.parametrize("block", BLOCKS, ids=lambda block: block.where)
def test_every_block_loads_as_systemd_passes_it(block, tmp_path):
    """The server's checks on what a unit gets; a secret key placeholder (refused as it stands:
    tests/server/test_config.py) stands for the key the operator makes, so one is made here."""
    values = systemd_reads(block.text, tmp_path)
    if values.get("HERALD_SECRET_KEY") in PLACEHOLDER_SECRET_KEYS:
        values["HERALD_SECRET_KEY"] = secrets.token_urlsafe(32)
    load_config(values)


def test_the_reading_used_without_systemd_is_systemds(tmp_path):
    if not os.access(GENERATOR, os.X_OK):
        pytest.skip(f"systemd's environment reader is not installed ({GENERATOR})")
    sample = ("# a comment\n; another\nHERALD_A=1   # kept\n  HERALD_B = two  \nHERALD_C=\"three words\"\n"
              "HERALD_D='four'\nHERALD_E=x;y\n")
    assert systemd_reads(sample, tmp_path) == systemd_rule(sample) == {
        "HERALD_A": "1   # kept", "HERALD_B": "two", "HERALD_C": "three words", "HERALD_D": "four", "HERALD_E": "x;y"}
