"""Request bodies of the account endpoints (server.routes.identity)."""
from __future__ import annotations

from marshmallow import fields, validate

from server.schemas import NAME_PATTERN, StrictSchema


def name_field() -> fields.String:
    return fields.String(required=True, validate=[
        validate.Length(min=1, max=40),
        validate.Regexp(NAME_PATTERN, error="Names are 1-40 letters, digits, spaces or _.'- "
                                            "and start with a letter or digit.")])


def email_field() -> fields.Email:
    return fields.Email(required=True, validate=validate.Length(max=254))


class RenameSchema(StrictSchema):
    name = name_field()


class EmailSchema(StrictSchema):
    email = email_field()


class CodeSchema(StrictSchema):
    code = fields.String(required=True, validate=validate.Length(min=10, max=1000))


class SentSchema(StrictSchema):
    sent_to = fields.String()
