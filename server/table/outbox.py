"""Writing notification rows: called inside the transaction that changes the game.

Each row carries the context its mail needs from that moment, from the addressed seat's
own view only, so a mail never shows another seat's secrets. The position itself (board
summary, legal moves, picture) is not stored: the row's seat and version say which it is,
and it is drawn when the mail is sent (server/notify/mailboard.py), off the move path.

Rows are written as the players' mail settings want them:

turns   a mail for every turn, reminder and game end, and the table's news (the default)
digest  no turn or reminder mails; `herald server digest` sends one mail a day listing
        every game waiting for the player; game-end mails and the table's news still come
off     nothing but the answers to mail the player sent, invitations they are sent, and mail
        about their account (a recovery code, an address to check)

The table's news: a seat taken, a game begun, an undo proposed, a move played for the seat at
its deadline, a player away on vacation or back.

and when they want them: a reminder or a digest written during its player's quiet hours
(server/players/localtime.py) waits until they end, by its row's next_attempt (`held`). The
row is written at once, so the scans that write reminders and digests see it and write no
second one, and delivery claims it once like any other row: exactly once stays delivery's
business. A turn mail is never held: the opponent has just moved, and the player asked for
every turn (a player who wants no mail at night chooses `digest`).
"""
from __future__ import annotations

from dataclasses import dataclass

from core.protocol import Prompt
from core.text import stored
from server.table import chat, ratings, webhooks
from server.table.clocks import answer_by
from server.store import statements
from server.errors import Sentence
from server.store.models import Notification, Player, utcnow
from server.players import localtime
from server.players.addresses import BOUNCED, mailable
from server.players.seats import SeatInfo, name_players

SETTINGS = ("turns", "digest", "off")  # the player's; Herald's own BOUNCED: players/addresses.py
NEWS = frozenset({"joined", "started", "undo", "defaulted", "vacation", "back"})  # the table's news (above)
SKIPPED = {"digest": frozenset({"turn", "reminder"}), "off": frozenset({"turn", "reminder", "over", "digest"}) | NEWS}
NOT_TO_THE_ADDRESS = frozenset({"webhook", "email-check"})  # a webhook's URL, a new address being checked


def changed_prompts(before: list[dict], after: list[Prompt], mover: int | None) -> list[Prompt]:
    """Seats that became prompted: not prompted before, or (for anyone but the mover, who
    has just acted and sees the answer) asked something new."""
    previous = {p["seat"]: (p["kind"], p["text"]) for p in before}
    fresh, seen = [], set()
    for prompt in after:
        if prompt.seat in seen:
            continue
        seen.add(prompt.seat)
        old = previous.get(prompt.seat)
        if old is None or (prompt.seat != mover and old != (prompt.kind, prompt.text)):
            fresh.append(prompt)
    return fresh


def prompted_rows(before: list[dict], after: list[Prompt], fresh: list[Prompt], mover: int | None, now) -> list[dict]:
    """The games.prompted column: since when each seat has waited (kept while unchanged)."""
    since = {p["seat"]: p.get("since") for p in before}
    fresh_seats = {p.seat for p in fresh}
    rows = []
    for prompt in after:
        keep = prompt.seat not in fresh_seats and prompt.seat != mover and since.get(prompt.seat)
        rows.append({**prompt.to_json(), "since": keep or now.isoformat(timespec="seconds")})
    return rows


BOARD_AT_SEND_TIME = {"board": True}  # server/notify/mailboard.py draws summary, view, example and legal


def board_row_context(game, **values) -> dict:
    """A row whose position is drawn at send time: only what that time cannot know. The title
    and ruleset come from the game then too, and empty values (no chat, no deadline, no
    --seat flag) are left out: mailboard.SEND_TIME_DEFAULTS fills them in."""
    return {"game": game.id, **{key: value for key, value in values.items() if value}, **BOARD_AT_SEND_TIME}


def seat_summary(engine, state, seat: int, seats: tuple[SeatInfo, ...]) -> str:
    """The position as that seat sees it, names filled in (in English: a mail says it in its
    reader's language, server/notify/mailboard.py)."""
    return name_players(engine.summary(engine.view(state, seat), seat), seats)


def base_context(game, engine) -> dict:
    return {"game": game.id, "ruleset": game.ruleset, "title": engine.title}


def queue_turns(game, engine, fresh: list[Prompt], seats: tuple[SeatInfo, ...], version: int,
                kind: str = "turn") -> list[dict]:
    """Outbox rows telling each freshly prompted seat what is asked of it."""
    by_seat = {s.seat: s for s in seats}
    reads = game.move_reads  # read with the game's lock (PostgreSQL's move path), else None
    rows = []
    for prompt in fresh:
        info = by_seat.get(prompt.seat)
        if info is None or info.player is None:
            continue
        held = sum(1 for s in seats if s.player == info.player)
        context = {**board_row_context(game, player=info.name, seat_flag=f" --seat {prompt.seat}" if held > 1 else "",
                                       prompt=name_players(prompt.text, seats), prompt_msg=stored(prompt.text),
                                       chat=chat.digest(game.id, prompt.seat, None if reads is None else reads.any_chat),
                                       **_answer_by(game, prompt)), "seat": prompt.seat}
        rows.append(mail_row(game, info, kind, version, context))
    if kind == "turn":
        rows += webhooks.turn_rows(game, engine, fresh, seats, version)
    return rows


def _answer_by(game, prompt: Prompt) -> dict:
    """The game's own clock, if it has one: when this seat must answer (server/table/timeouts.py),
    as a UTC stamp the mail writes in its reader's zone and language when it is sent
    (server/notify/mailtimes.py), and what the reserve adds."""
    if not getattr(game, "days_per_move", None):
        return {}
    found = answer_by(game, prompt.seat, prompt.kind, utcnow())
    if found is None:
        return {}
    due, reserve = found
    written: dict[str, object] = {"deadline_at": due.isoformat(timespec="seconds")}
    if reserve is not None:  # the mail says it in its reader's words (rows of earlier releases: a "deadline_note")
        written.update(deadline_days=game.days_per_move, deadline_reserve=reserve)
    return written


def queue_game_over(game, engine, result, seats: tuple[SeatInfo, ...], version: int, seed: str) -> list[dict]:
    """One "game over" mail per player, with the seed now that it may be revealed."""
    winners = [name_players(f"{{P{w}}}", seats) for w in result.winners]
    changes = ratings.record(game, result, seats)  # in this transaction: rated once, with the game's end
    rows, done = [], set()
    for info in seats:
        if info.player is None or info.player in done:
            continue
        done.add(info.player)
        context = {**board_row_context(game, player=info.name, reason=name_players(result.reason, seats),
                                       reason_msg=stored(result.reason),
                                       seed=seed, seed_hash=game.seed_hash, rating=changes.get(info.player)),
                   "seat": info.seat, "winners": winners}
        rows.append(mail_row(game, info, "over", version, context))
    return rows + webhooks.over_rows(game, engine, result, seats, version)


@dataclass(frozen=True)
class Unseated:
    """A player told about a game in which they hold no seat (its creator, of each join)."""

    player: int
    name: str
    email: str
    seat: None = None


def mail_row(game, info: SeatInfo | Unseated, kind: str, version: int, context: dict) -> dict:
    """The outbox row of one mail of `kind` to a seat's player (undo's mails are written so too)."""
    if info.player is None or info.email is None:  # the callers pass held seats only
        raise ValueError(f"game {game.id}: a {kind} mail to seat {info.seat}, which nobody holds")
    return Notification.pending_row(game.id, info.seat, info.player, info.email, kind, version, context)


def queue_defaulted(game, engine, seat: int, prompt: str, played: str, deadline: str,
                    seats: tuple[SeatInfo, ...], version: int, how: str = "default") -> list[dict]:
    """Tell a seat what the deadline played for it, and how it chose (`how`:
    deadlines.how_played; `resigned`: the seat is asked nothing more)."""
    info = next((s for s in seats if s.seat == seat and s.player is not None), None)
    if info is None:
        return []
    context = {**base_context(game, engine), "seat": seat, "player": info.name, "played": played,
               "prompt": name_players(prompt, seats), "deadline": deadline, "resigned": how == "resigned", "how": how,
               **({"prompt_msg": stored(prompt)} if stored(prompt) else {})}
    if isinstance(deadline, Sentence):  # said in its reader's language when it is sent (notify/mailboard.py)
        context["deadline_said"] = deadline.to_json()
    return [mail_row(game, info, "defaulted", version, context)]


def queue_joined(game, engine, joiner: SeatInfo, seats: tuple[SeatInfo, ...], creator: Unseated) -> list[dict]:
    """'X took seat N': to the creator (seated or not) and everyone seated before, while the
    game fills up; the creator's mail names no seat of theirs when they hold none."""
    filled = sum(1 for s in seats if s.player is not None)
    rows, told = [], set()
    readers: tuple[SeatInfo | Unseated, ...] = (*seats, creator)
    for info in readers:  # a seated creator is told under their seat
        if info.player is None or info.player == joiner.player or info.player in told:
            continue
        told.add(info.player)
        context = {**base_context(game, engine), "seat": info.seat, "player": info.name, "joiner": joiner.name,
                   "joined_seat": joiner.seat, "filled": filled, "seats": len(seats)}
        rows.append(mail_row(game, info, "joined", 0, context))
    return rows


def queue_started(game, engine, fresh: list[Prompt], seats: tuple[SeatInfo, ...]) -> list[dict]:
    """'The game has begun' for every player not already mailed a first question."""
    asked = {p.seat for p in fresh}
    seated = [[s.name, s.seat] for s in seats]  # said "name (seat n)" in each reader's language
    rows, told = [], set()
    for info in seats:
        if info.player is None or info.seat in asked or info.player in told:
            continue
        if any(s.player == info.player and s.seat in asked for s in seats):
            continue  # holds another seat that is asked: the turn mail says it all
        told.add(info.player)
        context = {**board_row_context(game, player=info.name, seated=seated), "seat": info.seat}
        rows.append(mail_row(game, info, "started", 0, context))
    return rows


def held_for_quiet_hours(kind: str) -> str:
    """For the operator's commands: "; 2 wait for their players' quiet hours", or "" (rows of
    `kind` never tried whose time has not come: `held` put them off)."""
    count = (Notification.select().where((Notification.kind == kind) & (Notification.status == "pending")
                                         & (Notification.attempts == 0) & (Notification.next_attempt > utcnow()))
             .count())
    return f"; {count} wait for their players' quiet hours" if count else ""


def reminder_waiting(game_id: int, seat: int, since) -> bool:
    """Is a reminder of this wait (asked at `since`) still unsent? One held through its player's
    quiet hours is the reminder of its period: the scans write no second one to go out with it
    in the morning."""
    return Notification.select().where((Notification.game == game_id) & (Notification.seat == seat)
                                       & (Notification.kind == "reminder") & (Notification.status == "pending")
                                       & (Notification.created >= since)).exists()


def write(rows: list[dict], later: bool = False) -> int | None:
    """Insert the rows the players want, in the caller's transaction: none for a house bot,
    none a player's mail setting (above; or paused because the address bounced) leaves out
    (each insert asks it of the players row itself: no query before); reminders and digests
    held past their players' quiet hours. `later`: the inserts may wait for the
    transaction's next statement or its commit (server/store/statements.py). How many rows
    were written (None when they wait)."""
    written: int | None = 0
    for row in held([row for row in rows if mailable(row["email"])]):
        count = statements.insert(Notification, row, later=later, unless=_unwanted(row["player"], row["kind"]))
        written = None if count is None or written is None else written + count
    return written


QUIET_KINDS = frozenset({"reminder", "digest"})  # wait out the player's quiet hours; turn mails go at once


def held(rows: list[dict]) -> list[dict]:
    """The rows, a reminder or digest written (its `created`) during its player's quiet hours
    sent no earlier than their end. One query, only when such a row is among them (never on
    the move path, which writes turn mails)."""
    players = {row["player"] for row in rows if row["kind"] in QUIET_KINDS}
    if not players:
        return rows
    found = {player.id: player for player in
             Player.select(Player.id, Player.timezone, Player.quiet_hours).where(Player.id.in_(sorted(players)))}
    for row in rows:
        player = found.get(row["player"]) if row["kind"] in QUIET_KINDS else None
        until = localtime.quiet_until(row["created"], player) if player is not None else None
        if until is not None:
            row["next_attempt"] = max(row["next_attempt"], until)
    return rows


def held_again(player_id: int, now=None) -> int:
    """After a player changes their quiet hours or time zone: each reminder or digest of theirs
    still held for the old quiet hours waits for the new ones instead (or goes now, when they are
    not in quiet hours); how many were moved. A row already tried keeps its retry time."""
    now = now or utcnow()
    player = Player.get_or_none(Player.id == player_id)
    if player is None:
        return 0
    until = localtime.quiet_until(now, player) or now
    return (Notification.update(next_attempt=until)
            .where((Notification.player == player_id) & Notification.kind.in_(sorted(QUIET_KINDS))
                   & (Notification.status == "pending") & (Notification.attempts == 0)
                   & (Notification.next_attempt > now))
            .execute())


def _unwanted(player_id: int, kind: str) -> tuple[str, tuple] | None:
    """The query that finds the row's player refusing a mail of this kind (their setting, or
    BOUNCED), for the insert's NOT EXISTS; None for a row that goes to no mail address."""
    if kind in NOT_TO_THE_ADDRESS:
        return None
    refusing = (BOUNCED, *sorted(setting for setting, kinds in SKIPPED.items() if kind in kinds))
    sql = (f"SELECT 1 FROM {Player._meta.table_name} WHERE {Player.id.column_name} = %s "
           f"AND {Player.mail.column_name} IN ({statements.placeholders(len(refusing))})")
    return sql, (player_id, *refusing)
