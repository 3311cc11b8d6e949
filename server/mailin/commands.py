"""`herald server mail-in | read-mail | fetch-mail | digest` (added to the server group)."""
from __future__ import annotations

import logging
import sys

import click

from server.mailin import address

log = logging.getLogger("herald.mailin")


def _configured_store() -> dict:
    """Like `herald server`'s other commands, and mail-in needs its reply address settings."""
    from server.cli import _store
    from server.config import ConfigError

    config = _store()
    try:
        address.reply_address(config, 1, 0, 0)
    except ConfigError as exc:
        raise click.ClickException(f"{exc} (mail-in reads replies to the addresses Herald signs)") from None
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    return config


@click.command("mail-in")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8025, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
@click.option("--lmtp", is_flag=True, help="Speak LMTP (for a Postfix lmtp: transport) instead of SMTP.")
@click.option("--no-send", is_flag=True, help="Leave answers in the outbox for `herald server notify`.")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64),
              help="Processes sharing the port (each uses one core, like gunicorn's workers).")
def mail_in(host, port, lmtp, no_send, workers):
    """Receive replies by SMTP or LMTP (from Postfix or another mail server) and play them."""
    from server.mailin.listeners import serve

    config = _configured_store()
    try:
        serve(config, host, port, lmtp=lmtp, deliver=not no_send, workers=workers,
              announce=lambda line: click.echo(line, err=True))
    except OSError as exc:
        raise click.ClickException(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    click.echo("mail-in: stopped", err=True)


@click.command("read-mail")
@click.option("--recipient", envvar="ORIGINAL_RECIPIENT", default=None,
              help="The envelope recipient (Postfix pipe: ${original_recipient}); default: the headers.")
@click.option("--sender", envvar="SENDER", default=None, help="The envelope sender (Postfix pipe: ${sender}).")
@click.option("--no-send", is_flag=True, help="Leave answers in the outbox for `herald server notify`.")
def read_mail(recipient, sender, no_send):
    """Handle one message on standard input (a pipe transport, .forward or procmail).

    Exit 0 when handled, 65 when unreadable or over 10 MB, 67 when not a valid Herald
    address, 75 when the mail server should try again later."""
    from server.mailin.listeners import EX_TEMPFAIL, read_one

    config = _configured_store()
    try:
        code = read_one(sys.stdin.buffer, config, recipient, sender)
    except Exception:
        log.exception("mail-in: could not handle the message now")
        code = EX_TEMPFAIL
    sys.exit(code)


@click.command("fetch-mail")
@click.option("--host", envvar="HERALD_IMAP_HOST", required=True, help="IMAP server ($HERALD_IMAP_HOST).")
@click.option("--port", envvar="HERALD_IMAP_PORT", type=int, default=None,
              help="Port ($HERALD_IMAP_PORT; default 993 with ssl, else 143).")
@click.option("--user", envvar="HERALD_IMAP_USER", required=True, help="Login ($HERALD_IMAP_USER).")
@click.option("--password", envvar="HERALD_IMAP_PASSWORD", required=True, help="Password ($HERALD_IMAP_PASSWORD).")
@click.option("--tls", envvar="HERALD_IMAP_TLS", type=click.Choice(["ssl", "starttls", "none"]), default="ssl",
              show_default=True, help="Transport security ($HERALD_IMAP_TLS).")
@click.option("--folder", envvar="HERALD_IMAP_FOLDER", default="INBOX", show_default=True,
              help="Folder to read ($HERALD_IMAP_FOLDER).")
@click.option("--keep", is_flag=True, help="Flag handled mail ($HeraldDone, \\Seen) instead of deleting it.")
@click.option("--cafile", envvar="HERALD_IMAP_CAFILE", default=None, help="Extra CA certificates (PEM).")
@click.option("--no-send", is_flag=True, help="Leave answers in the outbox for `herald server notify`.")
def fetch_mail(host, port, user, password, tls, folder, keep, cafile, no_send):
    """Read replies from an IMAP mailbox once (run it from a timer), deleting handled mail."""
    from server.mailin.listeners import ImapSettings, fetch_imap

    config = _configured_store()
    settings = ImapSettings(host, port or (993 if tls == "ssl" else 143), user, password, tls, folder, keep, cafile)
    try:
        report = fetch_imap(config, settings, deliver=not no_send)
    except (OSError, Exception) as exc:  # imaplib.error, ssl errors, refused connections
        raise click.ClickException(f"cannot read {user}@{host}:{settings.port}/{folder}: "
                                   f"{type(exc).__name__}: {exc}") from None
    outcomes = ", ".join(f"{name} {count}" for name, count in sorted(report.outcomes.items())) or "nothing new"
    click.echo(f"handled {report.handled} message(s): {outcomes}")
    if report.retry:
        click.echo(f"warning: {report.retry} message(s) left for the next run after an error", err=True)


@click.command()
def digest():
    """Mail each player whose setting is 'digest' the games waiting for them (once a day)."""
    from server.cli import _report_delivery, _store
    from server.mailer import deliver_pending
    from server.mailin.settings import queue_digests

    config = _store()
    click.echo(f"queued {queue_digests(config)} digest(s)")
    _report_delivery(deliver_pending(config))


COMMANDS = (mail_in, read_mail, fetch_mail, digest)
