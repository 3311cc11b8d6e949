"""Account endpoints: a new token, recovery by mail, a new name or address (docs/api.md)."""
from __future__ import annotations

from flask_smorest import Blueprint

from server.config import current_settings
from server.players import identity
from server.players.auth import current_player
from server.api.error_handlers import ErrorSchema
from server.api.routes.identity_schemas import CodeSchema, EmailSchema, RenameSchema, SentSchema
from server.api.routes.schemas import NewPlayerSchema, PlayerSchema

blp = Blueprint("identity", __name__, url_prefix="/players", description="Tokens, recovery, name and address")


@blp.route("/me/token", methods=["POST"])
@blp.response(200, NewPlayerSchema)
def rotate():
    """A new token for the caller; the old one stops working."""
    return identity.rotate_token(current_player())


@blp.route("/me/name", methods=["PUT"])
@blp.arguments(RenameSchema())
@blp.response(200, PlayerSchema)
@blp.alt_response(409, schema=ErrorSchema, description="name-taken")
def rename(body):
    """A new name, shown from now on in every game (past events are named anew too)."""
    return identity.rename(current_player(), body["name"])


@blp.route("/me/email", methods=["POST"])
@blp.arguments(EmailSchema())
@blp.response(202, SentSchema)
@blp.alt_response(429, schema=ErrorSchema, description="rate-limited: too many codes asked (Retry-After says when)")
def change_email(body):
    """Mail a confirmation code to the new address; nothing changes until it is confirmed."""
    return identity.request_email_change(current_settings(), current_player(), body["email"])


@blp.route("/me/email/confirm", methods=["POST"])
@blp.arguments(CodeSchema())
@blp.response(200, PlayerSchema)
@blp.alt_response(422, schema=ErrorSchema, description="bad-code")
def confirm_email(body):
    """Switch to the address the code was mailed to (the old address is told)."""
    return identity.confirm_email_change(current_settings(), current_player(), body["code"])


@blp.route("/recover", methods=["POST"])
@blp.arguments(EmailSchema())
@blp.response(202, SentSchema)
@blp.alt_response(429, schema=ErrorSchema, description="rate-limited: too many codes asked from this client or for "
                                                    "this address, registered or not (Retry-After says when)")
@blp.doc(security=[])
def recover(body):
    """Mail a one-time code for a new token to every player with this address. The answer
    is the same whether or not the address is registered, limits included (the limit counts
    the address either way)."""
    identity.request_recovery(current_settings(), body["email"])
    return {"sent_to": body["email"]}


@blp.route("/recover/redeem", methods=["POST"])
@blp.arguments(CodeSchema())
@blp.response(200, NewPlayerSchema)
@blp.alt_response(422, schema=ErrorSchema, description="bad-code")
@blp.doc(security=[])
def redeem(body):
    """Trade a mailed recovery code for a new token (the old token stops working)."""
    return identity.redeem_recovery(current_settings(), body["code"])
