"""`herald token`, `herald account`, profiles and a careful --save, against a real server
whose mail lands as .eml files."""
from __future__ import annotations

import email
import json
import re

from client import exitcodes


def last_code(tmp_path) -> str:
    """The code in the newest mail the server sent (delivered by `herald server notify`'s code)."""
    from server.config import load_config
    from server.notify.channels.mail import deliver_pending

    deliver_pending(load_config({"HERALD_MAIL_DIR": str(tmp_path / "mail")}))
    newest = sorted((tmp_path / "mail").glob("*.eml"))[-1]
    body = email.message_from_bytes(newest.read_bytes()).get_payload(decode=True).decode()
    return re.search(r"herald \w+ (?:redeem|confirm) (\S+)", body).group(1)


def run_json(herald, *args, token=None, expect=0):
    """A subcommand of a group, with --json at its end."""
    result = herald(*args, "--json", token=token)
    assert result.exit_code == expect, (result.exit_code, result.stdout, result.stderr)
    return json.loads(result.stdout)


def saved(tmp_path) -> dict:
    return json.loads((tmp_path / "client-config.json").read_text())


def test_save_never_replaces_another_player_without_force_nor_loses_the_token(herald, tmp_path):
    """Issue 26: `register --save` over a taken profile used to fail after registering, and the
    token, shown only once, was never shown: now it is printed and saved under a new profile."""
    assert herald("register", "erin", "erin@example.org", "--save").exit_code == 0
    moved = herald("register", "fred", "fred@example.org", "--save")
    assert moved.exit_code == 0
    token = saved(tmp_path)["profiles"]["fred"]["token"]
    assert token in moved.stdout and saved(tmp_path)["name"] == "erin"
    assert "already holds erin" in moved.stderr and "--profile fred" in moved.stderr
    assert herald("--profile", "fred", "account", "rename", "fred-b").exit_code == 0  # the saved token works
    again = herald.json("register", "fred2", "fred2@example.org", "--save", "--profile", "fred")
    assert saved(tmp_path)["profiles"]["fred-2"]["token"] == again["token"]  # NAME-2 when NAME is taken too
    assert herald("register", "gina", "gina@example.org", "--save", "--profile", "gina").exit_code == 0
    assert herald("register", "hugo", "hugo@example.org", "--save", "--force").exit_code == 0
    assert saved(tmp_path)["name"] == "hugo" and saved(tmp_path)["profiles"]["gina"]["name"] == "gina"


def test_profiles_choose_who_speaks(herald, tmp_path):
    herald("register", "erin", "erin@example.org", "--save")
    herald("register", "gina", "gina@example.org", "--save", "--profile", "gina")
    as_default = run_json(herald, "account", "rename", "Erin2")
    assert as_default["name"] == "Erin2"
    as_gina = herald("--profile", "gina", "account", "rename", "Gina2")
    assert as_gina.exit_code == 0 and "Gina2" in as_gina.stdout
    listing = herald.json("profiles")
    assert [(p["profile"], p["name"]) for p in listing] == [(None, "Erin2"), ("gina", "Gina2")]
    missing = herald("--profile", "nobody", "token", "rotate")
    assert missing.exit_code == exitcodes.ERROR and "no saved profile 'nobody'" in missing.stderr


def test_rotate_keeps_a_saved_setup_working(herald, tmp_path):
    herald("register", "erin", "erin@example.org", "--save")
    old = saved(tmp_path)["token"]
    rotated = run_json(herald, "token", "rotate")
    assert rotated["token"] != old and saved(tmp_path)["token"] == rotated["token"]
    assert herald("account", "rename", "erin-b").exit_code == 0  # the saved (new) token works
    assert herald("account", "rename", "erin-c", token=old).exit_code == exitcodes.AUTH


def test_recover_a_lost_token_by_mail(herald, tmp_path):
    herald.register("erin")
    assert herald("token", "recover", "erin@example.org").exit_code == 0
    recovered = herald("token", "redeem", last_code(tmp_path), "--save")
    assert recovered.exit_code == 0, recovered.stderr
    assert saved(tmp_path)["name"] == "erin"
    assert herald("account", "rename", "erin-again").exit_code == 0


def test_change_address_by_confirming_the_mailed_code(herald, tmp_path):
    token = herald.register("erin")
    assert herald("account", "email", "erin@new.example", token=token).exit_code == 0
    confirmed = run_json(herald, "account", "confirm", last_code(tmp_path), token=token)
    assert confirmed["email"] == "erin@new.example"
    bad = herald("account", "confirm", "not-a-real-code-at-all", token=token)
    assert bad.exit_code == exitcodes.REJECTED and "bad-code" in bad.stderr
