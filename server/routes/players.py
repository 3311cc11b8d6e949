"""Registration and the caller's own record."""
from __future__ import annotations

from flask import current_app
from flask_smorest import Blueprint
from peewee import IntegrityError, fn

from server.addresses import normalized_email
from server.auth import current_player, new_token
from server.db import write_transaction
from server.errors import ApiError, ErrorSchema
from server.models import Player
from server.schemas import NewPlayerSchema, PlayerSchema, RegisterSchema

blp = Blueprint("players", __name__, url_prefix="/players", description="Players and API tokens")


@blp.route("", methods=["POST"])
@blp.arguments(RegisterSchema)
@blp.response(201, NewPlayerSchema)
@blp.alt_response(409, schema=ErrorSchema, description="name-taken")
@blp.alt_response(422, schema=ErrorSchema, description="bad-email: the address cannot receive mail")
@blp.alt_response(429, schema=ErrorSchema, description="rate-limited (Retry-After says when to try again)")
@blp.doc(security=[])
def register(body):
    """Register; the token in the answer is shown this once and stored only hashed."""
    name = " ".join(body["name"].split())
    email = normalized_email(body["email"], current_app.config["EMAIL_CHECK_DNS"])
    token, digest = new_token()
    taken = ApiError(409, "name-taken", f"The name {name!r} is already taken.")
    try:
        with write_transaction():
            # Names differing only in case would let one player pass for another in events and mails.
            if Player.select().where(fn.LOWER(Player.name) == name.lower()).exists():
                raise taken
            player = Player.create(name=name, email=email, token_hash=digest)
    except IntegrityError:
        raise taken from None
    return {"id": player.id, "name": player.name, "email": player.email, "token": token}


@blp.route("/me")
@blp.response(200, PlayerSchema)
def me():
    caller = current_player()
    return {"id": caller.id, "name": caller.name, "email": caller.email}
