"""The REST API: the blueprints with their schemas (routes/), and the HTTP machinery around
them (error answers, rate limits, OpenAPI extras, the docs page, /health)."""
