"""Game-page links now name the player they were made for (server/web/playlinks.py), so that a
link of a withdrawn game never opens the game SQLite gives its number to next. A link made
before this (three fields, no holder) still opens a game created before this moment, recorded
here, and no game created after it."""
from datetime import datetime, timezone

LEGACY_LINKS_UNTIL = "page-links-name-holder-since"


def up(migrator, database):
    now = datetime.now(timezone.utc).replace(tzinfo=None).isoformat(timespec="seconds")
    found = database.execute_sql(f"SELECT 1 FROM server_settings WHERE key = {database.param}",
                                 (LEGACY_LINKS_UNTIL,)).fetchone()
    if found is None:
        database.execute_sql(f"INSERT INTO server_settings (key, value) VALUES ({database.param}, {database.param})",
                             (LEGACY_LINKS_UNTIL, now))
