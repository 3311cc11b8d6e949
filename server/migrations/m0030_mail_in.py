"""Issue 10 (mail-in): players' mail setting, and the table of handled inbound Message-IDs."""
from peewee import CharField
from playhouse.migrate import migrate


def up(migrator, database):
    from server.models import InboundMail

    migrate(migrator.add_column("players", "mail", CharField(max_length=8, default="turns")))
    database.create_tables([InboundMail], safe=True)
