"""Mail settings of the caller (PATCH /players/me: the mail setting, the language) and invitations by mail."""
from __future__ import annotations

from flask import request
from flask_smorest import Blueprint
from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from server.players.auth import current_player
from server.store.db import write_transaction
from server.errors import ApiError, msg, no_such_game
from server.table.gameviews import load_game
from server.api.error_handlers import ErrorSchema
from server.table import invitations, outbox
from server.table.outbox import SETTINGS
from server.notify.digest import waiting_games
from server.store.models import Player, lock_game
from server.api.routes.games import GAME_ID
from server.api.routes.schemas import (MAX_SEAT, PlayerSchema, StrictSchema, checked_digest_at, checked_quiet,
                                        checked_zone, email_field, language_field)

blp = Blueprint("mail", __name__, description="Mail settings and invitations by mail")


class MailSettingSchema(StrictSchema):
    """PATCH /players/me: any of these; what is left out stays as it is."""

    mail = fields.String(validate=validate.OneOf(SETTINGS), metadata={"description": "turns, digest or off"})
    timezone = fields.String(validate=validate.Length(min=1, max=64),
                             metadata={"description": "an IANA time zone name, e.g. Europe/Stockholm (422 "
                                                      "bad-timezone otherwise)"})
    quiet_hours = fields.String(allow_none=True, validate=validate.Length(max=40), metadata={
        "description": "from-to in my zone, e.g. 22-8 or 22:30-07:00; 'off' or null for none (422 bad-quiet-hours)"})
    digest_at = fields.String(validate=validate.Length(min=1, max=40), metadata={
        "description": "the time of my day for my daily digest, e.g. 8, 07:30 or 7pm (422 bad-digest-time)"})
    language = language_field(allow_none=True)  # null: none chosen again

    @validates_schema
    def _something(self, data, **kwargs):
        if not data:
            raise ValidationError(msg("Say what to change: at least one of mail (turns, digest or off), timezone, "
                                      "quiet_hours, digest_at and language (en, sv, ru, nl, es or hu)."))


class MailInviteSchema(StrictSchema):
    email = email_field()  # (checked as registration checks it: server/players/addresses.py)
    seat = fields.Integer(load_default=None, validate=validate.Range(min=0, max=MAX_SEAT),
                          metadata={"description": "default: the first free seat not yet invited"})


class MailInvitedSchema(Schema):
    game = fields.Integer()
    seat = fields.Integer()
    email = fields.String()


def me_body(player_id: int) -> dict:
    """GET/PATCH /players/me: the record, the mail setting, and how many games wait for me."""
    player = Player.get_by_id(player_id)
    return {"id": player.id, "name": player.name, "email": player.email, "mail": player.mail,
            "waiting": len(waiting_games(player.id)), "timezone": player.timezone, "quiet_hours": player.quiet_hours,
            "digest_at": player.digest_at, "language": player.language}


@blp.route("/players/me", methods=["PATCH"])
@blp.arguments(MailSettingSchema())
@blp.response(200, PlayerSchema)
@blp.alt_response(422, schema=ErrorSchema, description="bad-timezone, bad-quiet-hours, bad-digest-time, invalid-input")
def change_mail(body):
    """Change my mail setting (a mail per turn, one digest a day, or none), my time zone, my
    quiet hours (reminders and digests wait until they end; turn mails do not), my digest's time
    of day, or my language (the one Herald's mails and my game page speak: en, sv, ru, nl, es or
    hu; null: none chosen)."""
    caller = current_player()
    changes = {}
    if "mail" in body:
        changes["mail"] = body["mail"]
    if "timezone" in body:
        changes["timezone"] = checked_zone(body["timezone"])
    if "quiet_hours" in body:
        changes["quiet_hours"] = checked_quiet(body["quiet_hours"])
    if "digest_at" in body:
        changes["digest_at"] = checked_digest_at(body["digest_at"])
    if "language" in body:
        changes["language"] = body["language"]
    with write_transaction():
        Player.update(**changes).where(Player.id == caller.id).execute()
        if "timezone" in changes or "quiet_hours" in changes:
            outbox.held_again(caller.id)  # a reminder held for the old quiet hours waits for the new ones
    return me_body(caller.id)


@blp.before_request
def _creator_only():
    """Before the body is read (as for every game route): a stranger learns nothing from a 422."""
    if request.endpoint == "mail.invite":
        game_id = (request.view_args or {})["game_id"]
        game = load_game(game_id)
        if game.creator_id != current_player().id:
            raise ApiError(403, "forbidden", msg("Only the player who created this game can invite to it."))


@blp.route(f"/games/{GAME_ID}/invitations", methods=["POST"])
@blp.arguments(MailInviteSchema())
@blp.response(201, MailInvitedSchema)
@blp.alt_response(409, schema=ErrorSchema, description="seat-taken or game-not-open")
@blp.alt_response(429, schema=ErrorSchema, description="too-many-invitations (30 a day, 3 to one address)")
def invite(body, game_id):
    """Mail an invitation to a free seat; the invited person joins by replying `join`."""
    caller = current_player()
    with write_transaction():
        game = lock_game(game_id)
        if game is None:  # deleted since _creator_only found it
            raise no_such_game(game_id)
        if game.status != "open":
            raise ApiError(409, "game-not-open", msg("That game is no longer taking players."))
        seat, email = invitations.invite(game, caller, body["email"], body["seat"])
    return {"game": game.id, "seat": seat.seat, "email": email}
