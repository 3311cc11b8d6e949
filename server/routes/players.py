"""Registration and the caller's own record."""
from __future__ import annotations

from flask_smorest import Blueprint
from peewee import IntegrityError, fn

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
@blp.doc(security=[])
def register(body):
    """Register; the token in the answer is shown this once and stored only hashed."""
    name = " ".join(body["name"].split())
    token, digest = new_token()
    taken = ApiError(409, "name-taken", f"The name {name!r} is already taken.")
    try:
        with write_transaction():
            # Names differing only in case would let one player pass for another in events and mails.
            if Player.select().where(fn.LOWER(Player.name) == name.lower()).exists():
                raise taken
            player = Player.create(name=name, email=body["email"], token_hash=digest)
    except IntegrityError:
        raise taken from None
    return {"id": player.id, "name": player.name, "email": player.email, "token": token}


@blp.route("/me")
@blp.response(200, PlayerSchema)
def me():
    from server.routes.mail import me_body  # with the mail setting and the games waiting for me

    return me_body(current_player().id)
