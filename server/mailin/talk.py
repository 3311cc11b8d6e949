"""Table talk by mail, as `herald chat` and `herald say` do it (server/table/chat.py: its size and
rate limits). `say TEXT` in a reply puts TEXT at the game's table, to everyone; `say to 1,2: TEXT`
to those seats only (and the sender), as `herald say --to 1 --to 2`: a message about a third
player must not reach them. Both are read in the players' languages too (`säg till 1: TEXT`,
`mondd 1-nek: TEXT`). The others read it in the game's next mails and on its page. `chat`
answers with the talk the sender's seat may read (its latest messages), as `herald chat GAME`
prints it; `chat TEXT` says TEXT, as `herald chat GAME TEXT` does. The text is taken as written,
not in lower case as the other commands read their lines."""
from __future__ import annotations

import re
import textwrap

from server.errors import msg, msg_n
from server.notify import story
from server.table import chat

# "to 1: TEXT", "to 1, 2: TEXT": the colon is needed, so that "say to 2 of you: good luck" is said to all.
# "to" in the players' languages too, as their `say` words (dispatch.NATIVE_WORDS) take it: "säg till 1:",
# "скажи игроку 1:" (or "месту 1:", to seat 1), "zeg tegen 1:", "di a 1:".
TO_WORDS = ("to", "till", "игроку", "игрокам", "месту", "местам", "tegen", "aan", "a", "para")
PRIVATE = re.compile(rf"^(?:{'|'.join(TO_WORDS)})\s+(\d{{1,3}}(?:\s*,\s*\d{{1,3}})*)\s*:\s*(.*)$",
                     re.IGNORECASE | re.DOTALL)
# Hungarian says "to" as the number's ending, after the last number at least: "mondd 1-nek: TEXT",
# "mondd 1, 3-nak: TEXT", "mondd 1-nek, 2-nek: TEXT".
TO_ENDING = re.compile(r"^(\d{1,3}(?:-n[ae]k)?(?:\s*,\s*\d{1,3}(?:-n[ae]k)?)*-n[ae]k)\s*:\s*(.*)$",
                       re.IGNORECASE | re.DOTALL)
CHAT_SHOWN = 20  # the latest messages `chat` answers with


def _say(session, text):
    private = PRIVATE.match(text) or TO_ENDING.match(text)
    to = [int(seat) for seat in re.findall(r"\d+", private.group(1))] if private else None
    if private:
        text = private.group(2).strip()
    if not text:
        session.tell(msg("Say what, after 'say': for example 'say Good game so far!', or 'say to 1: TEXT' for "
                         "seat 1 only."))
        return
    said = chat.say(session.caller, session.game_id, text, to, session.seat)
    if to is None:
        session.tell(msg("Said at the table, to everyone: %(text)s", text=said["text"]))
        return
    seats = sorted(set(to))
    session.tell(msg_n("Said to seat %(seats)s only (and you): %(text)s",
                       "Said to seats %(seats)s only (and you): %(text)s", len(seats),
                       seats=", ".join(map(str, seats)), text=said["text"]))


def _chat(session, text):
    """The talk at the table the seat may read, its latest CHAT_SHOWN messages, oldest first,
    each with its time as the player reads dates; with a text, that text said (as `say`)."""
    if text:
        _say(session, text)
        return
    messages = chat.read_latest(session.caller, session.game_id, session.seat, CHAT_SHOWN)["messages"]
    if not messages:
        session.tell(msg("Nobody has said anything at this game's table yet. Reply 'say TEXT' to talk to everyone, "
                         "or 'say to 1: TEXT' to seat 1 only."))
        return
    lines = [session.said(msg("Table talk (the latest messages you may read):"))]
    for message in messages:
        name = "Herald" if message["kind"] == "table" else message["name"]  # (Herald's notes, as a turn mail says)
        text = session.said(message["text"])
        line = (session.said(msg("%(name)s (to seats %(seats)s): %(text)s", name=name, text=text,
                                 seats=", ".join(map(str, message["to"])))) if message["to"] else f"{name}: {text}")
        lines.append(_entry(f"{message['created_text']}  {line}"))
    session.blocks.append("\n".join(lines))


def _entry(text: str) -> str:
    """One message as `chat` lists it: at a mail's width, indented, its later lines further in."""
    return "\n".join(textwrap.fill(part, story.WIDTH, initial_indent="      " if number else "  ",
                                   subsequent_indent="      ", break_long_words=False, break_on_hyphens=False)
                     for number, part in enumerate(text.split("\n")))


COMMANDS = {"say": _say, "chat": _chat}
AS_WRITTEN = frozenset(COMMANDS.values())  # the commands whose rest of the line is kept as written
