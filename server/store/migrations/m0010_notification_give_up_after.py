"""Mail retries are budgeted in time, not attempts: notifications.give_up_after (null means
created + MAIL_RETRY_DAYS, so existing rows need no value)."""
from peewee import DateTimeField
from playhouse.migrate import migrate


def up(migrator, database):
    migrate(migrator.add_column("notifications", "give_up_after", DateTimeField(null=True)))
