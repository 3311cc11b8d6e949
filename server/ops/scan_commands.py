"""`herald server remind | deadlines | clocks`: the timers' scans of the table (reminders,
server-wide default answers, per-game clocks: server/table/), one host at a time on
PostgreSQL (`leading`), each followed by sending the mail it queued."""
from __future__ import annotations

from datetime import timedelta

import click

from server.ops.command_base import DURATION, leading, open_store, report_applied, report_delivery


@click.command()
@click.option("--after", "period", type=DURATION, required=True, metavar="DURATION",
              help="Remind seats prompted longer than this (30m, 12h, 2d); once per such period.")
def remind(period: timedelta):
    """Mail seats that have been waiting to move for longer than --after."""
    from server.notify.channels.mail import deliver_pending
    from server.table.outbox import held_for_quiet_hours
    from server.table.reminders import queue_reminders

    config = open_store()
    with leading("reminders") as lead:
        if lead:
            click.echo(f"queued {queue_reminders(period)} reminder(s){held_for_quiet_hours('reminder')}")
    report_delivery(deliver_pending(config))


@click.command()
@click.option("--after", "period", type=DURATION, required=True, metavar="DURATION",
              help="Answer for seats prompted longer than this (e.g. 48h), where the game has a default.")
def deadlines(period: timedelta):
    """Apply the game's default answer for seats that let their deadline pass, then send mail."""
    from server.notify.channels.mail import deliver_pending
    from server.table.deadlines import apply_defaults

    config = open_store()
    with leading("deadlines") as lead:
        if lead:
            report = apply_defaults(period)
            report_applied(report, "defaulted to")
            click.echo(f"applied {len(report.applied)} default answer(s)")
    report_delivery(deliver_pending(config))


@click.command()
def clocks():
    """Games with their own clock (--days-per-move): remind a day before each deadline, act on
    passed ones (the game's default answer, or resigning the seat), then send mail."""
    from server.notify.channels.mail import deliver_pending
    from server.table.outbox import held_for_quiet_hours
    from server.table.timeouts import apply_overdue, queue_reminders

    config = open_store()
    with leading("clocks") as lead:
        if lead:
            report = apply_overdue()
            report_applied(report, "ran out of time:")
            click.echo(f"applied {len(report.applied)} move(s) at deadlines; queued {queue_reminders()} reminder(s)"
                       f"{held_for_quiet_hours('reminder')}")
    report_delivery(deliver_pending(config))


COMMANDS = [remind, deadlines, clocks]
