"""The game page (`GET /play/{id}`): the board, the log as the seat may see it, what it is
asked, its legal moves and a move box, rendered on the server from the same functions the
REST API answers with (gameviews, movelog), for the one seat a link grants.

The page speaks the language `?lang=` names, else its player's own setting, else the one the
browser asks for (Accept-Language), else English; a form at its foot sets the player's
language (`POST /play/{id}/language`), for the page and for the mails alike."""
from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from urllib.parse import urlencode

from flask import request

from core import resign
from core.protocol import Game
from core.text import pattern_pieces
from server.players import localtime
from server.table import chat, gameviews, movelog, pictures
from server.errors import ApiError, Sentence, msg, msg_n
from server.table.gameviews import current_state
from server.store.models import ChatMessage, Move, Player
from server.web import playlinks
from server.web.i18n import gamewords
from server.web.i18n import languages, templating, terms
from server.web.i18n.catalogs import said, spoken
from server.web.i18n.gametext import render_event_text

LOG_TAIL = 40  # the latest log entries on the page (the whole log: `herald log`)
LEGAL_SHOWN = 300  # concrete moves listed as buttons; the move box takes any
POLL_SECONDS = 10  # each long-poll of the page's script (gameviews.wait's timeout)
NOTES = 5  # Herald's latest notes at the table (a seat handed over, a player's mail bounced)
TALK = 30  # the latest messages of table talk the seat may read


def context(grant, error: ApiError | None = None, typed: str = "", language: str = languages.DEFAULT,
            played_seq: int | None = None) -> dict:
    """Everything the page shows, read at one version of the game (the log's, the clock's and
    the board picture's words in the page's `language`)."""
    for _ in range(3):
        game, engine, state = current_state(grant.game)
        detail = gameviews.detail(grant.game, grant.caller, grant.seat)
        if detail["version"] == game.version:
            break
    legal = gameviews.legal(grant.game, grant.caller, grant.seat)
    log = movelog.read_log(grant.caller, grant.game, max(0, game.version - LOG_TAIL), grant.seat,
                           text_of=lambda event: render_event_text(event, language, game.ruleset))
    svg = pictures.draw(game, engine, state, grant.seat, gamewords.speaking(language, game.ruleset)) \
        if state is not None else None
    # the picture's text alternative, from the same state, said in the page's language (gamewords.speak)
    text = (gameviews.board_text(game, engine, state, grant.seat) or None) if state is not None else None
    if svg is not None and text is not None:  # the picture's long description: the board as text
        svg = svg.replace('role="img"', 'role="img" aria-describedby="board-text"', 1)
    # Resigning is its own small form that asks to be confirmed, never one of the move buttons.
    concrete = [m for m in legal["moves"] if not m.get("pattern") and not resign.is_resign(m.get("move"))]
    # (a game whose rules know resigning: it is never among the legal moves, and is accepted at any time)
    can_resign = game.status == "active" and state is not None and type(engine).apply_resign is not Game.apply_resign
    out = game.status == "active" and state is not None and engine.is_out(state, grant.seat)
    me = next(s for s in detail["seats"] if s["seat"] == grant.seat)
    reader = localtime.requester(grant.caller.id)  # the log's times as the seat's player reads dates
    for entry in log["moves"]:
        entry["when"] = localtime.format_iso(entry.get("created"), reader, "short")
    played = _played(log["moves"], grant.seat, played_seq)
    return {"game": detail, "seat": grant.seat, "me": me, "token": grant.token, "svg": svg, "board_text": text,
            "played": played,
            "asked": [p for p in detail["prompted"] if p["seat"] == grant.seat],
            # whom the game waits for, never their question: it is written to them ("Your turn: ...")
            "waiting_for": list(dict.fromkeys(p["seat"] for p in detail["prompted"] if p["seat"] != grant.seat)),
            # out of a game that goes on: "resigned" where the seat resigned, else True (knocked out)
            "out": ("resigned" if resigned(grant.game, grant.seat) else True) if out else False,
            "can_resign": can_resign and not out,
            "moves": concrete[:LEGAL_SHOWN], "more_moves": max(0, len(concrete) - LEGAL_SHOWN),
            # a pattern's notation marked English, its placeholders' words said in the page's language
            "patterns": [dict(m, pieces=pattern_pieces(m["text"])) for m in legal["moves"] if m.get("pattern")],
            "log": list(reversed(log["moves"])), "error": error, "typed": typed,
            "poll_seconds": POLL_SECONDS, "clock": clock_lines(detail.get("clock"), grant.seat, language),
            "notes": table_notes(grant.game, language), "zone": localtime.zone_note(reader),
            **talk(grant, detail["seats"], reader, language)}


def talk(grant, seats: list[dict], reader, language: str) -> dict:
    """The table talk the seat may read, as the page lists it (each private message marked with
    whom else it went to, this seat as "you"), the seats the talk form may write to alone, and
    a fresh key for that form: a form sent twice says its message once (chat.say)."""
    names = {s["seat"]: s["name"] or said(msg("seat %(seat)s", seat=s["seat"]), language) for s in seats}
    lines = [{"name": m["name"], "text": m["text"], "created": m["created"].isoformat(timespec="seconds") + "Z",
              "when": localtime.format_when(m["created"], reader, "short"),
              "to": said(_private(m, grant.seat, names), language) if m["to"] else ""}
             for m in chat.latest(grant.game, grant.seat, TALK)]
    return {"talk": lines, "talk_key": secrets.token_urlsafe(12),
            "talk_seats": [{"seat": s, "name": name} for s, name in names.items() if s != grant.seat]}


def _private(message: dict, seat: int, names: dict[int, str]) -> Sentence:
    """Whom else a private message went to, as `seat` reads it ("only to you and ben"); a note
    its sender wrote to themselves alone reads "only to you" to them, its only reader."""
    others = ", ".join(names.get(s, str(s)) for s in message["to"] if s not in (seat, message["seat"]))
    if seat in message["to"] and seat != message["seat"]:
        return msg("(only to you and %(names)s)", names=others) if others else msg("(only to you)")
    return msg("(only to %(names)s)", names=others) if others else msg("(only to you)")


@dataclass
class TalkForm:
    """The talk form as it was sent, shown again beside its refusal: nothing typed is lost."""

    error: ApiError | None = None
    text: str = ""
    to: int | None = None


def _played(moves: list[dict], seat: int, seq: int | None) -> dict | None:
    """The move this seat just played (`?played=` after the move form), as the log shows it, for
    the page to say in its live region without a script; None for any other seq."""
    if seq is None:
        return None
    return next(({"seq": m["seq"], "text": m["text"]} for m in moves
                 if m.get("seq") == seq and m.get("seat") == seat and m.get("text")), None)


def resigned(game_id: int, seat: int) -> bool:
    """Whether `seat` left the game by resigning (rather than being knocked out)."""
    return Move.select(Move.id).where((Move.game == game_id) & (Move.seat == seat)
                                      & (Move.text == resign.NOTATION)).exists()


# What a passed deadline does, as the clock line says it (the words players choose it by).
ON_TIMEOUT = {"default": msg("default"), "resign": msg("resign"), "bot": msg("bot"), "skip": msg("skip")}


def clock_lines(shown: dict | None, seat: int, language: str) -> list[str]:
    """The clock as the game page says it to `seat`, in the page's language (from
    `clocks.clock()`'s answer, its deadlines written for the page's reader)."""
    if not shown:
        return []
    action = ON_TIMEOUT.get(shown["on_timeout"], shown["on_timeout"])
    if shown.get("reserve_days"):
        line = msg_n("Clock: %(num)d day per move + %(reserve)s of reserve; at a passed deadline: %(action)s.",
                     "Clock: %(num)d days per move + %(reserve)s of reserve; at a passed deadline: %(action)s.",
                     shown["days_per_move"], action=action,
                     reserve=msg_n("%(num)d day", "%(num)d days", shown["reserve_days"]))
    else:
        line = msg_n("Clock: %(num)d day per move; at a passed deadline: %(action)s.",
                     "Clock: %(num)d days per move; at a passed deadline: %(action)s.", shown["days_per_move"],
                     action=action)
    lines = [said(line, language)]
    for entry in shown["deadlines"]:
        if entry["seat"] == seat:
            left = entry.get("reserve_left")
            if entry.get("overdue"):
                lines.append(said(msg("Your deadline passed on %(deadline)s; the game still waits for your answer.",
                                      deadline=entry["deadline_text"]), language))
            elif left is None:
                lines.append(said(msg("Answer by %(deadline)s.", deadline=entry["deadline_text"]), language))
            else:
                lines.append(said(msg("Answer by %(deadline)s (reserve left: %(days)sd %(hours)sh).",
                                      deadline=entry["deadline_text"], days=left // 86400, hours=left % 86400 // 3600),
                                  language))
    return lines


def table_notes(game_id: int, language: str = languages.DEFAULT) -> list[dict]:
    """Herald's own notes at the table (to everyone), oldest of the latest NOTES first, each
    {text, lang}: in `language` where its sentence was stored, else as stored (English)."""
    rows = (ChatMessage.select(ChatMessage.text, ChatMessage.sentence)
            .where((ChatMessage.game == game_id) & (ChatMessage.kind == "table") & ChatMessage.to.is_null())
            .order_by(ChatMessage.id.desc()).limit(NOTES))
    notes = [chat.text_of(row.text, row.sentence) for row in rows][::-1]
    return [{"text": said(note, language), "lang": spoken(note, language)} for note in notes]


def player_language(player_id: int) -> str | None:
    """The language the player chose, or None."""
    row = Player.select(Player.language).where(Player.id == player_id).first()
    return row.language if row else None


def page_language(grant) -> tuple[str, str]:
    """(the page's language, the query keeping a `?lang=` choice in the page's own links)."""
    language, chosen = languages.requested(player_language(grant.caller.id))
    return language, f"?lang={language}" if chosen else ""


def render(grant, error: ApiError | None = None, typed: str = "", played: int | None = None,
           said_to: TalkForm | None = None, language_error: ApiError | None = None) -> tuple[str, str, str]:
    """(HTML, the nonce its inline script runs under, its language); `error` and `typed` are the
    move box's refusal and text, `said_to` the talk form's sent back with its refusal,
    `language_error` the language form's."""
    nonce = secrets.token_urlsafe(16)
    language, query = page_language(grant)
    shown = gamewords.speak(context(grant, error, typed, language, played), language)
    sent = said_to or TalkForm()
    talk_refusal = refusal(sent.error, language)
    language_refusal = refusal(language_error, language)
    html = templating.render("play.html.j2", language, **shown, **refusal(error, language, shown["game"]["ruleset"]),
                             talk_error=sent.error, talk_typed=sent.text, talk_to=sent.to,
                             talk_refusal=talk_refusal["refusal"], talk_refusal_language=talk_refusal["refusal_language"],
                             language_error=language_error, language_refusal=language_refusal["refusal"],
                             language_refusal_language=language_refusal["refusal_language"],
                             nonce=nonce, query=query,
                             title=terms.title(language, shown["game"]["title"], shown["game"]["ruleset"]),
                             language_names=languages.NAMES)
    return html, nonce, language


# The page's own words for a refusal whose API sentence speaks to a command line: the person
# reading this page has a browser and their mail.
PAGE_SENTENCES = {"bad-link": msg("This game link is not valid (or no longer): open the link in your newest "
                                  "turn mail."),
                  "link-required": msg("Open this page with the link in your newest turn mail.")}


def refusal(error: ApiError | None, language: str, ruleset: str | None = None) -> dict:
    """A refusal's sentence as the page says it, marked with its language: the server's own in
    the page's language, and the rules' (an engine's message) with the game's words, as the REST
    API says them (server/api/error_handlers.py); any other text as it was written."""
    if error is None:
        return {"refusal": None, "refusal_language": None}
    if gamewords.is_game_text(error.message):
        return {"refusal": str(gamewords.speak(error.message, language, ruleset)),
                "refusal_language": languages.effective(language)}
    message = PAGE_SENTENCES.get(error.code, error.message)
    return {"refusal": said(message, language), "refusal_language": spoken(message, language)}


def refusal_json(error: ApiError, grant=None, link: tuple[str | None, int] | None = None) -> tuple[dict, str]:
    """The long-poll's refusal as JSON ({"error": ...}, as the API's) and its language: the
    page's (the link's player's, `?lang=`, Accept-Language), where no link was granted as
    `refused_language` says; its sentence the page's own (PAGE_SENTENCES): the page shows it."""
    language = page_language(grant)[0] if grant is not None else refused_language(error, link)
    message = PAGE_SENTENCES.get(error.code, error.message)
    body = error.body()["error"]
    body["message"] = said(message, language)
    return {"error": body}, spoken(message, language)


def refused_language(error: ApiError, link: tuple[str | None, int] | None = None) -> str:
    """The language of a refusal where no link was granted: a link (token, game) this server
    signed but no longer honours (revoked, its seat handed over) still names its player, whose
    page spoke their language; else the browser's. (Only a refused link asks the database: a
    busy one refuses without it.)"""
    holder = playlinks.holder_named(*link) if link is not None and error.code == "bad-link" else None
    return languages.requested(player_language(holder) if holder is not None else None)[0]


@dataclass(frozen=True)
class WayBack:
    """What a refusal page may offer where the request's own link granted its seat (a busy
    database, a body too large): a link back to the game, and what the move or talk form sent,
    to copy or send again. Only the requester's own: their link, their words."""

    grant: playlinks.Grant
    form: str = ""  # "move" or "chat": the form whose text is shown again, in a form of its own
    typed: str = ""
    sent: dict = field(default_factory=dict)  # the form's other fields (seq, key, to, confirm), sent again with it
    unread: bool = False  # the body was refused for its size, never read: nothing to show


def render_refusal(error: ApiError, link: tuple[str | None, int] | None = None,
                   back: WayBack | None = None) -> tuple[str, str]:
    """(HTML, its language): `refused_language`'s (the database is not asked for the granted
    player's: it may be the trouble). With `back`, a link to the game and what was typed; else
    the page says it cannot lead back, and where the game's link is."""
    language = refused_language(error, link)
    chosen = languages.requested()[1]
    query = f"?lang={language}" if chosen else ""
    game_page = None
    if back is not None:
        game_page = f"/play/{back.grant.game}?" + urlencode({"t": back.grant.token, **({"lang": language} if chosen else {})})
    return templating.render("play_error.html.j2", language, error=error, **refusal(error, language), back=back,
                             game_page=game_page, query=query, sent_form=request.method == "POST",
                             says_mail=error.code in PAGE_SENTENCES), language


def choose_language(grant, code: str) -> None:
    """The page's language form: the player's setting, for the page and the mails."""
    language = languages.normalise(code)
    if language is None:
        raise ApiError(422, "invalid-input", languages.unknown(code))
    Player.update(language=language).where(Player.id == grant.caller.id).execute()
