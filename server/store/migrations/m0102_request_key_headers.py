"""request_keys.headers: the headers of a stored answer that a replay says again with it
(Content-Language, Location, Vary: server/store/request_keys.py KEPT_HEADERS). Records made
before have none: their replays go without, as they did."""
from peewee import SQL, TextField

from server.store.migrations import add_columns


def up(migrator, database):
    add_columns(migrator, database, "request_keys", headers=TextField(default="", constraints=[SQL("DEFAULT ''")]))
