"""webhooks: URLs that receive turn changes and game ends (server/table/webhooks.py)."""
from peewee import CharField, DateTimeField, ForeignKeyField, Model


def up(migrator, database):
    class Player(Model):
        class Meta:
            table_name = "players"

    class Game(Model):
        class Meta:
            table_name = "games"

    class Webhook(Model):  # the table as this migration creates it, frozen here
        player = ForeignKeyField(Player)
        game = ForeignKeyField(Game, null=True, on_delete="CASCADE")
        url = CharField(max_length=500)
        format = CharField(max_length=16, default="json")
        secret = CharField(max_length=64)
        created = DateTimeField()

        class Meta:
            table_name = "webhooks"
            indexes = ((("game",), False), (("player",), False))

    Webhook._meta.database = database
    database.create_tables([Webhook], safe=True)
