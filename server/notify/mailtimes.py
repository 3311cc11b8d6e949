"""The dates in a mail, written when it is sent, as its reader reads dates.

An outbox row stores the moments its mail names as UTC stamps (`deadline_at`, `since_at`,
`until_at`); they are written into the mail at send time in the zone and language of the
player it goes to (server/players/localtime.py), so a player who changes their zone before
a held reminder goes out reads it in the new one. Rows queued by earlier releases stored the
text itself (in UTC, the zone said or not): they are sent as they were written.
"""
from __future__ import annotations

from datetime import datetime

from server.errors import msg_n
from server.players import localtime
from server.store.models import utcnow
from server.web.i18n.catalogs import said
from server.web.i18n.languages import effective

# stamp in the row's context -> (the template's field, localtime.format_when's style)
STAMPS = {"deadline_at": ("deadline", "long"), "since_at": ("since", "long"), "until_at": ("until", "year")}


def localized(row, context: dict) -> dict:
    """The context with its stamps written for the row's player."""
    stamps = [key for key in STAMPS if context.get(key)]
    if not stamps:
        if row.kind == "reminder" and context.get("since"):  # an earlier release's row: its time was UTC
            return {**context, "since": f"{context['since']} UTC"}
        return context
    reader = localtime.reader(row.player_id)
    written = dict(context)
    if context.get("deadline_at") and datetime.fromisoformat(context["deadline_at"].rstrip("Z")) <= utcnow():
        written["deadline_passed"] = True  # a reminder of a deadline with nothing to play for it
    for key in stamps:
        field, style = STAMPS[key]
        written[field] = localtime.format_iso(context[key], reader, "year" if key == "deadline_at" and
                                              written.get("deadline_passed") else style)
    if context.get("deadline_at") and context.get("deadline_reserve") is not None:
        note = reserve_note(context.get("deadline_days") or 0, context["deadline_reserve"])
        written["deadline"] = f"{written['deadline']} {said(note, effective(getattr(reader, 'language', None)))}"
    elif context.get("deadline_at") and context.get("deadline_note"):  # an earlier release's row: its English words
        written["deadline"] = f"{written['deadline']} {context['deadline_note']}"
    return written


def reserve_note(days_per_move: int, reserve_seconds: int):
    """"(3 days per move, plus 2d 5h of reserve left)", as a sentence a reader's language says."""
    return msg_n("(%(num)d day per move, plus %(days)sd %(hours)sh of reserve left)",
                 "(%(num)d days per move, plus %(days)sd %(hours)sh of reserve left)", days_per_move,
                 days=reserve_seconds // 86400, hours=reserve_seconds % 86400 // 3600)
