"""PostgreSQL: the `games_notify` trigger (and its function) go. It sent `pg_notify` with
every update of a games row, for the waiters' LISTEN; PostgreSQL serialises the commits of
every transaction that notifies, so it capped moves at ~150 commits/s whatever the machine.
Waiters now poll `pg_current_snapshot()` instead (server/store/longpoll.py). SQLite never had it.

Servers of the previous release still running after this migration wake their waiters only
when the waits time out (`herald wait` asks again): upgrade them together (deploy/upgrading.md)."""
from peewee import PostgresqlDatabase


def up(migrator, database):
    if isinstance(database, PostgresqlDatabase):
        database.execute_sql("DROP TRIGGER IF EXISTS games_notify ON games")
        database.execute_sql("DROP FUNCTION IF EXISTS herald_games_notify()")
