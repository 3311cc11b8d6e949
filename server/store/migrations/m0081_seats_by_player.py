"""Seats get an index on (player, game): a player's game list takes its page of game ids,
newest first, from the index alone (server/table/gamelist.py). It replaces the index on player
alone, which it covers."""


def up(migrator, database):
    database.execute_sql('CREATE INDEX IF NOT EXISTS "seat_player_id_game_id" ON "seats" ("player_id", "game_id")')
    database.execute_sql('DROP INDEX IF EXISTS "seat_player_id"')
