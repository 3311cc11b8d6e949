"""games.days_per_move and games.on_timeout: a game's own clock (server/table/timeouts.py)."""
from peewee import CharField, IntegerField
from playhouse.migrate import migrate


def up(migrator, database):
    migrate(migrator.add_column("games", "days_per_move", IntegerField(null=True)),
            migrator.add_column("games", "on_timeout", CharField(max_length=16, default="default")))
