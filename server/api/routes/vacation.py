"""A player's vacation (server/table/vacation.py): GET, POST and DELETE /players/me/vacation."""
from __future__ import annotations

from datetime import datetime, timezone

from flask_smorest import Blueprint
from marshmallow import Schema, fields

from server.config import current_settings
from server.table import vacation
from server.players import localtime
from server.players.auth import current_player
from server.errors import ApiError, msg
from server.api.error_handlers import ErrorSchema
from server.api.routes.schemas import StrictSchema

blp = Blueprint("vacation", __name__, url_prefix="/players/me", description="Vacations")


class VacationBodySchema(StrictSchema):
    until = fields.String(required=True, metadata={"description": "ISO date (UTC midnight) or date and time"})


class VacationSchema(Schema):
    on_vacation = fields.Boolean()
    until = fields.String(allow_none=True)
    until_text = fields.String(metadata={"description": "while on vacation: its end as I read dates (my zone, "
                                                        "my language)"})
    allowance = fields.Integer()
    used = fields.Integer()
    left = fields.Integer()


def allowance() -> int:
    return current_settings().vacation_days


def parse_until(text: str, player=None) -> datetime:
    """`until` in UTC: a date alone is the start of that day in the player's time zone (the day
    they are back, as they count days); a date and time is UTC unless it carries an offset."""
    text = text.strip()
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise ApiError(422, "bad-date", msg("%(text)s is not a date like 2026-12-26.", text=repr(text[:40]))) from None
    if len(text) == len("2026-12-26") and 2000 <= moment.year <= 9998:
        moment = moment.replace(tzinfo=localtime.zone_of(player))
    if moment.tzinfo is not None:
        moment = moment.astimezone(timezone.utc).replace(tzinfo=None)
    if not 2000 <= moment.year <= 9998:
        raise ApiError(422, "bad-date", msg("That date is out of range."))
    return moment


@blp.route("/vacation", methods=["GET"])
@blp.response(200, VacationSchema)
def show():
    """Am I on vacation, and how many days of this year's allowance are left."""
    return vacation.status(current_player(), allowance())


@blp.route("/vacation", methods=["POST"])
@blp.arguments(VacationBodySchema())
@blp.response(201, VacationSchema)
@blp.alt_response(422, schema=ErrorSchema, description="bad-date, vacation-allowance")
def begin(body):
    """Go on vacation now until `until`: my clocks stop in every game; the others are told."""
    caller = current_player()
    return vacation.start(caller, parse_until(body["until"], localtime.reader(caller.id)), allowance())


@blp.route("/vacation", methods=["DELETE"])
@blp.response(200, VacationSchema)
def finish():
    """Come back early (moving in any game does it too)."""
    return vacation.end(current_player(), allowance())
