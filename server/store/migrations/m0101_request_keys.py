"""request_keys: a request sent with an Idempotency-Key is carried out once, and the same
request sent again under its key is answered as the first was (server/store/request_keys.py).
A new table, empty: nothing said before this had a key."""
from server.store.models import RequestKey


def up(migrator, database):
    database.create_tables([RequestKey], safe=True)
