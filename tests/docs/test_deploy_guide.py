"""deploy/README.md followed literally: what one step makes or sets up, the next steps use.
(tests/server/test_operator_guide.py runs the install and start steps; these are the parts it
cannot see, as it sets its own HERALD_MAIL_DIR and binds 127.0.0.1.)"""
from __future__ import annotations

import re

from server.config import load_config
from tests.docs.test_env_files import systemd_reads
from tests.support.doccommands import ROOT, blocks

GUIDE_PATH = ROOT / "deploy" / "README.md"
GUIDE = GUIDE_PATH.read_text(encoding="utf-8")
EXAMPLE = ROOT / "deploy" / "herald.env.example"


def section(number: int) -> str:
    start = GUIDE.index(f"## {number}. ")
    return GUIDE[start:GUIDE.index("\n## ", start + 1)]


def test_section_10s_health_checks_reach_the_address_the_servers_bind():
    """Each server binds HERALD_BIND=10.0.0.11:8000 so that nginx reaches it; a health check of
    127.0.0.1:8000 there found nothing listening (connection refused)."""
    text = section(10)
    binds = set(re.findall(r"HERALD_BIND=([0-9.]+:\d+)", text))
    curls = set(re.findall(r"curl -s http://([0-9.]+:\d+)/health", text))
    assert binds and curls and curls <= binds, (binds, curls)


def test_the_example_sends_mail_to_the_folder_step_1_makes(tmp_path):
    """Step 1 made /srv/herald/var/mail, but nothing set HERALD_MAIL_DIR (default ./mail): without
    a relay the mail went to /srv/herald/mail, inside the clone, and var/mail stayed empty."""
    [install] = [b for b in blocks(GUIDE_PATH) if "sudo adduser" in b.text]
    made = [folder for line in install.text.splitlines() if line.startswith("sudo install -d")
            for folder in line.split() if folder.startswith("/srv/herald/") and "mail" in folder]
    values = systemd_reads(EXAMPLE.read_text(encoding="utf-8"), tmp_path)
    assert made == [load_config({"HERALD_MAIL_DIR": values.get("HERALD_MAIL_DIR", "")})["MAIL_DIR"]], made
    assert "HERALD_MAIL_DIR" in section(2)


def test_section_10_lists_the_mail_settings_every_host_needs():
    """`notify` runs on every machine (section 10), each sending a share of the outbox: a host
    without the relay wrote its share into its own mail folder and counted it sent, and mails
    from a host without HERALD_PUBLIC_URL linked to that host. The list of what the servers
    must share named Redis, the secret key, the proxies and connections only."""
    shared = section(10)[:section(10).index("Nothing else needs configuring")]
    for name in ("HERALD_SMTP_HOST", "HERALD_SMTP_*", "HERALD_MAIL_FROM", "HERALD_PUBLIC_URL", "HERALD_SECRET_KEY"):
        assert f"`{name}`" in shared, name
