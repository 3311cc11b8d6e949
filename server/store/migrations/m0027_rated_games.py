"""games.rated: whether a game counts for its ruleset's ratings when it ends."""
from peewee import BooleanField
from playhouse.migrate import migrate


def up(migrator, database):
    migrate(migrator.add_column("games", "rated", BooleanField(default=True)))
