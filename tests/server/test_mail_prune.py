"""Delivered mail is forgotten after the retention (HERALD_MAIL_RETENTION_DAYS); a mail's
position is drawn when it is sent, the same as it was when the mail was written."""
from __future__ import annotations

import sqlite3
from datetime import timedelta

import pytest
from click.testing import CliRunner

from core import games
from core.rng import Rng
from server.cli import server
from server.config import ConfigError, load_config
from server.notify.mailboard import board_context
from server.notify.channels.mail import deliver_pending
from server.store.models import Notification, Vacation, utcnow
from tests.server.test_mail_story import play_random


def env_for(config, **extra):
    return {"HERALD_DATABASE_URL": config["DATABASE_URL"], "HERALD_MAIL_DIR": config["MAIL_DIR"],
            "HERALD_CONFIG": "", **extra}


def age_all_mail(config, days: int) -> None:
    """Every outbox row written `days` ago (as if the game had been played then)."""
    with sqlite3.connect(config["DATABASE_URL"].removeprefix("sqlite:///")) as db:
        db.execute("UPDATE notifications SET created = ?", (str(utcnow() - timedelta(days=days)),))


def statuses() -> dict[int, str]:
    return {row.id: row.status for row in Notification.select(Notification.id, Notification.status)}


def test_prune_mail_forgets_delivered_mail_past_the_retention_only(api, alice_bob, config):
    game = api.start_game(alice_bob)
    assert deliver_pending(config).sent == 2  # alice's turn and bob's "the game has begun"
    assert api.play_first_legal(game, alice_bob).status_code == 201  # bob's turn: still pending
    open_game = api.call("POST", "/games", alice_bob[0], json={"ruleset": "toy-race", "seats": 2}).json["id"]
    invited = api.call("POST", f"/games/{open_game}/invitations", alice_bob[0], json={"email": "cat@example.org"})
    assert invited.status_code == 201, invited.json
    assert deliver_pending(config).sent == 2  # bob's turn and the invitation
    unsent = api.play_first_legal(game, alice_bob)  # alice's turn: not sent yet
    assert unsent.status_code == 201
    kept = {i for i, status in statuses().items() if status == "pending"}
    kept |= {row.id for row in Notification.select().where(Notification.kind == "invite")}  # the form reads them
    age_all_mail(config, 31)
    result = CliRunner().invoke(server, ["prune-mail"], env=env_for(config))
    assert result.exit_code == 0, result.output
    assert "pruned 3 delivered mail(s) older than 30 days" in result.output
    assert set(statuses()) == kept and len(kept) == 2


def test_a_longer_retention_keeps_the_mail(api, alice_bob, config):
    api.start_game(alice_bob)
    deliver_pending(config)
    age_all_mail(config, 31)
    result = CliRunner().invoke(server, ["prune-mail"], env=env_for(config, HERALD_MAIL_RETENTION_DAYS="45"))
    assert result.exit_code == 0 and "pruned 0 delivered mail(s) older than 45 days" in result.output
    assert len(statuses()) == 2
    result = CliRunner().invoke(server, ["prune-mail", "--days", "7"], env=env_for(config))
    assert "pruned 2 delivered mail(s) older than 7 days" in result.output and not statuses()


def test_failed_and_uncertain_mail_is_kept_for_the_operator(api, alice_bob, config):
    api.start_game(alice_bob)
    first, second = sorted(statuses())
    Notification.update(status="failed").where(Notification.id == first).execute()
    Notification.update(status="uncertain").where(Notification.id == second).execute()
    age_all_mail(config, 400)
    result = CliRunner().invoke(server, ["prune-mail"], env=env_for(config))
    assert "pruned 0 delivered mail(s)" in result.output
    assert statuses() == {first: "failed", second: "uncertain"}


def test_notify_prunes_by_itself_once_an_hour(api, alice_bob, config):
    api.start_game(alice_bob)
    result = CliRunner().invoke(server, ["notify"], env=env_for(config))
    assert result.exit_code == 0 and "pruned" not in result.output  # sent now: younger than 30 days
    age_all_mail(config, 31)
    result = CliRunner().invoke(server, ["notify"], env=env_for(config))
    assert "pruned" not in result.output and len(statuses()) == 2  # it pruned less than an hour ago
    from server.notify.mailprune import prune_if_due

    assert prune_if_due(config, now=utcnow() + timedelta(hours=2)) == 2
    assert not statuses()


@pytest.mark.parametrize("value", ["0", "-3", "soon"])
def test_a_retention_that_is_not_a_positive_number_is_refused(value):
    with pytest.raises(ConfigError, match="HERALD_MAIL_RETENTION_DAYS must be a number"):
        load_config({"HERALD_MAIL_RETENTION_DAYS": value})


def test_outbox_rows_hold_no_board_and_a_late_mail_shows_its_own_move(api, config):
    """A row written at version v is drawn from the state at v even after later moves (then
    replayed from the seed), exactly as it would have been drawn at once."""
    seated = [api.register(name) for name in ("ana", "ben", "cyd")]
    game = api.start_game(seated, "castle-assault", {"first-player": 0})
    engine = games["castle-assault"]
    play_random(api, game, seated, engine, Rng("late mail"), 4, config)
    rows = list(Notification.select().where(Notification.kind == "turn").order_by(Notification.id))
    assert rows and all(not {"summary", "view", "legal", "example"} & set(row.context) for row in rows)
    written = rows[-1]
    at_once = board_context(written)  # the game is still at the row's version: drawn from the snapshot
    assert at_once["summary"] and at_once["legal"]
    play_random(api, game, seated, engine, Rng("late mail, later"), 6, config)
    assert api.game(game, seated[0])["version"] > written.version
    assert board_context(written) == at_once


def test_a_running_vacations_notice_is_kept_until_its_player_is_back(api, alice_bob, config):
    """A vacation may outlast the retention: its notices stay (a year at most), so that ending
    it still tells each player who was told that the player is back."""
    api.start_game(alice_bob)
    until = (utcnow() + timedelta(days=20)).isoformat(timespec="seconds")
    assert api.call("POST", "/players/me/vacation", alice_bob[0], json={"until": until}).status_code == 201
    deliver_pending(config)
    age_all_mail(config, 31)
    Vacation.update(start=utcnow() - timedelta(days=31, minutes=1)).execute()  # begun then, and running still
    result = CliRunner().invoke(server, ["prune-mail"], env=env_for(config))
    assert result.exit_code == 0 and "pruned 2 delivered mail(s)" in result.output  # the game's, not the notice
    assert [row.kind for row in Notification.select()] == ["vacation"]
    assert api.call("DELETE", "/players/me/vacation", alice_bob[0]).status_code == 200
    deliver_pending(config)
    assert [(row.email, row.status) for row in Notification.select().where(Notification.kind == "back")] == \
        [(alice_bob[1]["email"], "sent")]
    age_all_mail(config, 367)
    CliRunner().invoke(server, ["prune-mail"], env=env_for(config))
    assert not statuses()
