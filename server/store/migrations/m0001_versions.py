"""Record per game the rules version and state format it was created under, and per move and
snapshot the state format its hash/state is in. Every row written before is version 1."""
from peewee import IntegerField

from server.store.migrations import add_columns, server_default


def version() -> IntegerField:
    return IntegerField(default=1, constraints=server_default(1))


def up(migrator, database):
    add_columns(migrator, database, "games", rules_version=version(), state_format=version())
    add_columns(migrator, database, "moves", state_format=version())
    add_columns(migrator, database, "snapshots", state_format=version())
