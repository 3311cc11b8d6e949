"""players.name_key: a player's name told apart whatever its case (server/store/names.py), under
a unique index, so that names may be written in any alphabet and "Åsa" still refuses "åsa" on
SQLite, whose LOWER() folds ASCII only. Each stored name gets its key; two names already stored
that share one (an operator could add names the API's check never saw) keep both players, the
later one's key marked with its id, and only new names are refused."""
from peewee import SQL, CharField

from server.store import names
from server.store.migrations import add_columns


def up(migrator, database):
    add_columns(migrator, database, "players",
                name_key=CharField(max_length=160, default="", constraints=[SQL("DEFAULT ''")]))
    taken: set[str] = set()
    for player_id, name in database.execute_sql("SELECT id, name FROM players ORDER BY id").fetchall():
        key = names.key(name)
        if key in taken:
            key = f"{key}#{player_id}"
        taken.add(key)
        database.execute_sql(f"UPDATE players SET name_key = {database.param} WHERE id = {database.param}",
                             (key, player_id))
    if ("name_key",) not in {tuple(i.columns) for i in database.get_indexes("players")}:
        migrator.add_index("players", ("name_key",), True).run()
