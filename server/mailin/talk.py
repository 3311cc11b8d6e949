"""Table talk by mail: `say TEXT` in a reply puts TEXT at the game's table, to everyone, as
`herald chat GAME TEXT` does (server/table/chat.py: its size and rate limits); the others read
it in the game's next mails and on its page. The text is taken as written, not in lower case
as the other commands read their lines."""
from __future__ import annotations

from server.errors import msg
from server.table import chat


def _say(session, text):
    if not text:
        session.tell(msg("Say what, after 'say': for example 'say Good game so far!'"))
        return
    said = chat.say(session.caller, session.game_id, text, None, session.seat)
    session.tell(msg("Said at the table, to everyone: %(text)s", text=said["text"]))


COMMANDS = {"say": _say}
AS_WRITTEN = frozenset(COMMANDS)  # the commands whose rest of the line is kept as written
