"""Signed, seat-scoped, revocable links to the game page (`/play/{id}?t=TOKEN`).

A token is `itsdangerous`-signed with the server's HERALD_SECRET_KEY and names one game, one
seat, that seat's link generation and the player it was made for. It grants exactly that seat
in that game while that player holds it (see `caller_for`), never the player's other games nor
their API token; raising the seat's generation (`revoke`) makes every earlier link of that seat
worthless at once. Naming the player keeps a link of a withdrawn game from opening the game
SQLite numbers the same next. A link made before links named their player opens only a game
created before then (migration m0100). Without a secret key the server makes no links and
accepts none.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from itsdangerous import BadSignature, URLSafeSerializer

from server.config import Settings, current_settings, settings_of
from server.players.auth import Caller
from server.store import statements
from server.store.db import write_transaction
from server.errors import ApiError, msg
from server.store.models import Game, Player, Seat, ServerSetting
from server.players.seats import resolve_seat

SALT = "herald-play-link"
LEGACY_LINKS_UNTIL = "page-links-name-holder-since"  # (server_settings: written by migration m0100)


@dataclass(frozen=True)
class Grant:
    """What a valid link gives: the player in that seat, acting for that seat only."""

    caller: Caller
    game: int
    seat: int
    token: str


def _serializer(config: Settings) -> URLSafeSerializer:
    key = config.secret_key
    if not key:
        raise ApiError(503, "links-disabled", msg("This server makes no game-page links: its operator has not set "
                                                  "HERALD_SECRET_KEY."))
    return URLSafeSerializer(key, salt=SALT)


def token_for(config: Settings, game_id: int, seat: int, generation: int, holder: int) -> str:
    config = settings_of(config)
    return _serializer(config).dumps([game_id, seat, generation, holder])


def url_for_seat(config: Settings, game_id: int, seat: int, holder: int | None = None) -> str | None:
    """The page link for a seat as it stands now, or None without a key or a seated player, or
    (given `holder`) when that player no longer holds it: a mail written for a seat's holder and
    sent after a handover must not open the seat for its old holder."""
    config = settings_of(config)
    if not config.secret_key:
        return None
    rows = statements.query_rows(("link of a seat",), lambda: Seat.select(Seat.player, Seat.link_generation)
                                 .where((Seat.game == 0) & (Seat.seat == 0)), (game_id, seat))
    if not rows or rows[0][0] is None or (holder is not None and rows[0][0] != holder):
        return None
    return f"{config.public_url}/play/{game_id}?t={token_for(config, game_id, seat, rows[0][1], rows[0][0])}"


def caller_for(token: str, game_id: int) -> Grant:
    """The grant of a link token for this game, or 403 `bad-link`."""
    refused = ApiError(403, "bad-link", msg("This game link is not valid (or no longer): ask the game for a new one "
                                            "with 'herald link GAME' or open the link in your latest mail."))
    try:
        fields = _serializer(current_settings()).loads(token or "")
        game, seat, generation = fields[:3]
        holder = fields[3] if len(fields) == 4 else None
        if len(fields) not in (3, 4):
            raise ValueError(fields)
    except (BadSignature, ValueError, TypeError, KeyError):
        raise refused from None
    if game != game_id or (holder is None and not _older_than_holders(game_id)):
        raise refused
    rows = statements.query_rows(  # (SQL built once: every request of a game page asks)
        ("link grant",), lambda: Seat.select(Seat.link_generation, Player.disabled, Player.id, Player.name, Player.email)
        .join(Player, on=(Seat.player == Player.id)).where((Seat.game == 0) & (Seat.seat == 0)), (game_id, seat))
    row = rows[0] if rows else None
    if row is None or row[0] != generation or (holder is not None and row[2] != holder):
        raise refused
    if row[1]:
        raise ApiError(403, "player-disabled", msg("This player has been disabled by the server's operator."))
    return Grant(Caller(*row[2:]), game_id, seat, token)


def holder_named(token: str | None, game_id: int) -> int | None:
    """The player a link this server signed for this game names, whether or not it still grants
    the seat (revoked, the seat handed over), or None: its refusal speaks to that player."""
    try:
        fields = _serializer(current_settings()).loads(token or "")
        holder = fields[3] if isinstance(fields, list) and len(fields) == 4 and fields[0] == game_id else None
    except (ApiError, BadSignature, TypeError):
        return None
    return holder if isinstance(holder, int) else None


def _older_than_holders(game_id: int) -> bool:
    """Whether the game was created before page links named their player (a link without one,
    made then, may open it; a game created since may have the number of a withdrawn one)."""
    since = ServerSetting.get_or_none(ServerSetting.key == LEGACY_LINKS_UNTIL)
    created = Game.select(Game.created).where(Game.id == game_id).scalar()
    return since is not None and created is not None and created < datetime.fromisoformat(since.value)


def link(game, caller, requested: int | None) -> dict:
    """GET /games/{id}/link: a page link for one of the caller's seats."""
    seat = resolve_seat(game, caller, requested)
    url = url_for_seat(current_settings(), game.id, seat)
    if url is None:
        _serializer(current_settings())  # says why
    return {"game": game.id, "seat": seat, "url": url}


def revoke(game, caller, requested: int | None) -> dict:
    """POST /games/{id}/link/revoke: every earlier link of that seat stops working."""
    seat = resolve_seat(game, caller, requested)
    with write_transaction():
        (Seat.update(link_generation=Seat.link_generation + 1)
         .where((Seat.game == game.id) & (Seat.seat == seat)).execute())
    return link(game, caller, seat)
