"""players.language: the language Herald writes to the player in (issue 27). Existing players
have chosen none (NULL): their mail is in English, the default, and their game page follows
their browser's Accept-Language until they choose."""
from peewee import CharField

from server.store.migrations import add_columns


def up(migrator, database):
    add_columns(migrator, database, "players", language=CharField(max_length=8, null=True))
