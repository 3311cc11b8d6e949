"""A player's vacation (server/table/vacation.py): GET, POST and DELETE /players/me/vacation."""
from __future__ import annotations

from flask_smorest import Blueprint
from marshmallow import Schema, fields

from server.config import current_settings
from server.table import vacation
from server.players import localtime
from server.players.auth import current_player
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
    return vacation.start(caller, vacation.parse_until(body["until"], localtime.reader(caller.id)), allowance())


@blp.route("/vacation", methods=["DELETE"])
@blp.response(200, VacationSchema)
def finish():
    """Come back early (moving in any game does it too)."""
    return vacation.end(current_player(), allowance())
