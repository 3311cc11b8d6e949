"""Request and answer schemas of the endpoints around a game (server/api/routes/table.py)."""
from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from server.api.routes.schemas import MAX_SEAT, MAX_SEQ, Pattern, SeatQuerySchema, StrictSchema
from server.errors import msg
from server.table import chat


class SayBodySchema(StrictSchema):
    text = fields.String(required=True, validate=validate.Length(max=20000))
    to = fields.List(fields.Integer(strict=True, validate=validate.Range(min=0, max=MAX_SEAT)),
                     load_default=None, allow_none=True, validate=validate.Length(max=MAX_SEAT + 1))
    key = fields.String(load_default=None, validate=Pattern(
        f"^{chat.KEY.pattern}$", error=msg("A message's key is 1-64 letters, digits, - and _.")), metadata={
        "description": "your own key for this message (1-64 letters, digits, - and _): sent again with "
                       "the same key, in this game, it is not said twice and the answer is the first"})


class ChatQuerySchema(SeatQuerySchema):
    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_SEQ),
                           metadata={"description": "only messages with a higher id (the last one read)"})


class ChatMessageSchema(Schema):
    id = fields.Integer()
    seat = fields.Integer(allow_none=True)
    name = fields.String()
    to = fields.List(fields.Integer(), allow_none=True)
    text = fields.String()
    version = fields.Integer()
    created = fields.String()
    created_text = fields.String(metadata={"description": "`created` as I read dates: my zone and language"})
    kind = fields.String(metadata={"description": "talk, or table: an event around the game (a seat handed over)"})


class ChatSchema(Schema):
    messages = fields.List(fields.Nested(ChatMessageSchema))


class UndoAnswerSchema(StrictSchema):
    answer = fields.String(required=True, validate=validate.OneOf(("accept", "decline")))


class UndoStandingSchema(StrictSchema):
    always_accept = fields.Boolean(required=True)


class WebhookBodySchema(StrictSchema):
    url = fields.String(required=True, validate=validate.Length(min=1, max=500))
    format = fields.String(load_default="json", validate=validate.OneOf(("json", "discord", "slack")))
    game = fields.Integer(load_default=None, allow_none=True, strict=True, validate=validate.Range(min=1))


class HookQuerySchema(Schema):
    id = fields.Integer(required=True, validate=validate.Range(min=1, max=2**63 - 1))


class HandoverSchema(StrictSchema):
    OPENAPI_EXTRA = {"oneOf": [{"required": ["invite"]}, {"required": ["bot"]}]}

    invite = fields.String(validate=validate.Length(min=1, max=254),
                           metadata={"description": "mail an invitation to take over the seat to this address"})
    bot = fields.String(validate=validate.Length(min=1, max=16),
                        metadata={"description": "give the seat to the house bot of this level"})

    @validates_schema
    def one_of_invite_or_bot(self, data, **kwargs):
        if ("invite" in data) == ("bot" in data):
            raise ValidationError("Send either 'invite' (an address) or 'bot' (a level), not both or neither.")


class HandedOverSchema(Schema):
    game = fields.Integer()
    seat = fields.Integer()
    invited = fields.String(metadata={"description": "the address invited to take over the seat"})
    player = fields.String(metadata={"description": "the seat's new holder (a house bot)"})
