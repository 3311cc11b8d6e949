"""games.seating: the tag each process's seat cache is keyed on (server/players/seats.py), new with
every change of a seat's holder. Existing games start at 0; their next change gives them one."""
from peewee import IntegerField

from server.store.migrations import add_columns, server_default


def up(migrator, database):
    add_columns(migrator, database, "games", seating=IntegerField(default=0, constraints=server_default(0)))
