"""players.email_key: a player's address told apart whatever its case (server/store/names.py
`email_key`), indexed, so that a reply from Örjan@example.org finds the player registered as
örjan@example.org on every database: SQLite's LOWER() folds ASCII only, and PostgreSQL's
follows the database's locale. Each stored address gets its key."""
from peewee import CharField, SQL

from server.store import names
from server.store.migrations import add_columns


def up(migrator, database):
    add_columns(migrator, database, "players",
                email_key=CharField(max_length=254, default="", constraints=[SQL("DEFAULT ''")]))
    for player_id, email in database.execute_sql("SELECT id, email FROM players ORDER BY id").fetchall():
        database.execute_sql(f"UPDATE players SET email_key = {database.param} WHERE id = {database.param}",
                             (names.email_key(email), player_id))
    if ("email_key",) not in {tuple(i.columns) for i in database.get_indexes("players")}:
        migrator.add_index("players", ("email_key",), False).run()
