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
