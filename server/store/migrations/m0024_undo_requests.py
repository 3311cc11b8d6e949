"""undo_requests: proposals to take back a move by consent (server/table/undo.py)."""
from peewee import CharField, DateTimeField, ForeignKeyField, IntegerField, Model, TextField


def up(migrator, database):
    class Game(Model):
        class Meta:
            table_name = "games"

    class UndoRequest(Model):  # the table as this migration creates it, frozen here
        game = ForeignKeyField(Game, on_delete="CASCADE")
        seq = IntegerField()
        seat = IntegerField()
        answers = TextField()
        status = CharField(max_length=16, default="open")
        created = DateTimeField()

        class Meta:
            table_name = "undo_requests"
            indexes = ((("game", "seq"), False),)

    UndoRequest._meta.database = database
    database.create_tables([UndoRequest], safe=True)
