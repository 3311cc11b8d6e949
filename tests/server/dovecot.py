"""A throwaway Dovecot IMAP server for tests: config in a temp dir, plain login from a
passwd-file, Maildir storage, listening on 127.0.0.1 at a free port.

As root, Dovecot's login processes must run as its own users (dovenull, dovecot), so the
mail is stored as `dovecot`; as any other user everything runs as that user."""
from __future__ import annotations

import grp
import os
import pwd
import shutil
import subprocess
import tempfile
import time
import imaplib
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.server.mailbox import free_port

USER, PASSWORD = "herald", "imap-test-password"


def dovecot_binary() -> str | None:
    return shutil.which("dovecot") or next((p for p in ("/usr/sbin/dovecot",) if os.path.exists(p)), None)


def _identities() -> tuple[str, str, str, int, int]:
    """(internal user, its group, login user, mail uid, mail gid)."""
    if os.geteuid() != 0:
        me, group = pwd.getpwuid(os.getuid()).pw_name, grp.getgrgid(os.getgid()).gr_name
        return me, group, me, os.getuid(), os.getgid()
    internal = pwd.getpwnam("dovecot")
    return "dovecot", grp.getgrgid(internal.pw_gid).gr_name, "dovenull", internal.pw_uid, internal.pw_gid


CONFIG = """\
base_dir = {root}/run
state_dir = {root}/state
log_path = {root}/dovecot.log
listen = 127.0.0.1
protocols = imap
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = {internal}
default_internal_group = {group}
default_login_user = {login}
mail_location = maildir:{root}/home/%u/Maildir
first_valid_uid = 1
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {root}/passwd
}}
userdb {{
  driver = static
  args = uid={uid} gid={gid} home={root}/home/%u
}}
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    port = 0
  }}
  chroot =
}}
service anvil {{
  chroot =
}}
"""


@contextmanager
def imap_server():
    """Start Dovecot, yield (port, user, password), stop it (only this instance). Its files
    live in a fresh directory of their own: Dovecot's unprivileged processes must reach
    them, which pytest's private tmp_path (mode 0700 for root) does not allow."""
    binary = dovecot_binary()
    if binary is None:
        print("SKIPPED: dovecot is not installed (Debian: apt-get install dovecot-imapd)")
        pytest.skip("dovecot is not installed (Debian: apt-get install dovecot-imapd)")
    internal, group, login, uid, gid = _identities()
    root = Path(tempfile.mkdtemp(prefix="herald-dovecot-"))
    port = free_port()
    for sub in ("run", "state", "home"):
        (root / sub).mkdir(parents=True, exist_ok=True)
    os.chmod(root, 0o755)
    if os.geteuid() == 0:
        os.chown(root / "home", uid, gid)
    (root / "passwd").write_text(f"{USER}:{{PLAIN}}{PASSWORD}\n")
    conf = root / "dovecot.conf"
    conf.write_text(CONFIG.format(root=root, internal=internal, group=group, login=login, uid=uid, gid=gid,
                                  port=port))
    # Not captured: the daemon's children keep a captured pipe open, and run() would wait forever.
    subprocess.run([binary, "-c", str(conf)], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   timeout=30)
    try:
        _wait_until_listening(port, root)
        yield port, USER, PASSWORD
    finally:
        subprocess.run([binary, "-c", str(conf), "stop"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       timeout=30)
        shutil.rmtree(root, ignore_errors=True)


def _wait_until_listening(port: int, root: Path) -> None:
    deadline = time.monotonic() + 10
    while True:
        try:
            connection = imaplib.IMAP4("127.0.0.1", port, timeout=5)
            connection.logout()
            return
        except OSError:
            if time.monotonic() > deadline:
                log = (root / "dovecot.log").read_text() if (root / "dovecot.log").exists() else ""
                raise RuntimeError(f"dovecot did not start:\n{log[-2000:]}") from None
            time.sleep(0.05)


def append(port: int, raw: bytes, folder: str = "INBOX") -> None:
    """Deliver into the mailbox as an MDA would (IMAP APPEND)."""
    connection = imaplib.IMAP4("127.0.0.1", port, timeout=10)
    try:
        connection.login(USER, PASSWORD)
        status, detail = connection.append(folder, None, None, raw)
        assert status == "OK", detail
    finally:
        connection.logout()


def count(port: int, folder: str = "INBOX") -> int:
    connection = imaplib.IMAP4("127.0.0.1", port, timeout=10)
    try:
        connection.login(USER, PASSWORD)
        status, data = connection.select(folder)
        return int(data[0])
    finally:
        connection.logout()
