"""The parts of a mail: the plain text in an encoding that keeps its lines whole, and the
HTML alternative showing the board as an inline PNG (cairosvg) and the game-page link.

The HTML part is the text part itself, paragraph by paragraph (the greeting, the recap, the
deadline, the moves to answer with: all of it, once), with the button, the picture and the
board as fixed-width text where the text says "Your position:".

The board is drawn from the seat's own view at the version the outbox row is about (taken
when the mail is sent: server/notify/mailboard.py), so the mail shows the position it is about,
and nothing that seat may not see.
A player whose `mail_format` is `plain` gets the plain text only. A mail is never lost for
want of a picture: if converting it fails (no Cairo library, say), the plain text goes
alone; the game's engine failing to draw it is a bug, and as loud as anywhere else.
"""
from __future__ import annotations

import logging
import re
import struct
from email.message import EmailMessage
from email.utils import make_msgid

from core.protocol import Game
from server.config import Settings, settings_of
from server.web import playlinks
from server.table.engine_errors import EngineError, engine_call
from server.store.models import Game as GameRow, Player
from server.table.pictures import drawn, named_markup
from server.rulesets import engine as find_engine
from server.players.seats import seats_of
from server.web.i18n import gamewords, templating

log = logging.getLogger(__name__)

MAX_LINE = 998  # bytes in a line of mail, without its CRLF (RFC 5322)


def transfer_encoding(text: str, policy) -> str:
    """The Content-Transfer-Encoding that carries every line whole: a board is wider than 78
    columns and must not be broken. 7bit for ASCII, 8bit in a mail that is UTF-8 throughout
    (RFC 6532: its relay offers SMTPUTF8), else quoted-printable, whose soft breaks every
    reader undoes. Never the library's own choice, which is base64 for wide or accented text."""
    longest = max((len(line.encode("utf-8")) for line in text.splitlines()), default=0)
    if longest <= MAX_LINE and text.isascii():
        return "7bit"
    return "8bit" if longest <= MAX_LINE and policy.utf8 else "quoted-printable"


def set_text(message: EmailMessage, text: str) -> None:
    message.set_content(text, cte=transfer_encoding(text, message.policy))


def paragraphs(text: str) -> list[dict]:
    """The text's paragraphs for the HTML part: prose, or (where a line is indented: commands,
    moves, a recap's events) lines kept as they are."""
    found = []
    for block in re.split(r"\n(?:[ \t]*\n)+", text.strip("\n")):
        lines = block.strip("\n").split("\n")
        if any(line.strip() for line in lines):
            found.append({"pre": any(line[:1] in (" ", "\t") for line in lines), "lines": lines})
    return found


def html_sections(text: str, board: str | None) -> dict:
    """The text around its board: what comes before (its last paragraph heads the board), the
    board, what follows. Without a board in the text, all of it comes before."""
    if not board or board not in text:
        return {"intro": paragraphs(text), "heading": None, "board_text": None, "rest": []}
    before, _, after = text.partition(board)
    intro = paragraphs(before)
    return {"intro": intro[:-1], "heading": intro[-1] if intro else None, "board_text": board, "rest": paragraphs(after)}


def seat_view(engine, state, seat: int) -> dict | None:
    """What the mail's picture is drawn from: that seat's own view (None if no picture)."""
    if getattr(engine.picture, "__func__", None) is Game.picture:  # (engine may be a wrapper: server.table.undo)
        return None  # the game draws no picture
    return engine.view(state, seat)


def play_url(row, config: Settings) -> str | None:
    """The seat's game-page link as it stands now, for the player the mail is written to: None
    without a secret key, or once that player no longer holds the seat (a handover since)."""
    config = settings_of(config)
    if row.seat is None or row.player_id is None:
        return None
    return playlinks.url_for_seat(config, row.game_id, row.seat, row.player_id)


def board_svg(row, view: dict | None, language: str | None = None) -> str | None:
    """The board of that view of the row's seat as SVG, names written in, its words in the
    recipient's `language` (None if the game draws none). The engine failing is an EngineError
    (loud: the mail is not sent)."""
    if not view:
        return None
    game = GameRow.get_by_id(row.game_id)
    engine = find_engine(game.ruleset)
    with engine_call(row.game_id, row.version, "drawing the picture for a mail"):
        svg = drawn(engine, view, row.seat, speak=gamewords.speaking(language, game.ruleset))
    return None if svg is None else named_markup(svg, seats_of(game))


def board_png(row, view: dict | None, language: str | None = None) -> bytes | None:
    """`board_svg` as PNG; Cairo failing is not the game's."""
    svg = board_svg(row, view, language)
    if svg is None:
        return None
    import cairosvg  # needs the Cairo library (Debian: libcairo2)

    # At the picture's own size (390-630 px wide): sharp enough, and a third of the bytes and
    # the time of an enlarged one (a game sends hundreds of these).
    return cairosvg.svg2png(bytestring=svg.encode("utf-8"))


def add_html(message: EmailMessage, row, config: Settings, text: str, link: str | None, context: dict,
             language: str = "en") -> EmailMessage:
    """Add the HTML alternative with the inline board, unless the player wants plain text or
    the game draws no picture. `context`: the row's, with the position drawn at send time;
    `language`: the text's (the HTML says the same in the same words)."""
    config = settings_of(config)
    if Player.get_by_id(row.player_id).mail_format == "plain":
        return message
    try:
        png = board_png(row, context.get("view"), language)
    except EngineError:
        raise  # a bug in the game: loud, like one in the text's board
    except Exception:  # Cairo: the plain text still goes, a lost turn mail is worse than no picture
        log.exception("mail %s goes without its picture", row.id)
        return message
    if png is None:
        return message  # no board to show: the plain text says it all
    cid = make_msgid(f"board.{row.id}", domain="herald.invalid")
    html = templating.render(
        "mail.html.j2", language, **context, **html_sections(text, context.get("summary")), kind=row.kind, link=link,
        board_cid=cid[1:-1],
        board_width=struct.unpack(">I", png[16:20])[0])  # from the PNG's header
    message.add_alternative(html, subtype="html", cte=transfer_encoding(html, message.policy))
    html_part = list(message.iter_parts())[1]  # the alternative just added
    html_part.add_related(png, "image", "png", cid=cid, filename=f"game-{row.game_id}.png")
    return message
