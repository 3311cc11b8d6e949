"""Players choose their mail format: multipart (text and HTML with the board) or plain text."""
from peewee import SQL, CharField
from playhouse.migrate import migrate


def up(migrator, database):
    migrate(migrator.add_column("players", "mail_format",
                                CharField(max_length=16, default="multipart", constraints=[SQL("DEFAULT 'multipart'")])))
