"""Table talk: messages per game, to everyone or to chosen seats, with size and rate limits.

A message to everyone is read by whoever may read the game (its seats, and spectators where
they may watch); a message to chosen seats only by those seats and its sender. Each message
records the game's version when it was said, so the log view can place it between moves.
Nothing here touches the move log: talk is not a move and never changes a game. A message may
carry its sender's key (`key`, the game page's talk form gives each form one): a message sent
again with a key its sender already used in that game is not said twice, and the answer is the
first one (chat_messages.client_key, unique per game and sender).
"""
from __future__ import annotations

import re
from datetime import timedelta

from server.store import statements
from server.store.db import write_transaction
from server.table.gameviews import load_game
from server.errors import ApiError, Sentence, msg, msg_n
from peewee import IntegrityError, fn

from server.store.models import ChatMessage, Notification, Player, utcnow
from server.players import localtime
from server.players.seats import my_seats, seats_of, viewing_seat

MAX_CHARS = 1000
KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")  # a message's key, as its sender writes it (`say`)
RATE_WINDOW = timedelta(minutes=1)
RATE_LIMIT = 10  # messages per player per game in RATE_WINDOW
PAGE = 500
DIGEST = 10  # messages in a turn mail at most


def say(caller, game_id: int, text: str, to: list[int] | None, requested_seat: int | None,
        key: str | None = None) -> dict:
    """Post a message; 201 body is the message as its sender sees it. With a `key` the sender
    used before in this game, nothing is said again and the answer is that first message; a
    different message under a used key (an old form restored by a browser) is refused, 409
    `key-used`, rather than dropped without a word."""
    game = load_game(game_id)
    mine = my_seats(game, caller)
    if not mine:
        raise ApiError(403, "forbidden", msg("Only players seated in this game may talk in it."))
    if requested_seat is not None and requested_seat not in mine:
        raise ApiError(403, "forbidden", msg("Seat %(seat)s in this game is not yours.", seat=requested_seat))
    seat = requested_seat if requested_seat is not None else mine[0]
    if key is not None and (first := _said_with(key, caller, game.id)) is not None:
        return _said_again(first, text, to, caller)  # (before the checks: the first one passed them)
    text = _clean(text)
    recipients = _recipients(game, to, seat)
    try:
        with write_transaction():
            _check_rate(caller, game.id)
            row = ChatMessage.create(game=game.id, player=caller.id, seat=seat, to=recipients, text=text,
                                     version=game.version, created=utcnow(), client_key=key)
    except IntegrityError:  # the same key, said by a request that committed meanwhile
        if key is None or (first := _said_with(key, caller, game.id)) is None:
            raise
        return _said_again(first, text, to, caller)
    return _shown(row, caller.name)


def _said_again(first: ChatMessage, text: str, to: list[int] | None, caller) -> dict:
    """A message under a key already used: the first message, when this is the same one sent
    again (a double click, a retried request); else 409 `key-used`."""
    sender = {first.seat} if first.seat is not None else set()
    recipients = None if to is None else sorted(set(to) | sender)  # (as `_recipients` stored them)
    if _tidy(text) != first.text or recipients != first.to:
        raise ApiError(409, "key-used", msg("This form said another message already, so this one was not said: "
                                            "send it again to say it."))
    return _shown(first, caller.name)


def _said_with(key: str, caller, game_id: int) -> ChatMessage | None:
    return ChatMessage.get_or_none((ChatMessage.game == game_id) & (ChatMessage.player == caller.id)
                                   & (ChatMessage.client_key == key))


def note(game, player_id: int, sentence: Sentence) -> ChatMessage:
    """Herald's own note at the table, to everyone (a seat handed over, a player's mail
    bounced), inside the caller's write transaction: its English text, and its sentence to be
    said in each reader's language (`text_of`)."""
    return ChatMessage.create(game=game.id, player=player_id, seat=None, to=None, text=str.__str__(sentence),
                              sentence=sentence.to_json(), version=game.version, created=utcnow(), kind="table")


def text_of(text: str, sentence: dict | None) -> str:
    """A message's text as its readers are to read it: a note's sentence (a `Sentence`, English
    as a string, said in a reader's language by server.web.i18n.catalogs.said), else the text as
    stored (talk, and notes written before m0094)."""
    return Sentence.from_json(sentence) if sentence else text


def _tidy(text: str) -> str:
    """The text as a message keeps it: no blank lines around it, no spaces at its lines' ends."""
    return "\n".join(line.rstrip() for line in (text or "").strip().splitlines())


def _clean(text: str) -> str:
    text = _tidy(text)
    if not text:
        raise ApiError(422, "empty-message", msg("The message is empty."))
    if len(text) > MAX_CHARS:
        raise ApiError(422, "message-too-long", msg("A message holds at most %(max)s characters, not %(length)s.",
                                                    max=MAX_CHARS, length=len(text)),
                       details={"max": MAX_CHARS})
    if any(ord(c) < 32 and c not in "\n\t" for c in text):
        raise ApiError(422, "bad-message", msg("The message holds control characters."))
    return text


def _recipients(game, to: list[int] | None, sender: int) -> list[int] | None:
    """None (everyone) for no list; a list's seats and the sender (an empty list: the sender alone)."""
    if to is None:
        return None
    seats = {s.seat for s in seats_of(game)}
    unknown = sorted(set(to) - seats)
    if unknown:
        raise ApiError(422, "bad-recipient", msg("This game has no seat %(seat)s; its seats are 0..%(last)s.",
                                                 seat=unknown[0], last=game.players - 1))
    return sorted(set(to) | {sender})


def _check_rate(caller, game_id: int) -> None:
    since = utcnow() - RATE_WINDOW
    recent = (ChatMessage.select().where((ChatMessage.game == game_id) & (ChatMessage.player == caller.id)
                                         & (ChatMessage.created > since) & (ChatMessage.kind == "talk")).count())
    if recent >= RATE_LIMIT:
        raise ApiError(429, "too-many-messages",
                       msg_n("At most %(num)d message a minute in one game; wait a moment.",
                             "At most %(num)d messages a minute in one game; wait a moment.", RATE_LIMIT),
                       details={"retry_after": int(RATE_WINDOW.total_seconds())})


def read(caller, game_id: int, after: int, requested_seat: int | None) -> dict:
    """Messages after id `after` that the caller may read, oldest first."""
    game = load_game(game_id)
    viewing_seat(game, caller, requested_seat)  # 403 unless the caller may read this game
    held = set(my_seats(game, caller))
    rows = (ChatMessage.select(ChatMessage, Player.name).join(Player)
            .where((ChatMessage.game == game.id) & (ChatMessage.id > after)).order_by(ChatMessage.id))
    reader = localtime.requester(caller.id)
    messages = [{**_shown(row, row.player.name), "created_text": localtime.format_when(row.created, reader, "stamp")}
                for row in rows if readable(row.to, held)][:PAGE]
    return {"messages": messages}


def latest(game_id: int, seat: int, count: int) -> list[dict]:
    """The game page's talk: the latest `count` messages of players (not Herald's notes) that
    `seat` may read, oldest first, each {name, seat, to, text, created}."""
    return [{"name": row.player.name, "seat": row.seat, "to": row.to, "text": row.text, "created": row.created}
            for row in _newest(game_id, {seat}, count, ChatMessage.kind == "talk")]


def read_latest(caller, game_id: int, requested_seat: int | None, count: int) -> dict:
    """`read`'s answer for the latest `count` messages the caller may read (Herald's notes too),
    oldest first: one walk back from the newest, not every page from the first."""
    game = load_game(game_id)
    viewing_seat(game, caller, requested_seat)  # 403 unless the caller may read this game
    reader = localtime.requester(caller.id)
    return {"messages": [{**_shown(row, row.player.name),
                          "created_text": localtime.format_when(row.created, reader, "stamp")}
                         for row in _newest(game.id, set(my_seats(game, caller)), count)]}


def _newest(game_id: int, held: set[int], count: int, *where) -> list[ChatMessage]:
    """The latest `count` messages of the game a holder of `held` may read (and matching
    `where`), oldest first: read newest first, until enough are found."""
    rows = (ChatMessage.select(ChatMessage, Player.name).join(Player)
            .where((ChatMessage.game == game_id), *where).order_by(ChatMessage.id.desc()))
    found: list[ChatMessage] = []
    for row in rows.iterator():
        if readable(row.to, held):
            found.append(row)
            if len(found) == count:
                break
    return found[::-1]


def readable(to: list[int] | None, held: set[int]) -> bool:
    return to is None or bool(held & set(to))


ANY_MESSAGE = "SELECT 1 FROM chat_messages WHERE game_id = %s LIMIT 1"


def digest(game_id: int, seat: int, any_chat: bool | None = None) -> list[dict]:
    """For a turn mail: the messages that seat may read, said since its previous turn mail
    (at most DIGEST of the latest), as {name, to, text}. `any_chat`: whether the game has
    table talk, where the caller knows (read with the game's lock: models.MoveReads)."""
    if any_chat is None:
        any_chat = bool(statements.select_rows(ANY_MESSAGE, (game_id,)))
    if not any_chat:
        return []  # no table talk: this query plans in a tenth of the time of the one below (PostgreSQL)

    def build():
        last = (Notification.select(fn.COALESCE(fn.MAX(Notification.version), 0))
                .where((Notification.game == 0) & (Notification.seat == 0)
                       & (Notification.kind.in_(("turn", "start")))))
        return (ChatMessage.select(Player.name, ChatMessage.to, ChatMessage.text, ChatMessage.sentence, ChatMessage.kind)
                .join(Player)
                .where((ChatMessage.game == 0) & (ChatMessage.version >= last))
                .order_by(ChatMessage.id.desc()).limit(4 * DIGEST))

    # in SQL order: the outer game, COALESCE's 0, the subquery's game, seat and kinds, the limit
    found = statements.query_rows(("chat-digest",), build, (game_id, 0, game_id, seat, "turn", "start", 4 * DIGEST))
    to_field, sentence_field = ChatMessage.to, ChatMessage.sentence
    # a note's sentence goes along ("said"), to be said in the reader's language when the mail is sent
    # a note of Herald's own ("table": a seat handed over, a mail bounced) is Herald's, not its player's words
    shown = [{"name": "Herald" if kind == "table" else name, "to": to_field.python_value(to), "text": text,
              **({"said": sentence_field.python_value(sentence)} if sentence else {})}
             for name, to, text, sentence, kind in found]
    return [m for m in shown if readable(m["to"], {seat})][:DIGEST][::-1]


def _shown(row, name: str) -> dict:
    return {"id": row.id, "seat": row.seat, "name": name, "to": row.to, "text": text_of(row.text, row.sentence),
            "version": row.version, "created": row.created.isoformat(timespec="seconds") + "Z", "kind": row.kind}
