"""Outbox leases (notifications.claimed_by, notifications.lease_until): on PostgreSQL each
notify run claims its rows in batches (`SELECT ... FOR UPDATE SKIP LOCKED`), so that two
hosts sending mail share the outbox instead of walking the same rows; a batch whose run
died is taken by another once its lease has run out (server/notify/delivery.py). Existing rows are
claimed by nobody."""
from peewee import CharField, DateTimeField

from server.store.migrations import add_columns


def up(migrator, database):
    add_columns(migrator, database, "notifications", claimed_by=CharField(max_length=64, null=True),
                lease_until=DateTimeField(null=True))
