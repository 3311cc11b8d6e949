"""Mail-in on PostgreSQL: a game played by replies, a refused line, and a redelivered mail
(the moves of a mail run in savepoints inside one transaction, the games row locked)."""
from __future__ import annotations

from email.utils import parseaddr

import pytest

from core.rng import Rng
from server.store.models import Game, InboundMail, Move
from tests.server.conftest import Api
from tests.server.mailplay import MailTable, answer_everything, invite_all, offered_moves, reply_to


@pytest.fixture
def pg_table(postgres, config, toy_game):
    from server.app import create_app
    from server.store.db import database

    table = MailTable({**config, "DATABASE_URL": postgres.new_database()})
    table.api = Api(create_app(table.config).test_client())
    table.start_listener()
    yield table
    table.close()
    database.close()


def test_a_game_by_mail_on_postgres(pg_table):
    table = pg_table
    creator = table.api.register("p0", "p0@example.org")
    game_id = invite_all(table.api, creator, "toy-race", ["p0@example.org", "p1@example.org"])
    table.deliver()
    mails = table.new_mail()
    for invitation in mails:  # both join, then the first turn mail arrives
        table.send(reply_to(invitation, "join"), parseaddr(str(invitation["Reply-To"]))[1],
                   parseaddr(str(invitation["To"]))[1])
    turn = next(m for m in table.new_mail() if offered_moves(m))
    rcpt, sender = parseaddr(str(turn["Reply-To"]))[1], parseaddr(str(turn["To"]))[1]
    refused = reply_to(turn, f"{offered_moves(turn)[0]}\nplay t99")  # the second line is refused
    table.send(refused, rcpt, sender)
    table.send(refused, rcpt, sender)  # redelivered: nothing more
    assert Game.get_by_id(game_id).version == 1 and InboundMail.select().count() == 2 * 3  # (Message-ID, fingerprint)
    answer_everything(table, Rng("pg"))
    game = Game.get_by_id(game_id)
    assert game.status == "finished" and Move.select().where(Move.game == game_id).count() == game.version
