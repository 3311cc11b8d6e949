"""`herald server notify | prune-mail`: the outbox delivered (server/notify/rounds.py) and
delivered mail deleted after its retention (server/notify/mailprune.py)."""
from __future__ import annotations

from datetime import timedelta

import click

from server.ops.command_base import open_store, report_delivery


@click.command()
@click.option("--ignore-backoff", is_flag=True, help="Retry failed mails now instead of at their next-attempt time.")
@click.option("--retry-failed", is_flag=True,
              help="Send again mails marked failed (refused, or retried past HERALD_MAIL_RETRY_DAYS).")
@click.option("--retry-uncertain", "--requeue-stuck", "retry_uncertain", is_flag=True,
              help="Send again mails that may or may not have been delivered (they may arrive twice).")
def notify(ignore_backoff: bool, retry_failed: bool, retry_uncertain: bool):
    """Send pending notification mails (SMTP, or .eml files without an SMTP host).

    Each mail is sent at most once: it is claimed before the SMTP transaction and marked
    sent as soon as the server accepts it; failures stay pending with a growing delay for
    HERALD_MAIL_RETRY_DAYS (3). A mail sent without a confirmation is marked uncertain.

    A run handles at most 1,000 mails of each kind and says how many more are due; the next run
    (the timer's, every minute) goes on with them.

    Exit status: 0 every mail handled sent or waiting for its next try; 1 the SMTP server could
    not be reached (or the mail folder written), the rest wait; 3 a mail was given up
    (failed) or may have been delivered (uncertain) this run; 4 a mail could not be
    composed (a bug, logged with the game and seq; kept as failed)."""
    from server.notify.rounds import notify_round

    config = open_store()
    done = notify_round(config, ignore_backoff=ignore_backoff, retry_failed=retry_failed,
                        retry_uncertain=retry_uncertain)
    if done.requeued_uncertain is not None:
        click.echo(f"requeued {done.requeued_uncertain} uncertain mail(s)")
    if done.requeued_failed is not None:
        click.echo(f"requeued {done.requeued_failed} failed mail(s)")
    for name, other in done.others:  # the other channels (webhooks, ...): one line each
        if other.sent or other.failed:
            click.echo(f"{name}s: posted {other.sent}, failed {other.failed}")
            for error in other.errors:
                click.echo(f"  {error}", err=True)
    if done.pruned:
        click.echo(f"pruned {done.pruned} delivered mail(s) older than {config.mail_retention_days:g} days")
    if done.keys_pruned:
        click.echo(f"pruned {done.keys_pruned} request key(s) older than 24 hours")
    report_delivery(done.mail, exit_with_status=True)


@click.command("prune-mail")
@click.option("--days", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Keep this many days of delivered mail (default: HERALD_MAIL_RETENTION_DAYS, 30).")
def prune_mail(days: float | None):
    """Delete delivered mail (sent, or dropped as answered) older than the retention.

    Pending, failed and uncertain mails and invitations are kept. `notify` does this by
    itself once an hour; this runs it now, or with another retention."""
    from server.notify.mailprune import prune_sent_mail

    config = open_store()
    keep = days if days is not None else config.mail_retention_days
    click.echo(f"pruned {prune_sent_mail(timedelta(days=keep))} delivered mail(s) older than {keep:g} days")


COMMANDS = [notify, prune_mail]
