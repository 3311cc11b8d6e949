"""Handing one's seat over by mail, as `herald seat GAME SEAT --invite EMAIL | --bot LEVEL`
does (server/table/handover.py): `handover ana@example.org` mails that address an invitation
to take over the seat (it stays the sender's until they join); `handover bot greedy` gives it
to the house bot of that level at once. The level is never guessed: a seat is not given away
on a word that might mean something else."""
from __future__ import annotations

from server.errors import msg
from server.table import handover
from server.table.house_bots import LEVELS

def _handover(session, rest):
    words = rest.split()
    if len(words) == 1 and "@" in words[0]:
        done = handover.invite(session.caller, session.game_id, session.seat, words[0])
        session.tell(msg("Herald has mailed %(email)s an invitation to take over your seat %(seat)s; it stays yours "
                         "until they reply 'join'.", email=done["invited"], seat=session.seat))
    elif len(words) == 2 and words[0] == "bot" and words[1] in LEVELS:
        handover.to_bot(session.caller, session.game_id, session.seat, words[1])
        session.tell(msg("Your seat %(seat)s is now the %(level)s house bot's: it plays the seat from now on.",
                         seat=session.seat, level=words[1]))
        session.stopped = True  # (a move after this line would no longer be the sender's)
    else:
        session.tell(msg("Say 'handover' and the address of the player to take over your seat (for example "
                         "'handover ana@example.org'), or 'handover bot' and a level (%(levels)s) to give it to "
                         "a house bot at once.", levels=", ".join(LEVELS)))


COMMANDS = {"handover": _handover}
