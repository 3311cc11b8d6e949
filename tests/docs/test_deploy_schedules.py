"""The operator's schedules (deploy/systemd, deploy/crontab.example) run every duty a server
needs done while nobody asks: without `clocks` a game with its own clock never timed out, and
without `bots` a seat handed to a house bot never moved; neither had a unit."""
from __future__ import annotations

import re
from pathlib import Path

from server.cli import server

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
# What runs on its own on a server, by the `herald server` command that does it.
DUTIES = ("notify", "remind", "deadlines", "clocks", "digest", "bots")
COMMAND = re.compile(r"herald server (?:--quiet )?([a-z][a-z-]*)")


def unit_commands() -> dict[str, list[str]]:
    return {path.name: COMMAND.findall(path.read_text(encoding="utf-8"))
            for path in sorted((DEPLOY / "systemd").glob("*.service"))}


def test_every_duty_has_a_unit_and_a_cron_line():
    units = {command for commands in unit_commands().values() for command in commands}
    cron = set(COMMAND.findall((DEPLOY / "crontab.example").read_text(encoding="utf-8")))
    assert set(DUTIES) <= units, set(DUTIES) - units
    assert set(DUTIES) <= cron, set(DUTIES) - cron


def test_every_scheduled_command_is_one_herald_has():
    named = {command for commands in unit_commands().values() for command in commands}
    named |= set(COMMAND.findall((DEPLOY / "crontab.example").read_text(encoding="utf-8")))
    assert named and named <= set(server.commands), named - set(server.commands)


def test_every_timer_starts_a_unit_and_the_guide_enables_each_duty():
    timers = {path.stem for path in (DEPLOY / "systemd").glob("*.timer")}
    assert timers <= {path.stem for path in (DEPLOY / "systemd").glob("*.service")}
    guide = (DEPLOY / "README.md").read_text(encoding="utf-8")
    step = guide[guide.index("sudo systemctl enable"):].split("\n\n")[0]
    enabled = set(re.findall(r"(herald[a-z-]*\.(?:timer|service))", step))
    for unit, commands in unit_commands().items():  # a duty's unit, by its timer where it has one
        name = unit[:-len(".service")]
        if set(commands) & set(DUTIES):
            assert (f"{name}.timer" if name in timers else unit) in enabled, unit


def test_every_cron_line_prints_only_trouble():
    """Cron mails whatever a command prints: without --quiet the shipped lines mailed the
    operator every minute ('database: ...', 'sent 0, ...')."""
    lines = [line for line in (DEPLOY / "crontab.example").read_text(encoding="utf-8").splitlines()
             if "herald server" in line and not line.startswith("#")]
    assert lines and all(" --quiet " in part for line in lines for part in line.split("&&") if "herald server" in part)
