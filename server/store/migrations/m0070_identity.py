"""Accounts: players an operator disabled, account mails without a game, the generated key."""
from peewee import SQL, BooleanField

from server.store.migrations import add_columns
from server.store.models import ServerSetting


def up(migrator, database):
    database.create_tables([ServerSetting], safe=True)
    add_columns(migrator, database, "players", disabled=BooleanField(default=False, constraints=[SQL("DEFAULT FALSE")]))
    migrator.drop_not_null("notifications", "game_id").run()
