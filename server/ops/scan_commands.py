"""`herald server remind | deadlines | clocks`: the timers' scans of the table (reminders,
server-wide default answers, per-game clocks: server/table/), one host at a time on
PostgreSQL (`leading`), each followed by sending the mail it queued."""
from __future__ import annotations

from datetime import timedelta
from typing import Callable

import click

from server.ops.command_base import DURATION, leading, open_store, report_applied, report_delivery


@click.command()
@click.option("--after", "period", type=DURATION, required=True, metavar="DURATION",
              help="Remind seats prompted longer than this (30m, 12h, 2d); once per such period.")
def remind(period: timedelta):
    """Mail seats that have been waiting to move for longer than --after."""
    from server.table.outbox import held_for_quiet_hours
    from server.table.reminders import queue_reminders

    _scan_then_mail("reminders", lambda: click.echo(
        f"queued {queue_reminders(period)} reminder(s){held_for_quiet_hours('reminder')}"))


@click.command()
@click.option("--after", "period", type=DURATION, required=True, metavar="DURATION",
              help="Answer for seats prompted longer than this (e.g. 48h), where the game has a default.")
def deadlines(period: timedelta):
    """Apply the game's default answer for seats that let their deadline pass, then send mail."""
    from server.table.deadlines import apply_defaults

    def scan() -> int:
        report = apply_defaults(period)
        report_applied(report, "defaulted to")
        click.echo(f"applied {len(report.applied)} default answer(s)")
        return len(report.skipped)

    _scan_then_mail("deadlines", scan)


@click.command()
def clocks():
    """Games with their own clock (--days-per-move): remind a day before each deadline, act on
    passed ones (the game's default answer, or resigning the seat), then send mail."""
    from server.table.outbox import held_for_quiet_hours
    from server.table.timeouts import apply_overdue, queue_reminders

    def scan() -> int:
        report = apply_overdue()
        report_applied(report, "ran out of time:")
        click.echo(f"applied {len(report.applied)} move(s) at deadlines; queued {queue_reminders()} reminder(s)"
                   f"{held_for_quiet_hours('reminder')}")
        return len(report.skipped)

    _scan_then_mail("clocks", scan)


def _scan_then_mail(name: str, scan: Callable[[], int | None]) -> None:
    """Open the store, run `scan` where this host leads the scan `name` (one host at a time on
    PostgreSQL), then send whatever mail is pending, the scan's and any other. Exit 1 when the
    scan skipped a game it could not load (its error logged; the others were done), so the
    timer's unit fails and the operator hears of a game that would otherwise wait forever."""
    from server.notify.channels.mail import deliver_pending

    config = open_store()
    skipped = 0
    with leading(name) as lead:
        if lead:
            skipped = scan() or 0
    report_delivery(deliver_pending(config))
    if skipped:
        click.echo(f"error: {skipped} game(s) skipped (see above); 'herald server verify' says what is wrong",
                   err=True)
        raise SystemExit(1)


COMMANDS = [remind, deadlines, clocks]
