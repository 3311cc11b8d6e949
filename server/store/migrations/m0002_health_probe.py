"""The one-row table /health writes to prove the database takes writes."""
from server.store.models import HealthProbe


def up(migrator, database):
    database.create_tables([HealthProbe], safe=True)
