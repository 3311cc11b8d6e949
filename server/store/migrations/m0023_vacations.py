"""vacations: a player's announced absences (server/table/vacation.py)."""
from peewee import DateTimeField, ForeignKeyField, Model


def up(migrator, database):
    class Player(Model):
        class Meta:
            table_name = "players"

    class Vacation(Model):  # the table as this migration creates it, frozen here
        player = ForeignKeyField(Player)
        start = DateTimeField()
        until = DateTimeField()

        class Meta:
            table_name = "vacations"
            indexes = ((("player", "start"), False),)

    Vacation._meta.database = database
    database.create_tables([Vacation], safe=True)
