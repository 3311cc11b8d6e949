"""GET/PUT /players/me/mail-format: multipart mails (text + HTML with the board) or plain text."""
from __future__ import annotations

from flask_smorest import Blueprint
from marshmallow import Schema, fields, validate

from server.players.auth import current_player
from server.store.models import MAIL_FORMATS as FORMATS, Player

blp = Blueprint("mailformat", __name__, url_prefix="/players", description="How my mails are written")


class MailFormatSchema(Schema):
    mail_format = fields.String(required=True, validate=validate.OneOf(FORMATS))


@blp.route("/me/mail-format", methods=["GET"])
@blp.response(200, MailFormatSchema)
def get_format():
    """How my mails are written: `multipart` (plain text + HTML with the board) or `plain`."""
    return {"mail_format": Player.get_by_id(current_player().id).mail_format}


@blp.route("/me/mail-format", methods=["PUT"])
@blp.arguments(MailFormatSchema())
@blp.response(200, MailFormatSchema)
def put_format(body):
    """Choose how my mails are written, from the next mail on."""
    Player.update(mail_format=body["mail_format"]).where(Player.id == current_player().id).execute()
    return body
