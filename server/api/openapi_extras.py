"""What marshmallow cannot say in OpenAPI by itself: a schema class may carry
`OPENAPI_EXTRA` (e.g. the move PUT's "either move or text" as a oneOf), merged into its
component by this apispec plugin."""
from __future__ import annotations

from apispec import BasePlugin


class SchemaExtras(BasePlugin):
    def schema_helper(self, name, definition, **kwargs):
        schema = kwargs.get("schema")
        extra = getattr(schema, "OPENAPI_EXTRA", None) if schema is not None else None
        return dict(extra) if extra else None


class IdempotencyKeys(BasePlugin):
    """Every operation that takes an `Idempotency-Key` (server/api/idempotency.py) declares the
    header, and each answer that may be a replay the `Idempotent-Replayed` header it then has."""

    def operation_helper(self, path=None, operations=None, **kwargs):
        from server.api import idempotency  # (it imports the routes' layer; this is built with the spec)

        endpoint = getattr(kwargs.get("rule"), "endpoint", None)
        for method, operation in (operations or {}).items():
            if not idempotency.takes_key(endpoint, method):
                continue
            operation.setdefault("parameters", []).append({
                "in": "header", "name": idempotency.HEADER, "required": False,
                "schema": {"type": "string", "minLength": 1, "maxLength": 255},
                "description": "A fresh random value (a UUID) per request, the same when the request is sent "
                               "again: it is then carried out once, and a repeat within 24 hours gets the first "
                               "answer. Another request under a used key: 422 key-reused; a malformed key: 400 "
                               "bad-idempotency-key."})
            for status, response in operation.get("responses", {}).items():
                code = int(status) if str(status).isdigit() else 500  # ("default": never kept)
                if idempotency.kept(code) and isinstance(response, dict):
                    response.setdefault("headers", {})[idempotency.REPLAYED] = {
                        "description": "`true` on the answer to a request sent again under its Idempotency-Key: "
                                       "the first answer, said again; nothing was done again.",
                        "schema": {"type": "string", "enum": ["true"]}}
