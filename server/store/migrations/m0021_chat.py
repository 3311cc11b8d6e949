"""chat_messages: table talk per game (server/table/chat.py)."""
from peewee import DateTimeField, ForeignKeyField, IntegerField, Model, TextField


def up(migrator, database):
    class Player(Model):
        class Meta:
            table_name = "players"

    class Game(Model):
        class Meta:
            table_name = "games"

    class ChatMessage(Model):  # the table as this migration creates it, frozen here
        game = ForeignKeyField(Game, on_delete="CASCADE")
        player = ForeignKeyField(Player)
        seat = IntegerField(null=True)
        to = TextField(null=True)
        text = TextField()
        version = IntegerField()
        created = DateTimeField()

        class Meta:
            table_name = "chat_messages"
            indexes = ((("game", "id"), False), (("player", "created"), False))

    ChatMessage._meta.database = database
    database.create_tables([ChatMessage], safe=True)
