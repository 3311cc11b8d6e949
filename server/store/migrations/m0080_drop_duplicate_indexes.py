"""Drop the single-column foreign-key indexes that a composite index already starts with:
moves (game_id) beside (game_id, seq), notifications (game_id) beside (game_id, seat, kind),
seats (game_id) beside (game_id, seat). Every lookup by game uses the composite one; the
duplicates only cost space (about 20 bytes per move) and a write per insert."""

DUPLICATES = ("move_game_id", "notification_game_id", "seat_game_id")


def up(migrator, database):
    for name in DUPLICATES:
        database.execute_sql(f'DROP INDEX IF EXISTS "{name}"')
