"""games.title: Castle Assault's games are titled with the original's own name, "Castlecards:
¡Asalto al Castillo!", as the rulebook prints it (the engine had dropped the Spanish
exclamation marks). A game keeps the title it was created with, so the games stored before
are retitled here; no other title is touched."""

OLD = "Castle Assault (Castlecards: Asalto al Castillo)"
NEW = "Castle Assault (Castlecards: ¡Asalto al Castillo!)"


def up(migrator, database):
    database.execute_sql(f"UPDATE games SET title = {database.param} WHERE ruleset = 'castle-assault' "
                         f"AND title = {database.param}", (NEW, OLD))
