"""ratings: openskill ratings per ruleset and player (server/table/ratings.py)."""
from peewee import CharField, DateTimeField, FloatField, ForeignKeyField, IntegerField, Model


def up(migrator, database):
    class Player(Model):
        class Meta:
            table_name = "players"

    class Rating(Model):  # the table as this migration creates it, frozen here
        ruleset = CharField(max_length=64)
        player = ForeignKeyField(Player)
        mu = FloatField()
        sigma = FloatField()
        games = IntegerField(default=0)
        updated = DateTimeField()

        class Meta:
            table_name = "ratings"
            indexes = ((("ruleset", "player"), True),)

    Rating._meta.database = database
    database.create_tables([Rating], safe=True)
