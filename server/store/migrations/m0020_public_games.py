"""games.public: a public game is listed in GET /games?open=1 and joinable without an invite."""
from peewee import BooleanField
from playhouse.migrate import migrate


def up(migrator, database):
    migrate(migrator.add_column("games", "public", BooleanField(default=False)))
