"""The position in a mail, drawn when the mail is sent rather than stored in its outbox row.

A turn, reminder, "game has begun" or "game over" row records only which seat and which
game version it is about (its context holds `"board": true`); at send time the state at that
version is taken from the game's snapshot when the game is still there (the usual case: mail
goes out within a minute), else replayed from the seed and the log. The mail then shows the
same board, legal moves and picture a row written at move time did, from that seat's view
only, and the move path renders nothing for the mail. Rows written before this (their
context holds the summary itself, as every release before wrote it) are sent as they were
written, with the empty values of the fields the templates gained since (a rating, a
deadline, table talk), so a mail queued by any earlier release renders under this one.
The templates stay strict (StrictUndefined): any other missing field fails the mail loudly.
"""
from __future__ import annotations

from typing import Any, Callable

from server.store import state_cache
from server.table.engine_errors import engine_call
from server.notify import mailtimes, story
from server.notify.mailparts import seat_view
from server.store.models import Game
from server.rulesets import engine as find_engine
from server.players.seats import seats_of
from server.web.i18n import gamewords
from server.errors import Sentence
from server.web.i18n.catalogs import said
from server.web.i18n.templating import wrap

ASKING_KINDS = ("turn", "reminder")  # these also list the legal moves and an example
POSITION_KINDS = (*ASKING_KINDS, "started", "over")  # their position is drawn at send time now
# Left out of a row when empty (outbox.board_row_context), and absent from the rows of earlier
# releases: the templates gained them later. Anything else a template needs, a row must hold.
SEND_TIME_DEFAULTS: dict[str, object] = {"chat": [], "deadline": None, "seat_flag": "", "rating": None, "reason": ""}


def mail_context(row, language: str | None = None) -> dict:
    """Everything the row's templates need: its stored context, and for a row written without
    its position, the game's title and ruleset, the values left out as empty, and the board;
    the game's texts said in the reader's `language` (server/web/i18n/gamewords.py) and its
    dates written as its reader reads them (server/notify/mailtimes.py)."""
    return mailtimes.localized(row, _context(row, language))


def said_fields(context: dict, language: str) -> dict:
    """The context with each sentence it stored to be said when sent (`<field>_said`, a
    server.errors.Sentence as JSON) written into its field in the reader's language, and so each
    table-talk entry holding one (`said`); rows of earlier releases hold the field's English
    text only, and keep it."""
    spoken: dict[str, object] = {key[:-len("_said")]: said(Sentence.from_json(value), language)
              for key, value in context.items() if key.endswith("_said") and isinstance(value, dict)}
    chat = context.get("chat")
    if isinstance(chat, list) and any(isinstance(m, dict) and "said" in m for m in chat):
        # Herald's notes in the table talk (server/table/chat.py digest): their stored sentences
        spoken["chat"] = [{**m, "text": said(Sentence.from_json(m["said"]), language)}
                          if isinstance(m.get("said"), dict) else m for m in chat]
    return {**context, **spoken} if spoken else context


def _context(row, language: str | None) -> dict:
    if row.game_id is None:
        return row.context
    if row.kind == "digest":
        return {**row.context, "games": [mailtimes.localized(row, _spoken_entry(entry, language))
                                         for entry in still_waiting(row.context["games"])]}
    if not row.context.get("board"):  # its position written in: queued by an earlier release
        context = {**SEND_TIME_DEFAULTS, **row.context} if row.kind in POSITION_KINDS else row.context
        return _spoken(context, row, language)
    game = Game.get_by_id(row.game_id)
    engine = find_engine(game.ruleset)
    context = {**SEND_TIME_DEFAULTS, "title": engine.title, "ruleset": game.ruleset, **row.context,
               **_drawn(row, game, engine, language)}
    return gamewords.spoken_context(context, language, game.ruleset, seats_of(game))


def _spoken(context: dict, row, language: str | None) -> dict:
    """A stored context's engine texts in the reader's language (where their messages were stored)."""
    if not any(f"{key}_msg" in context for key in gamewords.SPOKEN_KEYS):
        return context
    game = Game.get_by_id(row.game_id)
    return gamewords.spoken_context(context, language, game.ruleset, seats_of(game))


def _spoken_entry(entry: dict, language: str | None) -> dict:
    """A digest's game with its question in the reader's language (digests of earlier releases
    stored it in English only, and keep it)."""
    if "prompt_msg" not in entry:
        return entry
    return gamewords.spoken_context(entry, language, entry.get("ruleset"), seats_of(Game.get_by_id(entry["game"])))


def still_waiting(games: list[dict]) -> list[dict]:
    """A digest's games that still wait for the seat it names: a digest held through its
    player's quiet hours (server/table/outbox.held) leaves out those answered meanwhile."""
    return [entry for entry in games if story.still_asked(entry["game"], entry["seat"], entry["version"])]


def board_context(row, language: str | None = None) -> dict:
    """summary and view (and example and legal for a question) for the row's seat and version;
    nothing for a row that stored its own."""
    if not row.context.get("board") or row.game_id is None:
        return {}
    game = Game.get_by_id(row.game_id)
    return _drawn(row, game, find_engine(game.ruleset), language)


def _drawn(row, game, engine, language: str | None) -> dict:
    """An engine failing here is an EngineError, logged with the game and the row's version."""
    with engine_call(game.id, row.version, "drawing the position for a mail"):
        state = state_cache.state_at(game, engine, row.version)
        summary = engine.summary(engine.view(state, row.seat), row.seat)
        context: dict[str, object] = {"summary": gamewords.spoken(summary, language, game.ruleset, seats_of(game)),
                   "view": seat_view(engine, state, row.seat)}
        if row.kind in ASKING_KINDS:
            context["example"], context["legal"] = legal_in_mail(
                engine, state, row.seat, lambda text: gamewords.said(text, language, game.ruleset))
    return context


LEGAL_IN_MAIL = 40


def legal_in_mail(engine, state, seat: int, speak: Callable[[Any], str] = str) -> tuple[str | None, list[str]]:
    """(one legal move in notation, to show the exact command: a concrete one that can be
    pasted as it is, where the game lists any; and the first LEGAL_IN_MAIL legal moves, so
    that a player who answers by mail copies a line from the mail, a pattern with its help
    under it, `with_help`). A turn mail and an answer by mail list them alike."""
    legal = engine.legal_moves(state, seat)  # an engine failing here is loud (server.table.engine_errors)
    texts = [with_help(move["pattern"], move.get("help"), speak) if "pattern" in move else engine.format(move)
             for move in legal[:LEGAL_IN_MAIL]]
    concrete = [move for move in legal if "pattern" not in move]
    if concrete:
        return engine.format(concrete[0]), texts
    return (legal[0]["pattern"] if legal else None), texts


HELP_INDENT = " " * 6


def with_help(pattern: Any, help: Any, speak: Callable[[Any], str]) -> str:
    """A move pattern as a mail lists it, `speak` saying its placeholders' words and its help in
    the reader's language (its keywords are notation: core/text.py `pattern`): the help on lines
    of its own under it, indented, at a mail's width (beside it, the line ran to 150 columns).
    The one way every mail lists a pattern: the turn mails, reminders, and the answers by mail."""
    if not help:
        return speak(pattern)
    return f"{speak(pattern)}\n{wrap(f'({speak(help)})', HELP_INDENT)}"
