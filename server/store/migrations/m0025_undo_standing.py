"""seats.undo_always_accept: a seat's standing answer to undo proposals."""
from peewee import BooleanField
from playhouse.migrate import migrate


def up(migrator, database):
    migrate(migrator.add_column("seats", "undo_always_accept", BooleanField(default=False)))
