"""One count of PostgreSQL connections in every document that gives one.

herald.env.example said `servers x workers x (this + 1) + the timers`, pgbouncer.md and
operating.md `(HERALD_POOL_SIZE + 3)`, and pgbouncer.md's allowance of `hosts × 6` for the
timers was below its own table (and the table left out the digest). Now each document states
servers × workers × (HERALD_POOL_SIZE + 3) + hosts × 12 + 2, and the numbers come from where
they are decided: + 3 from the code (each server process's notifier and group commit's lanes),
12 from pgbouncer.md's table summed over the units deploy/README.md section 4 enables (they all
run at the full hour), 2 from the table's mail-in row.
"""
from __future__ import annotations

import re

import pytest

from server.table import movelog
from tests.docs.test_deploy_schedules import COMMAND, DEPLOY, enabled_by_the_guide
from tests.support.doccommands import ROOT

FORMULA = re.compile(r"servers × workers × \(HERALD_POOL_SIZE \+ (\d+)\)\s+\+\s+hosts × (\d+)\s+\+\s+(\d+)")
# Any count per process or per host, in any wording used before.
PER_PROCESS = re.compile(r"\((?:HERALD_POOL_SIZE|this) \+ (\d+)\)")
PER_HOST = re.compile(r"hosts? × (\d+)")
STATING = ["deploy/herald.env.example", "deploy/pgbouncer.md", "deploy/postgresql.md", "deploy/README.md",
           "docs/operating.md"]
ROW = re.compile(r"^\| `herald server ([a-z-]+)`[^|]*\| (\d+)", re.M)


def table() -> dict[str, int]:
    """pgbouncer.md's table: connections at most, by `herald server` command."""
    return {command: int(count) for command, count in ROW.findall((DEPLOY / "pgbouncer.md").read_text("utf-8"))}


def commands(service_name: str) -> list[str]:
    """The `herald server` commands a unit of deploy/systemd runs (its ExecStart= lines)."""
    text = (DEPLOY / "systemd" / service_name).read_text(encoding="utf-8")
    return [c for line in text.splitlines() if line.startswith("ExecStart=") for c in COMMAND.findall(line)]


def per_process() -> int:
    """What a server process opens besides its pool: the waiters' notifier (server/store/longpoll.py)
    and one connection per lane of gathered moves (server/store/lanes.py)."""
    return 1 + movelog.MOVES.leaders


def per_host() -> int:
    """The units section 4 enables all hold theirs at once at the full hour; a unit that runs
    two commands (remind, then notify) runs them in turn."""
    counts = table()
    total = 0
    for unit in enabled_by_the_guide() - {"herald.service"}:  # (gunicorn's workers: the first term)
        total += max(counts[command] for command in commands(unit.rsplit(".", 1)[0] + ".service"))
    return total


def test_the_table_counts_every_command_a_unit_runs():
    units = {command for path in (DEPLOY / "systemd").glob("*.service") for command in commands(path.name)}
    assert units <= set(table()), units - set(table())


@pytest.mark.parametrize("name", STATING)
def test_each_document_gives_the_same_count(name):
    text = (ROOT / name).read_text(encoding="utf-8")
    mail_in = max(table()["mail-in"], table()["fetch-mail"])
    stated = FORMULA.findall(text)
    assert stated, f"{name} does not state servers × workers × (HERALD_POOL_SIZE + N) + hosts × N + N"
    assert set(stated) == {(str(per_process()), str(per_host()), str(mail_in))}, stated
    assert set(PER_PROCESS.findall(text)) == {str(per_process())}, name  # no other count left beside it
    assert set(PER_HOST.findall(text)) <= {str(per_host())}, name


def test_the_worked_example_adds_up():
    """pgbouncer.md's figures for two and three hosts, from the same numbers."""
    text = (DEPLOY / "pgbouncer.md").read_text(encoding="utf-8")
    per_worker, host, mail_in = 10 + per_process(), per_host(), max(table()["mail-in"], table()["fetch-mail"])
    two = 2 * 2 * per_worker + 2 * host + mail_in
    three = 3 * 2 * per_worker + 3 * host + mail_in
    small = 3 * 2 * (6 + per_process()) + 3 * host + mail_in
    assert two <= 100 - 3 < three and small <= 100 - 3
    for figure in (two, three, small):
        assert re.search(rf"\b{figure}\b", text), figure
