"""Seats get a link generation: game-page links carry it, and raising it revokes them."""
from peewee import SQL, IntegerField
from playhouse.migrate import migrate


def up(migrator, database):
    migrate(migrator.add_column("seats", "link_generation", IntegerField(default=0, constraints=[SQL("DEFAULT 0")])))
