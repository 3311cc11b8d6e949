"""The operator's schedules (deploy/systemd, deploy/crontab.example) run every duty a server
needs done while nobody asks: without `clocks` a game with its own clock never timed out, and
without `bots` a seat handed to a house bot never moved; neither had a unit. And the steps that
stop them all (a restore, an upgrade) stop every one and start again what the guide enabled."""
from __future__ import annotations

import fnmatch
import re
import shlex
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


def enabled_by_the_guide() -> set[str]:
    """The units deploy/README.md section 4 enables."""
    guide = (DEPLOY / "README.md").read_text(encoding="utf-8")
    step = guide[guide.index("sudo systemctl enable"):].split("\n\n")[0]
    return set(re.findall(r"(herald[a-z-]*\.(?:timer|service))", step))


def test_every_timer_starts_a_unit_and_the_guide_enables_each_duty():
    timers = {path.stem for path in (DEPLOY / "systemd").glob("*.timer")}
    assert timers <= {path.stem for path in (DEPLOY / "systemd").glob("*.service")}
    enabled = enabled_by_the_guide()
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


def systemctl(block: str, verb: str) -> list[str]:
    """The units the block's `systemctl VERB` lines name, as systemd reads each name: a pattern
    as it is (it matches units of every type: `herald*` takes timers too), a name without a
    type as NAME.service (systemd's unit_name_mangle_with_suffix)."""
    names = []
    for line in block.replace("\\\n", " ").splitlines():
        words = shlex.split(line, comments=True) if "systemctl" in line else []
        if "systemctl" in words and words[words.index("systemctl") + 1:][:1] == [verb]:
            for name in words[words.index("systemctl") + 2:]:
                if not name.startswith("-"):
                    names.append(name if re.search(r"[*?\[]", name) or "." in name else f"{name}.service")
    return names


def stopping_blocks() -> dict[str, str]:
    """The shell blocks of the restore (deploy/README.md section 7) and the upgrade steps."""
    guide = (DEPLOY / "README.md").read_text(encoding="utf-8")
    texts = {"README.md section 7": guide[guide.index("## 7. "):guide.index("## 8. ")],
             "upgrading.md": (DEPLOY / "upgrading.md").read_text(encoding="utf-8")}
    found = {}
    for where, text in texts.items():
        for n, block in enumerate(re.findall(r"^```sh\n(.*?)^```", text, re.M | re.S)):
            if systemctl(block, "stop"):
                found[f"{where}, block {n + 1}"] = block
    return found


def test_the_restore_and_the_upgrade_stop_every_unit_and_start_the_enabled_ones_again():
    """They stopped `herald` and the timers only: the house bots wrote moves into the SQLite file
    as a backup was copied over it, and after an upgrade kept running the old release on the
    migrated schema (never restarted), as did the clocks and digest timers."""
    blocks = stopping_blocks()
    assert {where.split(",")[0] for where in blocks} == {"README.md section 7", "upgrading.md"}
    shipped = {path.name for path in (DEPLOY / "systemd").iterdir()}
    for where, block in blocks.items():
        stopped, started = systemctl(block, "stop"), systemctl(block, "start")
        left = sorted(u for u in shipped if not any(fnmatch.fnmatchcase(u, name) for name in stopped))
        assert not left, f"{where}: `systemctl stop` leaves running {left}"
        not_again = sorted(u for u in enabled_by_the_guide() if not any(fnmatch.fnmatchcase(u, n) for n in started))
        assert not not_again, f"{where}: `systemctl start` does not start again {not_again}"
        assert block.index("systemctl stop") < block.index("server migrate") < block.index("systemctl start"), where


def test_unit_names_are_read_as_systemd_reads_them():
    assert systemctl("sudo systemctl stop herald 'herald-*.timer' herald-bots.service  # all\n", "stop") == [
        "herald.service", "herald-*.timer", "herald-bots.service"]
    assert systemctl("systemctl start herald \\\n    herald-notify.timer\n", "start") == [
        "herald.service", "herald-notify.timer"]
    assert fnmatch.fnmatchcase("herald-digest.timer", "herald*")


def test_the_guides_list_of_files_says_what_every_timer_and_service_runs():
    """deploy/README.md's "The files" table named three of the six timers, and neither the bots'
    nor mail-in's service: an operator reading it missed what each unit runs."""
    guide = (DEPLOY / "README.md").read_text(encoding="utf-8")
    table = guide.split("## The files", 1)[1].split("\n## ", 1)[0]
    timed = {COMMAND.findall((DEPLOY / "systemd" / timer.name.replace(".timer", ".service")).read_text())[0]
             for timer in (DEPLOY / "systemd").glob("*.timer")}
    assert {name for name in timed if f"`{name}`" not in table} == set()
    for service in ("herald-bots.service", "herald-mail-in.service"):
        assert f"`systemd/{service}`" in table, service
