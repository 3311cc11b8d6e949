"""Registration and the caller's own record."""
from __future__ import annotations

from flask_smorest import Blueprint
from peewee import IntegrityError

from server.config import current_settings
from server.players import localtime
from server.players.addresses import normalized_email
from server.players.auth import current_player, new_token
from server.store import names
from server.store.db import write_transaction
from server.errors import ApiError, msg
from server.api.error_handlers import ErrorSchema
from server.store.models import Player, Seat
from server.api.routes.schemas import NewPlayerSchema, PlayerSchema, RegisterSchema, checked_zone

blp = Blueprint("players", __name__, url_prefix="/players", description="Players and API tokens")


@blp.route("", methods=["POST"])
@blp.arguments(RegisterSchema())
@blp.response(201, NewPlayerSchema)
@blp.alt_response(409, schema=ErrorSchema, description="name-taken")
@blp.alt_response(403, schema=ErrorSchema, description="registration-closed, invite-required")
@blp.alt_response(422, schema=ErrorSchema, description="bad-email: the address cannot receive mail; "
                                                         "bad-timezone: not an IANA time zone")
@blp.alt_response(429, schema=ErrorSchema, description="rate-limited (Retry-After says when to try again)")
@blp.doc(security=[])
def register(body):
    """Register; the token in the answer is shown this once and stored only hashed. The
    operator's HERALD_REGISTRATION may close registration or ask for a seat invite."""
    settings = current_settings()
    check_registration_policy(settings.registration, body.get("invite"))
    return create_player(body["name"], body["email"], settings.email_check_dns, timezone=body["timezone"],
                         language=body.get("language"))


def check_registration_policy(policy: str, invite: str | None) -> None:
    if policy == "closed":
        raise ApiError(403, "registration-closed",
                       msg("This server does not take new players; ask its operator for an account."))
    if policy == "invite":
        open_seat = (Seat.select().where((Seat.invite == (invite or "")) & Seat.player.is_null()).exists()
                     if invite else False)
        if not open_seat:
            raise ApiError(403, "invite-required",
                           msg("This server takes new players by invitation: register with the invite code of a free seat."))


def create_player(name: str, email: str, check_dns=False, timezone: str | None = None,
                  language: str | None = None) -> dict:
    """A new player with a fresh token (also used by the operator's `herald server players add`);
    the address checked and normalised by email-validator; the time zone, if given, checked;
    `language`: the one Herald writes to them in (None: not chosen)."""
    name = names.normalised(name)
    email = normalized_email(email, check_dns)
    zone = checked_zone(timezone) if timezone is not None else localtime.DEFAULT_ZONE
    token, digest = new_token()
    taken = ApiError(409, "name-taken", msg("The name %(name)s is already taken.", name=repr(name)))
    try:
        with write_transaction():
            # Names differing only in case would let one player pass for another in events and mails.
            if Player.name_taken(name):
                raise taken
            player = Player.create(name=name, email=email, token_hash=digest, timezone=zone, language=language)
    except IntegrityError:
        raise taken from None
    return {"id": player.id, "name": player.name, "email": player.email, "token": token, "timezone": player.timezone,
            "quiet_hours": player.quiet_hours, "digest_at": player.digest_at, "language": player.language}



@blp.route("/me")
@blp.response(200, PlayerSchema)
def me():
    from server.api.routes.mail import me_body  # with the mail setting and the games waiting for me

    return me_body(current_player().id)
