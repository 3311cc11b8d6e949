"""Request and answer schemas of the endpoints around a game (server/routes/table.py)."""
from __future__ import annotations

from marshmallow import Schema, fields, validate

from server.schemas import MAX_SEAT, SeatQuerySchema, StrictSchema


class SayBodySchema(StrictSchema):
    text = fields.String(required=True, validate=validate.Length(max=20000))
    to = fields.List(fields.Integer(strict=True, validate=validate.Range(min=0, max=MAX_SEAT)),
                     load_default=None, allow_none=True, validate=validate.Length(max=MAX_SEAT + 1))


class ChatQuerySchema(SeatQuerySchema):
    after = fields.Integer(load_default=0, validate=validate.Range(min=0))


class ChatMessageSchema(Schema):
    id = fields.Integer()
    seat = fields.Integer(allow_none=True)
    name = fields.String()
    to = fields.List(fields.Integer(), allow_none=True)
    text = fields.String()
    version = fields.Integer()
    created = fields.String()


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
