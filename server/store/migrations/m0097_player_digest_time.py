"""players.digest_at and players.digest_checked (server/notify/digest.py): a digest player's
digest is written once a day at a time of their own day, "08:00" unless they choose, and
`digest_checked` is when the digest scan last considered them, so that a scan run every few
minutes writes one digest a day, and a scan run once a day still writes one at each run.
Existing players get 08:00 and have never been considered: their next scan considers them."""
from peewee import SQL, CharField, DateTimeField

from server.store.migrations import add_columns


def up(migrator, database):
    add_columns(migrator, database, "players",
                digest_at=CharField(max_length=5, default="08:00", constraints=[SQL("DEFAULT '08:00'")]),
                digest_checked=DateTimeField(null=True))
