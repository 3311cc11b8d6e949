"""`herald server mail-in | read-mail | fetch-mail | digest` (added to the server group)."""
from __future__ import annotations

import logging
import ssl
import sys

import click
from peewee import PeeweeException

from server.config import Settings
from server.store.dbfaults import database_trouble
from server.notify import reply_addresses
from server.ops.command_base import DatabaseNotReady, leading, open_store, report_delivery

log = logging.getLogger("herald.mailin")


def _configured_store() -> Settings:
    """Like `herald server`'s other commands, and mail-in needs its reply address settings."""
    from server.config import ConfigError

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    config = open_store()
    try:
        reply_addresses.reply_address(config, 1, 0, 0, 1)
    except ConfigError as exc:
        raise click.ClickException(f"{exc} (mail-in reads replies to the addresses Herald signs)") from None
    return config


def _store_or_later(settings_too: bool) -> Settings:
    """The store, or exit 75 with one line when the database cannot be used now (locked, busy,
    unreachable, migrations pending). `settings_too`: a wrong setting exits 75 as well (a
    pipe must not bounce a player's mail for the operator's slip; the queue keeps it)."""
    from server.mailin.listeners import EX_TEMPFAIL

    try:
        return _configured_store()
    except DatabaseNotReady as exc:
        reason = exc.format_message()
    except click.ClickException as exc:
        if not settings_too:
            raise
        reason = exc.format_message()
    except PeeweeException as exc:
        reason = database_trouble(exc) or str(exc)  # (it has a line for every PeeweeException)
    log.warning("mail-in: nothing read, try again later: %s", reason)
    sys.exit(EX_TEMPFAIL)


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
    address: only these bounce. Anything else that is not the mail's fault (the database
    locked, unreachable or being migrated, a setting, a bug) exits 75: try again later."""
    from server.mailin.listeners import EX_TEMPFAIL, log_deferred, read_one

    config = _store_or_later(settings_too=True)
    try:
        code = read_one(sys.stdin.buffer, config, recipient, sender, deliver=not no_send)
    except Exception as exc:
        log_deferred("the message", exc)
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
    """Read replies from an IMAP mailbox once (run it from a timer), deleting handled mail.

    Exit 0 when every message was handled; 75 when some wait for the next run (the database
    locked, unreachable or being migrated, the IMAP server unreachable, or a bug: logged);
    1 for a setting or a login the IMAP server refuses."""
    from server.mailin.listeners import EX_TEMPFAIL, ImapSettings, fetch_imap

    config = _store_or_later(settings_too=False)
    settings = ImapSettings(host, port or (993 if tls == "ssl" else 143), user, password, tls, folder, keep, cafile)
    where = f"{user}@{host}:{settings.port}/{folder}"
    try:
        report = fetch_imap(config, settings, deliver=not no_send)
    except OSError as exc:
        if isinstance(exc, ssl.SSLError):  # a certificate or TLS setting: waiting will not help
            raise click.ClickException(f"cannot read {where}: {type(exc).__name__}: {exc}") from None
        log.warning("mail-in: cannot reach %s now, try again later: %s: %s", where, type(exc).__name__, exc)
        sys.exit(EX_TEMPFAIL)
    except Exception as exc:  # imaplib.error: a login or folder the server refuses
        raise click.ClickException(f"cannot read {where}: {type(exc).__name__}: {exc}") from None
    outcomes = ", ".join(f"{name} {count}" for name, count in sorted(report.outcomes.items())) or "nothing new"
    click.echo(f"handled {report.handled} message(s): {outcomes}")
    if report.retry:
        click.echo(f"warning: {report.retry} message(s) left for the next run: "
                   f"{report.stopped or 'an unexpected error (logged above)'}", err=True)
        sys.exit(EX_TEMPFAIL)


@click.command()
def digest():
    """Mail each player whose setting is 'digest' the games waiting for them (once a day)."""
    from server.notify.channels.mail import deliver_pending
    from server.notify.digest import queue_digests
    from server.table.outbox import held_for_quiet_hours

    config = open_store()
    with leading("digest") as lead:  # one host at a time on PostgreSQL: no player gets two
        if lead:
            click.echo(f"queued {queue_digests(config)} digest(s){held_for_quiet_hours('digest')}")
    report_delivery(deliver_pending(config))


COMMANDS = (mail_in, read_mail, fetch_mail, digest)
