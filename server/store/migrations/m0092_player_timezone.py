"""players.timezone and players.quiet_hours (server/players/localtime.py): every date a player
reads is written in their zone, and reminders and digests wait out their quiet hours.
Existing players get UTC and the default quiet hours, 22:00-08:00 in that zone."""
from peewee import SQL, CharField

from server.store.migrations import add_columns


def up(migrator, database):
    add_columns(migrator, database, "players",
                timezone=CharField(max_length=64, default="UTC", constraints=[SQL("DEFAULT 'UTC'")]),
                quiet_hours=CharField(max_length=11, null=True, default="22:00-08:00",
                                      constraints=[SQL("DEFAULT '22:00-08:00'")]))
