"""Issue 10 (mail-in): players' mail setting, and the table of handled inbound Message-IDs."""
from peewee import SQL, CharField

from server.store.migrations import add_columns


def up(migrator, database):
    from server.store.models import InboundMail

    add_columns(migrator, database, "players",
                mail=CharField(max_length=8, default="turns", constraints=[SQL("DEFAULT 'turns'")]))
    database.create_tables([InboundMail], safe=True)
