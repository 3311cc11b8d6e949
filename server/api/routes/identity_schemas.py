"""Request bodies of the account endpoints (server.api.routes.identity)."""
from __future__ import annotations

from marshmallow import fields, validate

from server.api.routes.schemas import StrictSchema, email_field, name_field


class RenameSchema(StrictSchema):
    name = name_field()


class EmailSchema(StrictSchema):
    email = email_field()


class CodeSchema(StrictSchema):
    code = fields.String(required=True, validate=validate.Length(min=10, max=1000))


class SentSchema(StrictSchema):
    sent_to = fields.String()
