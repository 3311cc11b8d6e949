"""PostgreSQL: the foreign keys of the rows every move writes (a move's game, its turn mail's
game and player) are no longer checked by the database, which ran a query of its own for each
row; the move path proves them under its game's lock (server/store/models.py
UNCHECKED_ON_POSTGRES), and `verify` reports a row whose game or player is gone. SQLite keeps
them."""
from server.store.models import drop_unchecked_foreign_keys


def up(migrator, database):
    drop_unchecked_foreign_keys()
