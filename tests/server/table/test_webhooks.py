"""Webhooks received by a real local HTTP server: signed, from the outbox, exactly once
across a receiver outage. The receiver is on 127.0.0.1, where webhooks may not go unless the
operator allows it: every server here sets HERALD_WEBHOOK_ALLOW_NETWORKS (the refusals
themselves: test_webhook_addresses.py)."""
from __future__ import annotations

import hashlib
import hmac
import json
from datetime import timedelta

import pytest

from server.notify.channels import webhook as webhooks
from server.store.models import Notification, utcnow
from tests.server.live import serving
from tests.server.table.receiver import Receiver

ALLOW = "127.0.0.0/8"


@pytest.fixture
def config(config):
    """The server tests' settings, allowing webhooks to this machine."""
    return {**config, "WEBHOOK_ALLOW_NETWORKS": ALLOW}


@pytest.fixture
def server_url(tmp_path, toy_game):
    """A real server (for `herald`) allowing webhooks to this machine."""
    from server.app import create_app
    from server.config import load_config
    from server.store.db import database

    app = create_app(load_config({"HERALD_DATABASE_URL": f"sqlite:///{tmp_path / 'herald.db'}",
                                  "HERALD_MAIL_DIR": str(tmp_path / "mail"), "HERALD_RATELIMIT_ENABLED": "0",
                                  "HERALD_WEBHOOK_ALLOW_NETWORKS": ALLOW}))
    with serving(app) as url:
        yield url
    database.close()


@pytest.fixture
def receiver():
    server = Receiver().start()
    yield server
    server.stop()


def signed_by(secret: str, delivery: dict) -> bool:
    expected = "sha256=" + hmac.new(secret.encode(), delivery["raw"], hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, delivery["headers"]["X-Herald-Signature"])


def test_turns_and_the_end_are_posted_signed_once_across_an_outage(api, alice_bob, receiver, config):
    alice, bob = alice_bob
    mine = api.call("POST", "/webhooks", alice, json={"url": receiver.url}).json
    assert len(mine["secret"]) == 64 and "secret" not in api.call("GET", "/webhooks", alice).json["webhooks"][0]
    game_id = api.start_game(alice_bob, options={"target": 10})
    table = api.call("POST", "/webhooks", bob, json={"url": receiver.url, "format": "discord", "game": game_id}).json

    report = webhooks.deliver_pending(config)
    assert report.sent == len(receiver.received) >= 1
    first = receiver.received[0]
    assert first["body"]["event"] == "turn" and signed_by(mine["secret"], first)
    assert first["body"]["prompted"][0]["name"] == "alice"  # alice's own hook: only her turns

    receiver.stop()  # the receiver goes down; the game goes on
    while api.game(game_id, alice)["status"] == "active":
        assert api.play_first_legal(game_id, alice_bob).status_code == 201
    down = webhooks.deliver_pending(config)
    assert down.sent == 0 and down.failed >= 2
    pending = Notification.select().where((Notification.kind == "webhook") & (Notification.status == "pending"))
    assert pending.count() == down.failed and all(row.attempts == 1 for row in pending)
    assert webhooks.deliver_pending(config).failed == 0  # backing off: not retried at once

    receiver.start()  # back, on the same port
    back = webhooks.deliver_pending(config, now=utcnow() + timedelta(hours=1))
    assert back.sent == down.failed and back.failed == 0
    assert webhooks.deliver_pending(config, now=utcnow() + timedelta(days=1)).sent == 0  # nothing twice
    deliveries = [d["headers"]["X-Herald-Delivery"] for d in receiver.received]
    assert len(deliveries) == len(set(deliveries)) == report.sent + back.sent
    discord = [d for d in receiver.received if "content" in d["body"]]
    assert discord and all(signed_by(table["secret"], d) for d in discord)
    assert any("is over" in d["body"]["content"] for d in discord)
    over = [d["body"] for d in receiver.received if d["body"].get("event") == "over"]
    assert len(over) == 1 and over[0]["seed"]  # alice's hook hears the end once


def test_notify_ignore_backoff_keeps_retrying_a_webhook_whose_receiver_is_down(api, alice_bob, receiver, config):
    """`herald server notify --ignore-backoff` (retry now instead of at the next-attempt time)
    reckoned the webhooks' retry times from ten years ahead: a receiver down during that run had
    its rows given up after one try ("Gave up after 1 tries over 3650.0 days"). A failed try is a
    failure for now, as without the flag: the row waits for its next try, and the next forced
    run posts it once the receiver is back."""
    from server.notify.rounds import notify_round

    alice, _ = alice_bob
    assert api.call("POST", "/webhooks", alice, json={"url": receiver.url}).status_code == 201
    receiver.stop()  # down for a moment
    api.start_game(alice_bob)
    down = dict(notify_round(config, ignore_backoff=True).others)["webhook"]
    rows = list(Notification.select().where(Notification.kind == "webhook"))
    assert down.failed == len(rows) >= 1 and down.given_up == 0, down.errors
    assert {(row.status, row.attempts) for row in rows} == {("pending", 1)}
    assert all(row.next_attempt < utcnow() + timedelta(minutes=2) for row in rows)  # the first back-off
    receiver.start()  # back, on the same port
    back = dict(notify_round(config, ignore_backoff=True).others)["webhook"]
    assert back.sent == down.failed == len(receiver.received)
    assert {row.status for row in Notification.select().where(Notification.kind == "webhook")} == {"sent"}


def test_game_hooks_show_only_what_the_table_may_see_and_bad_input_is_refused(api, alice_bob, receiver):
    alice, bob = alice_bob
    eve = api.register("eve")
    game_id = api.start_game(alice_bob)
    assert api.call("POST", "/webhooks", eve, json={"url": receiver.url, "game": game_id}).status_code == 403
    assert api.call("POST", "/webhooks", alice, json={"url": "ftp://x"}).json["error"]["code"] == "bad-url"
    assert api.call("POST", "/webhooks", alice, json={"url": receiver.url, "format": "irc"}).status_code == 422
    hook = api.call("POST", "/webhooks", alice, json={"url": receiver.url}).json
    assert api.call("DELETE", f"/webhooks?id={hook['id']}", bob).status_code == 404
    assert api.call("DELETE", f"/webhooks?id={hook['id']}", alice).status_code == 204


def test_cli_webhook_and_notify_post(herald, tmp_path, receiver):
    from click.testing import CliRunner

    from server.cli import server

    ana, ben = herald.register("ana"), herald.register("ben")
    added = herald("webhook", "add", receiver.url, "--format", "slack", token=ana)
    assert added.exit_code == 0 and "Secret for X-Herald-Signature" in added.stdout
    assert receiver.url in herald("webhook", token=ana).stdout
    created = herald.json("new", "toy-race", "--seats", 2, token=ana)
    herald.json("join", created["invites"][0]["code"], token=ana)
    herald.json("join", created["invites"][1]["code"], token=ben)
    env = {"HERALD_DATABASE_URL": f"sqlite:///{tmp_path / 'herald.db'}", "HERALD_MAIL_DIR": str(tmp_path / "mail"),
           "HERALD_CONFIG": "", "HERALD_SMTP_HOST": "", "HERALD_WEBHOOK_ALLOW_NETWORKS": ALLOW}
    result = CliRunner().invoke(server, ["notify"], env=env)
    assert result.exit_code == 0 and "webhooks: posted" in result.output
    assert all("text" in d["body"] for d in receiver.received) and receiver.received
    assert herald("webhook", "remove", 1, token=ana).exit_code == 0
    again = herald("webhook", "add", receiver.url, "--json", token=ana)
    removed = herald("webhook", "remove", json.loads(again.stdout)["id"], "--json", token=ana)
    assert removed.exit_code == 0 and json.loads(removed.stdout) == {"removed": json.loads(again.stdout)["id"]}
