"""One received message -> moves and commands through the ordinary move path, and one answer.

Everything a mail causes is written in one write transaction: the moves (each through
`movelog.submit`, in a savepoint, so a refused line leaves the earlier ones played), the
answer in the outbox, and the message's Message-ID and fingerprint (sender, To, Date,
Subject, text) in `inbound_mail`. So a mail is played entirely or not at all, and a
redelivered or refetched one, or a copy a relay gave another Message-ID, is recognised and
does nothing twice: no move, no command (a game made, a message said, a seat handed over).
The seq in the reply address is the seq of the PUT: a copy of an old mail under another
Message-ID (and another Date) finds its moves already made (answered like a repeated PUT),
and a reply to a mail the game has moved on from plays nothing and gets the new position
instead, unless its player saw nothing change: only other seats' hidden moves since, the
same question still asked (a simultaneous choice).

The game's own commands live here (moves, board, log, resign, join); the others each in a
module of their kind, merged into COMMANDS: settings.py (mail, zone, quiet hours, language,
format, vacation), games.py (games, new), rulebook.py (rules, explain), talk.py (say, chat),
takeback.py (undo) and handing.py (handover).

Every sentence of an answer is the server's own (`msg`), said in the language of the player
it goes to (their setting; none chosen: English), so it reads in one language with the
template around it (reply.txt.j2); what the game says (its board, prompts, events and
refusals by the rules) is said in that language too, with the game's own words, as the
turn mails and the game page say it.

Nothing a sender writes raises out of here; a delivery report that one of Herald's mails
failed pauses mail to that address (server/notify/bounces.py); a robot's mail (auto-reply, other
bounces, list, Herald's own) is never answered; a mail to a forged address, or from a stranger, is
dropped with a log line and tells its sender nothing.
"""
from __future__ import annotations

import hashlib
import logging
import re
from dataclasses import dataclass, field
from datetime import timedelta

from core.records import message_of
from server.config import Settings, settings_of
from server.notify import bounces
from server.table import gameviews, lobby, movelog, outbox, prompts
from server.players import localtime
from server.players import seats as seat_table
from server.store import names, state_cache, statements
from server.players.addresses import HOUSE_BOT
from server.players.auth import Caller, is_disabled, new_token
from server.store.db import database, write_transaction
from server.errors import ApiError, msg, msg_n
from server.notify import mailboard, reply_addresses, story
from server.mailin import games, handing, parse, rulebook, settings, takeback, talk
from server.store.models import Game, InboundMail, Move, Notification, Player, Seat, utcnow
from server.rulesets import engine as find_engine
from server.players.seats import name_players, seats_of
from server.web.i18n import gamewords, languages
from server.web.i18n.catalogs import said
from server.web.i18n.gametext import render_event_text
from server.web.i18n.templating import wrap

log = logging.getLogger("herald.mailin")

LOG_LINES = 30
MAX_LINE = 400  # characters: far longer than any move in notation
WARN_EVERY = timedelta(hours=1)
LEGAL_SHOWN = mailboard.LEGAL_IN_MAIL  # an answer's 'moves' lists as many as a turn mail
HELP = msg("""\
Write one move per line, in the game's notation, as `herald play` takes it; several lines
make several moves in that order (a turn of several steps). Herald stops at the first line
it cannot play and says which lines were played. Quoted text, your signature and a sign-off
are ignored; the subject line alone works too. Commands, one per line:
  moves            the moves you can make now
  board            the position as your seat sees it (also: show)
  log              the last moves of the game
  rules            the rules of this game, the guide's topics and its link
  rules TOPIC      one section of the guide (rules battles, rules cards, ...)
  explain THING    what a card, territory or board symbol of this game means
  say TEXT         TEXT to everyone at this game's table (they read it in its next mails)
  say to 1,2: TEXT TEXT to seats 1 and 2 only (and you): the others never read it
  chat             the table's talk you may read, its latest messages
  undo             ask to take back your latest move (undo yes / undo no: answer a proposal;
                   undo always: agree to every one in this game)
  handover ADDRESS let the player at ADDRESS take over your seat (handover bot greedy:
                   give it to a house bot; the levels are random, greedy and search)
  resign           give up the game, where its rules allow that
  games            your games going, and the address to answer each waiting for you
  games open       the public games taking players (join N: a seat in public game N)
  new GAME ADDRESS a new game for you and the players at these addresses, each invited
                   by mail (N days: a clock), e.g. new castle-assault ana@example.org 3 days
  mail off         no more mail from Herald except answers to your mail
  mail digest      one mail a day listing the games waiting for you
  mail digest 7:30 the same, written at 07:30 where you are (08:00 unless you say)
  mail turns       a mail for every turn (the default)
  timezone ZONE    write your dates in ZONE, e.g. timezone Europe/Stockholm
  quiet 22-8       reminders and digests wait while it is 22:00-08:00 where you are
                   (quiet off: no quiet hours)
  language sv      Herald's mail in Swedish (en, sv, ru, nl, es, hu)
  format plain     Herald's mail as plain text only (format multipart: with the board's picture)
  vacation DATE    away until DATE, e.g. vacation 2026-12-26: your clocks stand still
                   (vacation off: back now; vacation alone: the days you have left)
  help             this text""")


@dataclass
class Handled:
    """What became of one message (for the listener's answer and the log)."""

    outcome: str  # played, answered, duplicate, robot, bounce, forged, stranger, unreadable, not-for-us
    detail: str = ""
    game: int | None = None


@dataclass
class Session:
    """The state of handling one mail for one seat."""

    config: Settings
    received: parse.Received
    caller: Caller
    game_id: int
    seat: int
    next_seq: int | None
    blocks: list[str] = field(default_factory=list)
    played: int = 0
    stopped: bool = False
    new_token: str | None = None
    language: str = languages.DEFAULT  # the player's: every sentence of the answer is said in it
    ruleset: str | None = None  # the game's, read when the answer first says a game's text
    shown: dict[str, int] = field(default_factory=dict)  # "board"/"moves" -> `played` when a command showed it
    mailed_position: bool = False  # a turn or start mail to this seat, written now, shows the position: no second

    @property
    def invited(self) -> bool:
        """The mail answered an invitation (no move is asked of it): its seat is not the sender's
        unless they join."""
        return self.next_seq is None

    def __post_init__(self):
        self.language = languages.effective(_language_of(self))

    def tell(self, *sentences: str) -> None:
        """One block of the answer: the sentences said in the player's language, each on lines of
        its own at a turn mail's width (a refusal by the rules ran to 560 columns on one line)."""
        self.blocks.append("\n".join(self.prose(sentence) for sentence in sentences))

    def prose(self, sentence: str, glued: str | None = None) -> str:
        """A sentence said in the player's language, wrapped as the mails' templates wrap theirs;
        `glued` (a rule's ID) on one line with the word before it: "(rule CA-TURN-3)", "(szabály:
        WQ-SETUP-3)"."""
        text = self.said(sentence)
        if glued:
            text = text.replace(f" {glued}", f"\0{glued}")  # (a NUL: wrap breaks no line there, and makes it a space)
        return wrap(text)

    def said(self, sentence: str) -> str:
        return said(sentence, self.language)

    def game_said(self, text: str) -> str:
        """A text the game wrote (a board, a prompt, a refusal by the rules, names filled in) in
        the player's language, with the game's own words; any other text as it is."""
        if not gamewords.is_game_text(text):
            return str(text)
        if self.ruleset is None:
            self.ruleset = Game.get_by_id(self.game_id).ruleset
        return str(gamewords.speak(text, self.language, self.ruleset))


def handle(raw: bytes, config: Settings, recipients: list[str] | None = None,
           envelope_from: str | None = None) -> Handled:
    """Handle one received message; only a database or engine fault raises (retry later)."""
    config = settings_of(config)
    try:
        received = parse.read(raw)
    except parse.Unreadable as exc:
        return _dropped("unreadable", str(exc))
    bounced = bounces.from_report(received.message, config)  # a report that a mail of ours failed
    if bounced is not None:
        log.warning("mail-in: delivery report from %s: %s", received.sender, bounced)
        return Handled("bounce", bounced)
    robot = parse.robot_reason(received, envelope_from, lambda a: reply_addresses.is_ours(config, a))
    if robot:
        return _dropped("robot", f"from {received.sender}: {robot}")
    candidates = list(recipients or []) or _header_recipients(received.message)
    try:
        target = reply_addresses.find_target(config, candidates, received.sender)
    except reply_addresses.ForgedAddress as exc:
        return _dropped("forged", f"from {received.sender} to {exc}")
    if target is None:
        return _dropped("not-for-us", f"from {received.sender}: no Herald reply address among the recipients")
    try:
        return _handle_target(config, received, target, _known_as(received))
    except BaseException:  # (a move it cached before rolling back has a mark no committed row has: state_cache)
        seat_table.forget(target.game)
        raise


def _known_as(received) -> list[str]:
    """The names a mail is recognised by when it comes again: its Message-ID, and its fingerprint
    (sender, To, Date, Subject and text), which a copy keeps when a relay or a resend gives it
    another Message-ID (or a redelivery, other trace headers: a mail without a Message-ID is known
    by it). Two mails a script sends in one second differ in their To (each move's own address)."""
    parts = [received.sender, str(received.message.get("To", "")), str(received.message.get("Date", "")),
             received.subject, received.text or ""]
    fingerprint = f"<sha256.{hashlib.sha256(chr(0).join(parts).encode('utf-8', 'replace')).hexdigest()}@herald>"
    return [received.message_id, fingerprint] if received.message_id else [fingerprint]


def _dropped(outcome: str, detail: str) -> Handled:
    log.warning("mail-in: dropped (%s) %s", outcome, detail)
    return Handled(outcome, detail)


def _header_recipients(message) -> list[str]:
    found = []
    for header in ("Delivered-To", "X-Original-To", "To", "Cc"):
        found += [str(value) for value in message.get_all(header, [])]
    return found


def _handle_target(config, received, target, known_as: list[str]) -> Handled:
    message_id = known_as[0]
    with write_transaction():
        if any(statements.exists(InboundMail, "message_id", name) for name in known_as):
            log.info("mail-in: %s already handled, nothing played or done again", message_id)
            return Handled("duplicate", message_id, target.game)
        game = statements.select_by_id(Game, target.game)
        if game is None:  # a signed address of a deleted game
            return _dropped("not-for-us", f"game {target.game} is gone")
        session = (_join_session(config, received, target, game) if target.join
                   else _seat_session(config, received, target, game))
        if session is None:  # recorded too: a redelivery must not warn the player twice
            _record(known_as, game.id, None, "stranger")
            return Handled("stranger", f"from {received.sender} for game {target.game}", target.game)
        _run(session, received.lines())
        _queue_answer(session)
        outcome = "played" if session.played else "answered"
        _record(known_as, game.id, session.caller.id, outcome)
    log.info("mail-in: %s from %s, game %s seat %s: %s (%d move(s))", message_id, received.sender,
             target.game, target.seat, outcome, session.played)
    return Handled(outcome, f"{session.played} move(s)", target.game)


def _record(known_as: list[str], game_id: int, player_id: int | None, outcome: str) -> None:
    """The mail handled, under each of its names, in the transaction of what it did."""
    for name in known_as:
        statements.insert(InboundMail, {"message_id": name, "game": game_id, "player": player_id,
                                        "outcome": outcome, "received": utcnow()})


def _sender_accepted(config: Settings, received, registered: str | None, target) -> bool:
    """Whether the sender may speak for the seat: its holder's registered address, or with
    HERALD_MAIL_IN_SENDER=any whoever holds an address that names its holder (one written
    before addresses named their holder is taken from the registered address alone)."""
    if config.mail_in_sender == "any" and target.holder is not None:
        return True
    return registered is not None and received.sender == names.email_key(registered)


def _seat_session(config, received, target, game) -> Session | None:
    info = next((s for s in seats_of(game) if s.seat == target.seat), None)
    if info is None or info.player is None or info.name is None or info.email is None:  # (all None together)
        log.warning("mail-in: game %s seat %s has no player; mail from %s dropped", game.id, target.seat,
                    received.sender)
        return None
    if is_disabled(info.player):
        log.warning("mail-in: game %s seat %s: its player is disabled; mail from %s dropped", game.id,
                    target.seat, received.sender)
        return None
    if target.holder is not None and target.holder != info.player:  # a mail to the seat's earlier holder
        log.warning("mail-in: game %s seat %s has changed hands since the mail answered; mail from %s dropped",
                    game.id, target.seat, received.sender)
        return None
    if info.email == HOUSE_BOT:  # a house bot reads no mail: its address is no one's, so the check below is none
        log.warning("mail-in: game %s seat %s is a house bot's; mail from %s dropped", game.id, target.seat,
                    received.sender)
        return None
    caller = Caller(info.player, info.name, info.email)
    if not _sender_accepted(config, received, info.email, target):
        log.warning("mail-in: game %s seat %s: sender %s is not the player's address; nothing played",
                    game.id, target.seat, received.sender)
        _warn_player(config, game, info, received)
        return None
    return Session(config, received, caller, game.id, target.seat, target.seq)


def _warn_player(config, game, info, received) -> None:
    """Tell the seat's real player (never the sender) that a mail from elsewhere was ignored;
    at most once per WARN_EVERY and game, so that nobody can make Herald flood a player."""
    since = utcnow() - WARN_EVERY
    if (Notification.select().where((Notification.game == game.id) & (Notification.player == info.player)
                                    & (Notification.kind == "warning") & (Notification.created > since)).exists()):
        log.warning("mail-in: game %s: player %s was warned less than %s ago; not again", game.id, info.player,
                    WARN_EVERY)
        return
    session = Session(config, received, Caller(info.player, info.name, info.email), game.id, info.seat, None)
    session.tell(msg("A mail from %(sender)s answered Herald's mail for your seat %(seat)s in game %(game)s.",
                     sender=received.sender, seat=info.seat, game=game.id),
                 msg("Nothing was played: Herald takes replies only from your registered address (%(email)s).",
                     email=info.email),
                 msg("If that was you, reply from %(email)s instead.", email=info.email))
    _queue_answer(session, to_sender=False, kind="warning")


def _join_session(config, received, target, game) -> Session | None:
    """An invitation's address: its signature already covers the invited address."""
    player = Player.by_email(received.sender).first()
    token = None
    if player is not None and player.disabled:
        log.warning("mail-in: %s is a disabled player's address; their join for game %s dropped", received.sender,
                    game.id)
        return None
    if player is None:
        token, digest = new_token()
        player = Player.create(name=_free_name(received.sender), email=received.sender, token_hash=digest,
                               language=_invitation_language(game.id, target.seat, received.sender))
    caller = Caller(player.id, player.name, player.email)
    return Session(config, received, caller, game.id, target.seat, None, new_token=token)


def _invitation_language(game_id: int, seat: int, email: str) -> str | None:
    """The language the invitation being answered was written in: its inviter's (an address
    Herald does not know has chosen none; channels.mail.recipient_language), so the new player
    goes on reading the language they were invited in. None: English, as for any player."""
    sent = _invitation_sent(game_id, seat, email)
    inviter = Player.get_or_none(Player.id == sent.player_id) if sent is not None else None
    return inviter.language if inviter is not None else None


def _invitation_sent(game_id: int, seat: int, email: str) -> Notification | None:
    """The latest invitation to `seat` of the game mailed to `email`, whatever its case (compared
    here: a database's LOWER() may fold ASCII only)."""
    rows = (Notification.select(Notification.player, Notification.email, Notification.context)
            .where((Notification.kind == "invite") & (Notification.game == game_id) & (Notification.seat == seat))
            .order_by(Notification.id.desc()))
    return next((row for row in rows if names.email_key(row.email) == names.email_key(email)), None)


def _free_name(email: str) -> str:
    base = re.sub(r"[^A-Za-z0-9_.'-]", "", email.split("@")[0])[:30].lstrip("_.'-") or "player"
    name, n = base, 1
    while Player.name_taken(name):
        n += 1
        name = f"{base}{n}"
    return name


# --- the lines of a mail ------------------------------------------------------------

def _run(session: Session, lines: list[str]) -> None:
    if not lines:
        why = (msg("Herald found no text it could read in your mail (no text part: only attachments, or a "
                   "format it does not read).") if session.received.text is None else
               msg("Herald found no move and no command in your mail."))
        session.tell(why, msg("Write your move in the body or the subject of a reply."))
        _help(session, "")
        return
    for line in lines:
        if session.stopped:
            break
        if len(line) > MAX_LINE:
            session.tell(msg_n("A line of %(num)d character is too long to be a move; nothing after it was read.",
                               "A line of %(num)d characters is too long to be a move; nothing after it was read.",
                               len(line)))
            break
        word, rest = command_words(line)
        command = COMMANDS.get(word.lower().rstrip(".!"))
        if command is not None:
            text = rest.strip() if command in talk.AS_WRITTEN else rest.strip().lower()
            try:
                with database.atomic():  # a command that fails changes nothing
                    command(session, text)
            except ApiError as error:  # e.g. `moves` to an invitation before joining
                session.tell(msg("'%(line)s': %(refusal)s", line=line[:80], refusal=error.message))
        else:
            _move(session, line)


def _move(session: Session, typed: str) -> None:
    """Play a move line: as typed, its Cyrillic or Greek look-alike letters in Latin
    (parse.latin_move); refusals quote it as typed."""
    line = parse.latin_move(typed)
    if session.next_seq is None:
        session.tell(msg("'%(line)s' was not played: this mail is an invitation; reply 'join' to take the seat, "
                         "then answer the turn mails.", line=typed[:80]))
        session.stopped = True
        return
    game = statements.select_by_id(Game, session.game_id)
    if session.next_seq != game.version:
        behind = session.next_seq < game.version
        if behind and _repeated(session, session.next_seq, line):
            return
        if not (behind and _nothing_seen_since(session, game)):
            _stale(session, game)
            return
        session.next_seq = game.version
    try:
        status, body = movelog.submit(session.caller, session.game_id, session.next_seq, session.seat, None, line)
    except ApiError as error:
        _refused(session, typed, error)
        return
    session.next_seq += 1
    session.played += 1
    events = "".join(f"\n  {session.game_said(event)}" for event in body.get("events", []))
    session.blocks.append(story.fit(session.said(msg("Played move %(seq)s: %(move)s", seq=body["seq"],
                                                     move=body["text"])) + events))


def _repeated(session: Session, seq: int, line: str) -> bool:
    """The same move at a seq already taken (`seq`, the session's next): a copy of a mail already
    played, answered like a repeated PUT (the move is not made again)."""
    try:
        status, body = movelog.submit(session.caller, session.game_id, seq, session.seat, None, line)
    except ApiError:
        return False
    session.tell(msg("Move %(seq)s was already played: %(move)s (nothing was played twice).", seq=body["seq"],
                     move=body["text"]))
    session.next_seq = seq + 1
    return True


UNSEEN_MOVES = 50  # the most moves a mail may be behind and still play, if none of them showed anything


def _nothing_seen_since(session: Session, game) -> bool:
    """Whether the reply's player saw nothing change since the mail they answered: every move
    since was another seat's hidden move (the other side's face-down card of a battle, a
    window's hidden pass, MM-ASYNC-1), none told this seat anything privately, and the seat is
    still asked what that mail asked. Its answer then plays at the game's move; a mail asks
    nothing new of it, so refusing would only cost the player a round trip."""
    asked_at, seat = session.next_seq, session.seat
    if asked_at is None or asked_at < 1 or game.version - asked_at > UNSEEN_MOVES:
        return False
    rows = (Move.select(Move.seq, Move.seat, Move.public, Move.events, Move.prompted)
            .where((Move.game == game.id) & (Move.seq >= asked_at - 1)).order_by(Move.seq))
    asked = None
    for row in rows:
        now = next(((p["kind"], p["text"]) for p in row.prompted or [] if p["seat"] == seat), None)
        if now is None or asked not in (None, now):
            return False
        if row.seq >= asked_at and (row.seat == seat or row.public
                                    or any(seat in (event.get("to") or ()) for event in row.events or [])):
            return False
        asked = now
    return asked is not None


def _stale(session: Session, game) -> None:
    """Never play into a position the player did not see ("nothing more" once a line played)."""
    if session.played:
        said = msg("Nothing more was played from this mail: the game has moved on since the mail you answered "
                   "(that mail asked about move %(asked)s; the game is now at move %(version)s). Here is the "
                   "position now; answer this mail instead.", asked=session.next_seq, version=game.version)
    else:
        said = msg("Nothing was played from this mail: the game has moved on since the mail you answered "
                   "(that mail asked about move %(asked)s; the game is now at move %(version)s). Here is the "
                   "position now; answer this mail instead.", asked=session.next_seq, version=game.version)
    session.tell(said)
    session.stopped = True


def _refused(session: Session, line: str, error: ApiError) -> None:
    if error.rule:
        text = [session.prose(msg("'%(line)s' was not played: %(refusal)s (rule %(rule)s)", line=line[:80],
                                  refusal=session.game_said(error.message), rule=error.rule), error.rule)]
    else:
        text = [session.prose(msg("'%(line)s' was not played: %(refusal)s", line=line[:80],
                                  refusal=session.game_said(error.message)))]
    letters = parse.not_latin(line)
    if letters:  # (what a mail font shows as the move itself may hold a letter of another alphabet)
        text.append(session.prose(msg("The line holds letters that are not Latin (%(letters)s): a move is written in "
                                      "Latin letters, as the mails list the moves.", letters=", ".join(letters))))
    if error.legal:  # (a pattern's placeholders in the player's words, as 'moves' and the turn mail say them)
        more = error.details.get("more")
        text.append(session.said(msg("Legal moves now:")) + "\n"
                    + "\n".join(f"  {session.game_said(move)}" for move in error.legal)
                    + ("\n  " + session.said(msg_n("... and %(num)d more (reply 'moves')",
                                                    "... and %(num)d more (reply 'moves')", more)) if more else ""))
    if session.played:
        text.append(session.prose(msg_n("The line before it was played; nothing after it was.",
                                        "The %(num)d lines before it were played; nothing after it was.",
                                        session.played)))
    session.blocks.append("\n".join(text))
    session.stopped = True


# --- commands -----------------------------------------------------------------------

def _help(session, rest):
    session.blocks.append(session.said(HELP))  # (a table of two columns, its lines as written: never wrapped)


def _moves(session, rest):
    legal = gameviews.legal(session.game_id, session.caller, session.seat)
    if not legal["moves"]:
        session.tell(msg("You have no decision to make in this game right now."))
        return
    session.blocks.append(session.said(msg("Your moves now:")) + "\n" + _listing(session, legal["moves"]))
    session.shown["moves"] = session.played


def _listing(session, moves: list[dict]) -> str:
    """The moves one a line, a pattern with its help (the game's words) in the player's language."""
    lines = ["  " + (mailboard.with_help(m["text"], m.get("help"), session.game_said) if m.get("pattern")
                     else m["text"]) for m in moves[:LEGAL_SHOWN]]
    if len(moves) > LEGAL_SHOWN:
        lines.append("  " + session.said(msg_n("... and %(num)d more", "... and %(num)d more", len(moves) - LEGAL_SHOWN)))
    return "\n".join(lines)


def _show(session, rest):
    board = gameviews.render(session.game_id, session.caller, session.seat)["text"]
    session.blocks.append(_with_explain(session, session.game_said(board) if gamewords.is_game_text(board)
                                        else session.said(board)))
    session.shown["board"] = session.played


def _with_explain(session, board: str) -> str:
    """A board whose legend names `herald explain` (a command a mailbox player does not have),
    with the reply that does it under it, as the turn mails say it (parts/explain.txt.j2)."""
    if "herald explain" not in board:
        return board
    return board + "\n" + session.prose(msg("By mail: reply 'explain THING' to learn what a symbol, card or "
                                            "territory of the board means."))


def _log(session, rest):
    game = Game.get_by_id(session.game_id)
    entries = movelog.read_log(session.caller, session.game_id, max(0, game.version - LOG_LINES), session.seat,
                               text_of=lambda event: render_event_text(event, session.language))
    names = {s.seat: s.name for s in seats_of(game)}
    reader = localtime.reader(session.caller.id)  # the times as the player reads dates
    someone, hidden = session.said(msg("someone")), session.said(msg("(hidden)"))
    lines = []
    for entry in entries["moves"]:
        who = names.get(entry.get("seat"), someone) if "seat" in entry else someone
        when = localtime.format_iso(entry.get("created"), reader, "short")
        lines.append(f"  {entry['seq']} ({when}): {who}: {entry.get('text', hidden)}")
        lines += [f"      {event}" for event in entry["events"]]
    times = session.said(msg("(Times in %(zone)s.)", zone=localtime.zone_note(reader)))
    session.blocks.append(session.said(msg("The last moves:")) + "\n"
                          + (story.fit("\n".join(lines + [times])) if lines else "  " + session.said(msg("(none yet)"))))


def _resign(session, rest):
    """The game's own resignation move (issue 12), played like any move line: where the rules
    refuse it (a Medieval Mastery team game) the refusal says so."""
    _move(session, "resign")
    session.stopped = True


def _invitation_code(session) -> str:
    """The invite code of the invitation this mail answers (the latest sent to its sender for that
    seat), never the seat's code now: one that a newer invitation replaced (a seat handed over
    to someone else since) no longer works, as its code would not through the API."""
    sent = _invitation_sent(session.game_id, session.seat, session.received.sender)
    code = (sent.context or {}).get("invite") if sent is not None else None
    if not code or not Seat.select().where((Seat.game == session.game_id) & (Seat.seat == session.seat)
                                           & (Seat.invite == code)).exists():
        raise ApiError(404, "not-found", msg("This invitation is no longer valid: the seat was given to someone "
                                             "else, or a newer invitation replaced it."))
    return code


def _language_of(session) -> str | None:
    return Player.select(Player.language).where(Player.id == session.caller.id).scalar()


def _join(session, rest):
    if re.fullmatch(r"[0-9]{1,9}", rest) and not session.invited:  # `join 4`: a public game's seat (herald join 4)
        games.join_public(session, int(rest))
        return
    if session.next_seq is not None:
        session.tell(msg("You already play seat %(seat)s in this game.", seat=session.seat))
        return
    another = " ".join(rest.replace("-", " ").split()) in ("another seat", "another")
    try:
        joined = lobby.join_game(session.caller, _invitation_code(session), another)
    except ApiError as error:
        refusal = error.message
        if error.code == "already-seated" and not error.details.get("handover"):  # what to do, said as a reply does it
            refusal = msg("You already hold seat %(held)s in game %(game)s, so this invitation would give you seat "
                          "%(seat)s too and lock out the person it was meant for. To play both seats yourself, "
                          "reply 'join another seat'; else pass the invitation on.", held=error.details["seats"][0],
                          game=session.game_id, seat=error.details["seat"])
        session.tell(msg("You could not join: %(refusal)s", refusal=refusal))
        session.stopped = True
        return
    session.tell(msg("Welcome, %(name)s: you have seat %(seat)s in game %(game)s.", name=session.caller.name,
                     seat=joined["seat"], game=joined["game"]))
    game = statements.select_by_id(Game, session.game_id)
    session.mailed_position = Notification.select().where(  # the game began with this join: its mail shows it all
        (Notification.game == session.game_id) & (Notification.seat == joined["seat"])
        & (Notification.player == session.caller.id) & Notification.kind.in_(("turn", "started"))
        & (Notification.version == game.version)).exists()
    if session.mailed_position:
        session.tell(msg("The game has begun: its own mail to you shows the position and who is asked."))
    _tell_token(session)


def _tell_token(session) -> None:
    """A player Herald made for this mail learns its token, once (the mail that made it, whatever
    it said: a later mail finds the player made, and could never tell it)."""
    if session.new_token:
        session.tell(msg("Herald made you a player named %(name)s. To use the herald command line as well: "
                         "HERALD_TOKEN=%(token)s", name=session.caller.name, token=session.new_token))
        session.new_token = None


COMMANDS = {"help": _help, "?": _help, "moves": _moves, "show": _show, "board": _show, "log": _log,
            "resign": _resign, "join": _join, **settings.COMMANDS,
            **games.COMMANDS, **talk.COMMANDS, **takeback.COMMANDS, **rulebook.COMMANDS,
            **handing.COMMANDS}
# The commands a player asks most, in the words of their language too ("ayuda", "tablero"); each
# language's help names them. (Not `resign` nor `mail`: what gives up a game or stops mail is
# written as the help writes it.)
NATIVE_WORDS = {
    "sv": {"hjälp": "help", "drag": "moves", "bräde": "board", "brädet": "board", "logg": "log", "regler": "rules",
           "tidszon": "timezone", "språk": "language", "chatt": "chat", "säg": "say"},
    "ru": {"помощь": "help", "справка": "help", "ходы": "moves", "доска": "board", "журнал": "log",
           "правила": "rules", "пояс": "timezone", "язык": "language", "чат": "chat", "скажи": "say",
           "сказать": "say"},
    "nl": {"hulp": "help", "zetten": "moves", "bord": "board", "logboek": "log", "regels": "rules",
           "tijdzone": "timezone", "taal": "language", "zeg": "say"},
    "es": {"ayuda": "help", "jugadas": "moves", "tablero": "board", "registro": "log", "reglas": "rules",
           "zona": "timezone", "idioma": "language", "di": "say", "decir": "say"},
    "hu": {"segítség": "help", "súgó": "help", "lépések": "moves", "tábla": "board", "napló": "log",
           "szabályok": "rules", "időzóna": "timezone", "nyelv": "language", "csevegés": "chat", "mondd": "say",
           "üzenet": "say"},
}
COMMANDS.update({word: COMMANDS[english] for words in NATIVE_WORDS.values() for word, english in words.items()})
# A command that its language says in two words: "часовой пояс Europe/Moscow", "zona horaria ...".
NATIVE_PHRASES = {"часовой пояс": "timezone", "zona horaria": "timezone"}


def command_words(line: str) -> tuple[str, str]:
    """A line's command word (a two-word native phrase as its English word) and the rest."""
    lowered = line.lower()
    for phrase, english in NATIVE_PHRASES.items():
        if lowered == phrase or lowered.startswith(phrase + " "):
            return english, line[len(phrase):]
    word, _, rest = line.partition(" ")
    return word, rest


# --- the answer -----------------------------------------------------------------------

def _now_block(session: Session, game, holds: bool) -> tuple[str, int]:
    """Who is asked now, and for this seat, where the mail's player `holds` it, the prompt,
    position and moves; and the seq a reply to the answer plays at."""
    seats = seats_of(game)
    if game.status == "open":
        free = sum(1 for s in seats if s.player is None)
        return session.prose(msg_n("The game starts when %(num)d more player has joined.",
                                   "The game starts when %(num)d more players have joined.", free)), game.version
    if game.status == "finished":
        result = game.result or {}
        winners = [name_players(f"{{P{w}}}", seats) for w in result.get("winners", [])]
        if not winners:
            over = msg("The game is over; nobody won.")
        elif len(winners) == 1:
            over = msg("The game is over. Winner: %(names)s.", names=winners[0])
        else:
            over = msg("The game is over. Winners: %(names)s.", names=", ".join(winners))
        reason = session.game_said(name_players(message_of(result, "reason"), seats)) if result.get("reason") else ""
        return wrap(f"{session.said(over)} {reason}".rstrip()), game.version
    mine = [s.seat for s in seats if s.player == session.caller.id]
    shown = prompts.visible(game.prompted or [], mine, game.ruleset)
    asked = [p for p in shown if p["seat"] == session.seat and holds]
    others = [p for p in shown if p not in asked]
    lines = []
    if asked:
        engine = find_engine(game.ruleset)
        state = state_cache.get(game, engine)
        lines.append(session.prose(msg("Now you are asked (move %(version)s): %(prompt)s", version=game.version,
                                       prompt=session.game_said(name_players(message_of(asked[0]), seats)))))
        if not _shown_now(session, "board"):
            lines.append("\n" + session.said(msg("Your position:")) + "\n\n"
                         + _with_explain(session, session.game_said(outbox.seat_summary(engine, state, session.seat,
                                                                                          seats))))
        if not _shown_now(session, "moves"):
            legal = mailboard.legal_in_mail(engine, state, session.seat, session.game_said)[1]
            lines.append("\n" + session.said(msg("Your moves (reply with one per line):")) + "\n"
                         + "\n".join(f"  {move}" for move in legal))
    if others:
        waiting = [name_players("{P%d}" % p["seat"], seats) for p in others]
        lines.append(session.prose(msg("Waiting for: %(names)s", names=", ".join(dict.fromkeys(waiting)))))
    if not lines:
        lines.append(session.prose(msg("Nothing is asked of you right now; Herald mails you when it is.")))
    return "\n".join(lines), game.version


def _shown_now(session: Session, what: str) -> bool:
    """Whether a command of this mail showed the board or the moves after its last move played:
    the answer then does not show them again below."""
    return session.shown.get(what) == session.played


def _queue_answer(session: Session, to_sender: bool = True, kind: str = "reply") -> None:
    """The answer in the outbox. It shows the seat's own position, and its Reply-To plays for
    the seat, only where the mail's player holds that seat now: a mail to an invitation whose
    seat went to someone else, or from a player who handed the seat over, gets neither."""
    game = statements.select_by_id(Game, session.game_id)
    holds = Seat.select().where((Seat.game == session.game_id) & (Seat.seat == session.seat)
                                & (Seat.player == session.caller.id)).exists()
    _tell_token(session)
    now, reply_seq = _now_block(session, game, holds) if to_sender and not session.mailed_position \
        else ("", game.version)
    body = "\n\n".join(session.blocks + ([now] if now else []))
    subject = parse.REPLY_PREFIX.sub("", session.received.subject).strip()
    if f"#{game.id}" not in subject:  # a subject the player wrote over (a move): the game named before it
        subject = f"[Herald] {game.title} #{game.id}" + (f": {subject}" if subject else "")
    context = {"game": game.id, "title": game.title, "player": session.caller.name, "subject": f"Re: {subject}",
               "body": body, "reply_seq": reply_seq if holds else None, "in_reply_to": session.received.message_id,
               "references": session.received.references[-10:], "over": game.status == "finished",
               # an invitation's answer, its seat not taken by the sender: replying 'join' goes on working
               **({"reply_invitation": True} if session.invited and not holds else {})}
    recipient = session.received.sender if to_sender else session.caller.email
    statements.insert(Notification, Notification.pending_row(game.id, session.seat, session.caller.id, recipient,
                                                             kind, game.version, context))
