"""The clock's reserve (games.reserve_days, seats.reserve_left) and the indexed due times the
deadline and reminder scans select by (games.waiting_since, games.due_at; server/table/due_times.py);
a seat being handed over (seats.handover) and table events in the talk (chat_messages.kind).

Existing active games get their due times from their `prompted` column; no stored game has a
reserve, so its clock is unchanged."""
import json
from datetime import datetime, timedelta

from peewee import SQL, BooleanField, CharField, DateTimeField, IntegerField

from server.store.migrations import add_columns


def up(migrator, database):
    add_columns(migrator, database, "games", reserve_days=IntegerField(null=True),
                waiting_since=DateTimeField(null=True), due_at=DateTimeField(null=True))
    add_columns(migrator, database, "seats", reserve_left=IntegerField(null=True),
                handover=BooleanField(default=False, constraints=[SQL("DEFAULT FALSE")]))
    add_columns(migrator, database, "chat_messages",
                kind=CharField(max_length=8, default="talk", constraints=[SQL("DEFAULT 'talk'")]))
    present = {tuple(i.columns) for i in database.get_indexes("games")}
    for column in ("waiting_since", "due_at"):
        if (column,) not in present:
            migrator.add_index("games", (column,), False).run()
    rows = database.execute_sql("SELECT id, prompted, days_per_move FROM games WHERE status = 'active'").fetchall()
    for game_id, prompted, days in rows:
        sinces = [datetime.fromisoformat(p["since"]) for p in json.loads(prompted or "[]") if p.get("since")]
        if not sinces:
            continue
        due = min(sinces) + timedelta(days=days) if days else None
        database.execute_sql(f"UPDATE games SET waiting_since = {database.param}, due_at = {database.param} "
                             f"WHERE id = {database.param}", (min(sinces), due, game_id))
