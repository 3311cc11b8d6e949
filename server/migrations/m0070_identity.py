"""Accounts: players an operator disabled, account mails without a game, the generated key."""
from peewee import BooleanField, CharField, Model, TextField


def up(migrator, database):
    from playhouse.migrate import migrate

    class ServerSetting(Model):
        key = CharField(max_length=64, primary_key=True)
        value = TextField()

        class Meta:
            table_name = "server_settings"

    with database.bind_ctx([ServerSetting]):
        database.create_tables([ServerSetting], safe=True)
    migrate(
        migrator.add_column("players", "disabled", BooleanField(default=False)),
        migrator.drop_not_null("notifications", "game_id"),
    )
