"""The three ways mail comes in: SMTP/LMTP (aiosmtpd), one message on stdin, IMAP polling.

Each hands the raw message to `dispatch.handle` and, when the mail changed something,
sends the outbox at once (the answer and the next players' turn mails) with the mail
channel's ordinary `deliver_pending`. A fault of the database or an engine is not the sender's: SMTP
and LMTP answer 451 and stdin exits 75 (EX_TEMPFAIL) so the mail server retries later,
and IMAP leaves the message in the mailbox for the next run (which exits 75 too); the
Message-ID table makes the retry play nothing twice. A busy, locked or unreachable database
is logged in one line (it passes); anything else with its traceback (a bug is loud).
"""
from __future__ import annotations

import asyncio
import imaplib
import logging
import os
import signal
import socket
import ssl
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from aiosmtpd.controller import Controller
from aiosmtpd.lmtp import LMTP
from aiosmtpd.smtp import SMTP

from peewee import PeeweeException

from server.config import Settings, settings_of
from server.store.db import database
from server.store.dbfaults import database_trouble
from server.notify.channels.mail import deliver_pending
from server.mailin import dispatch, parse

log = logging.getLogger("herald.mailin")

CHANGED = frozenset({"played", "answered", "stranger"})
EX_DATAERR, EX_NOUSER, EX_TEMPFAIL = 65, 67, 75
SIZE_LIMIT = parse.MAX_BYTES


def receive(raw: bytes, config: Settings, recipients=None, envelope_from=None, deliver: bool = True) -> dispatch.Handled:
    """Handle one message in this thread (its own database connection), then send mail."""
    config = settings_of(config)
    database.connect(reuse_if_open=True)
    handled = dispatch.handle(raw, config, recipients, envelope_from)
    if deliver and handled.outcome in CHANGED:
        try:
            report = deliver_pending(config)
        except PeeweeException as exc:  # the mail is handled for good: notify sends its answer
            log.warning("mail-in: handled; the answer waits in the outbox for notify: %s", database_trouble(exc))
            return handled
        for error in report.errors[:5]:
            log.warning("mail-in: sending: %s", error)
    return handled


def log_deferred(what: str, exc: Exception) -> None:
    """A fault that is not the mail's, so the mail is to be tried again later: one line when
    it is the database's (busy, locked, unreachable: it passes), else the traceback."""
    trouble = database_trouble(exc)
    if trouble:
        log.warning("mail-in: %s deferred, try again later: %s", what, trouble)
    else:
        log.exception("mail-in: %s deferred, try again later, after an unexpected error", what)


# --- SMTP and LMTP ------------------------------------------------------------------

class MailInHandler:
    """aiosmtpd handler: the mail is handled before the DATA answer, so 250 means done."""

    def __init__(self, config: Settings, deliver: bool = True, workers: int = 2):
        config = settings_of(config)
        self.config = config
        self.deliver = deliver
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="mail-in")

    async def handle_DATA(self, server, session, envelope):
        loop = asyncio.get_running_loop()
        try:
            handled = await loop.run_in_executor(self.executor, receive, envelope.original_content, self.config,
                                                 list(envelope.rcpt_tos), envelope.mail_from, self.deliver)
        except Exception as exc:
            log_deferred("a message (answered 451)", exc)
            status = "451 4.3.0 Herald could not handle this message now; try again later"
        else:
            if handled.outcome == "forged":
                status = "550 5.7.1 This Herald reply address is not valid"
            elif handled.outcome == "not-for-us":
                status = "550 5.1.1 No such Herald address"
            else:
                status = "250 2.0.0 Message accepted"
        if isinstance(server, LMTP):  # LMTP answers once per recipient
            return "\r\n".join([status] * max(1, len(envelope.rcpt_tos)))
        return status


class MailInController(Controller):
    """aiosmtpd's threaded controller, speaking SMTP or LMTP."""

    def __init__(self, handler: MailInHandler, host: str, port: int, lmtp: bool = False):
        super().__init__(handler, hostname=host, port=port, data_size_limit=SIZE_LIMIT,
                         server_hostname=greeting_name(handler.config))
        self.lmtp = lmtp

    def factory(self):
        return (LMTP if self.lmtp else SMTP)(self.handler, **self.SMTP_kwargs)

    def stop(self, *args, **kwargs):
        super().stop(*args, **kwargs)
        self.handler.executor.shutdown(wait=True)


def greeting_name(config: Settings) -> str:
    """The name the listener greets with: the reply domain (aiosmtpd would ask DNS for the
    host's name on every connection)."""
    config = settings_of(config)
    return (config.reply_address or "herald").rpartition("@")[2] or "herald"


def start_listener(config: Settings, host: str, port: int, lmtp: bool = False, deliver: bool = True) -> MailInController:
    config = settings_of(config)
    controller = MailInController(MailInHandler(config, deliver), host, port, lmtp)
    controller.start()
    return controller


def serve(config: Settings, host: str, port: int, lmtp: bool = False, deliver: bool = True, workers: int = 1,
          announce=print) -> None:
    """Run the listener until SIGTERM or Ctrl-C, in `workers` processes sharing one socket
    (forked after binding, like gunicorn's workers: the GIL holds one process to one core)."""
    config = settings_of(config)
    sock = socket.create_server((host, port))
    sock.setblocking(False)
    database.close()  # each process opens its own connection
    if workers <= 1:
        _serve_on(sock, config, lmtp, deliver, announce)
        return
    children = []
    for _ in range(workers):
        pid = os.fork()
        if pid == 0:
            try:
                _serve_on(sock, config, lmtp, deliver, announce)
            finally:
                os._exit(0)
        children.append(pid)
    stop = threading.Event()
    previous = signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        while not stop.wait(0.5) and all(_alive(pid) for pid in children):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        for pid in children:  # only the workers this process forked
            if _alive(pid):
                os.kill(pid, signal.SIGTERM)
        for pid in children:
            _reap(pid)
        sock.close()


def _alive(pid: int) -> bool:
    try:
        done, _ = os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return False
    return done == 0


def _reap(pid: int) -> None:
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass


def _serve_on(sock, config: Settings, lmtp: bool, deliver: bool, announce) -> None:
    """One process's asyncio loop serving SMTP or LMTP on an already bound socket."""
    handler = MailInHandler(config, deliver)
    loop = asyncio.new_event_loop()
    protocol = LMTP if lmtp else SMTP
    server = loop.run_until_complete(loop.create_server(
        lambda: protocol(handler, data_size_limit=SIZE_LIMIT, enable_SMTPUTF8=True, loop=loop,
                         hostname=greeting_name(config)), sock=sock))
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, loop.stop)
    host, port = sock.getsockname()[:2]
    announce(f"mail-in: process {os.getpid()} listening for {'LMTP' if lmtp else 'SMTP'} on {host}:{port}")
    try:
        loop.run_forever()
    finally:
        server.close()
        loop.run_until_complete(server.wait_closed())
        handler.executor.shutdown(wait=True)
        loop.close()


# --- one message on standard input -----------------------------------------------------

def read_one(stream, config: Settings, recipient: str | None, sender: str | None, deliver: bool = True) -> int:
    """The exit code for a pipe transport: 0 handled (or dropped on purpose), 65 too large
    or unreadable, 67 not a valid Herald address; a fault that is not the mail's raises (the
    caller exits 75: try again later)."""
    config = settings_of(config)
    raw = stream.read(SIZE_LIMIT + 1)
    if len(raw) > SIZE_LIMIT:
        log.warning("mail-in: dropped a message over %d bytes from stdin", SIZE_LIMIT)
        return EX_DATAERR
    handled = receive(raw, config, [recipient] if recipient else None, sender, deliver)
    return {"forged": EX_NOUSER, "not-for-us": EX_NOUSER, "unreadable": EX_DATAERR}.get(handled.outcome, 0)


# --- IMAP -------------------------------------------------------------------------------

HANDLED_KEYWORD = "$HeraldDone"


@dataclass
class FetchReport:
    handled: int = 0
    outcomes: dict = field(default_factory=dict)
    retry: int = 0  # left in the mailbox after a fault, for the next run
    stopped: str | None = None  # the database's fault that ended the run early (the rest wait)


@dataclass
class ImapSettings:
    host: str
    port: int
    user: str
    password: str
    tls: str = "ssl"  # ssl, starttls or none
    folder: str = "INBOX"
    keep: bool = False  # flag handled mail instead of deleting it
    cafile: str | None = None


def connect_imap(settings: ImapSettings) -> imaplib.IMAP4:
    context = ssl.create_default_context(cafile=settings.cafile or None)
    connection: imaplib.IMAP4
    if settings.tls == "ssl":
        connection = imaplib.IMAP4_SSL(settings.host, settings.port, ssl_context=context, timeout=30)
    else:
        connection = imaplib.IMAP4(settings.host, settings.port, timeout=30)
        if settings.tls == "starttls":
            connection.starttls(ssl_context=context)
    connection.login(settings.user, settings.password)
    return connection


def fetch_imap(config: Settings, settings: ImapSettings, deliver: bool = True, limit: int = 500) -> FetchReport:
    """Handle every message not yet handled in the folder; delete (or flag) each handled one."""
    config = settings_of(config)
    report = FetchReport()
    connection = connect_imap(settings)
    try:
        status, _ = connection.select(_quoted(settings.folder))
        if status != "OK":
            raise imaplib.IMAP4.error(f"cannot open folder {settings.folder}")
        criteria = f"UNKEYWORD {HANDLED_KEYWORD} UNDELETED" if settings.keep else "UNDELETED"
        status, data = connection.uid("SEARCH", criteria)
        uids = (data[0] or b"").split()[:limit]
        for done, uid in enumerate(uids, 1):
            _fetch_one(connection, uid, config, settings, deliver, report)
            if report.stopped:  # each of the rest would wait out the busy timeout too
                report.retry += len(uids) - done
                break
        if not settings.keep:
            connection.expunge()
    finally:
        try:
            connection.logout()
        except Exception:  # the connection is going away either way
            pass
    return report


def _fetch_one(connection, uid: bytes, config, settings, deliver, report) -> None:
    status, data = connection.uid("FETCH", uid, "(BODY.PEEK[])")
    raw = next((part[1] for part in data or [] if isinstance(part, tuple)), None)
    if status != "OK" or raw is None:
        return
    try:
        handled = receive(raw, config, None, None, deliver)
    except Exception as exc:  # left in the mailbox for the next run
        log_deferred(f"IMAP message {uid.decode()}", exc)
        report.retry += 1
        report.stopped = database_trouble(exc)  # a bug in one message does not stop the others
        return
    report.handled += 1
    report.outcomes[handled.outcome] = report.outcomes.get(handled.outcome, 0) + 1
    flags = f"(\\Seen {HANDLED_KEYWORD})" if settings.keep else "(\\Deleted)"
    connection.uid("STORE", uid, "+FLAGS", flags)


def _quoted(folder: str) -> str:
    return '"' + folder.replace("\\", "\\\\").replace('"', '\\"') + '"'
