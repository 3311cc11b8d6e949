"""A whole game played by replies fetched from a real IMAP server (Dovecot) by fetch-mail.

The game is the toy race (a dozen moves): every fetch logs in to Dovecot, and the real
rulesets' whole games by mail run over SMTP in test_mailin_games.py."""
from __future__ import annotations

import os
import subprocess
import sys
from email import policy
from email.utils import parseaddr

from core.rng import Rng
from server.mailin.listeners import ImapSettings, fetch_imap
from server.store.models import Game, Move
from tests.server.dovecot import append, count, imap_server
from tests.server.mailplay import answer_everything, invite_all, reply_to


def test_a_whole_game_through_fetch_mail(table):
    with imap_server() as (port, user, password):
        settings = ImapSettings("127.0.0.1", port, user, password, tls="none")

        def deliver_to_mailbox(reply, rcpt, sender):
            reply["Delivered-To"] = rcpt
            raw = reply.as_bytes(policy=policy.SMTP)
            append(port, raw)
            append(port, raw)  # the same mail twice: a redelivery must play nothing twice
            report = fetch_imap(table.config, settings)
            assert report.handled == 2 and report.outcomes.get("duplicate") == 1, report
            assert count(port) == 0  # handled mail is deleted

        creator = table.api.register("p0", "p0@example.org")
        game_id = invite_all(table.api, creator, "toy-race", ["p0@example.org", "p1@example.org"])
        table.deliver()
        answer_everything(table, Rng("imap"), send=deliver_to_mailbox)
        game = Game.get_by_id(game_id)
        assert game.status == "finished"
        assert Move.select().where(Move.game == game_id).count() == game.version


def test_fetch_mail_command_and_keep_flag(table):
    """`herald server fetch-mail --keep` as an operator runs it: the message is played
    and flagged, and a second run does not touch it again."""
    players = [table.api.register("alice"), table.api.register("bob")]
    game_id = table.api.start_game(players, ruleset="castle-assault", options={"first-player": 0})
    table.deliver()
    [turn] = table.new_mail()
    reply = reply_to(turn, "moves\nfly to the moon")
    reply["Delivered-To"] = parseaddr(str(turn["Reply-To"]))[1]
    with imap_server() as (port, user, password):
        append(port, reply.as_bytes(policy=policy.SMTP))
        env = {**os.environ, "HERALD_DATABASE_URL": table.config["DATABASE_URL"],
               "HERALD_REPLY_ADDRESS": table.config["REPLY_ADDRESS"], "HERALD_SECRET_KEY": table.config["SECRET_KEY"],
               "HERALD_MAIL_FROM": table.config["MAIL_FROM"], "HERALD_SMTP_HOST": "127.0.0.1",
               "HERALD_SMTP_PORT": str(table.config["SMTP_PORT"]), "HERALD_IMAP_PASSWORD": password}
        command = [sys.executable, "-m", "client.cli", "server", "fetch-mail", "--host", "127.0.0.1", "--port",
                   str(port), "--user", user, "--tls", "none", "--keep"]
        first = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
        assert first.returncode == 0, first.stderr
        assert "handled 1 message(s): answered 1" in first.stdout
        second = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
        assert "handled 0 message(s)" in second.stdout and count(port) == 1
    [answer] = table.new_mail()
    text = answer.get_body().get_content()
    assert "Your moves now:" in text and "'fly to the moon' was not played" in text
    assert Game.get_by_id(game_id).version == 0
