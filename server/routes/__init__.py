"""The REST endpoints of docs/api.md, one blueprint per resource."""
from server.routes.bots import blp as bots
from server.routes.games import blp as games
from server.routes.meta import blp as meta
from server.routes.moves import blp as moves
from server.routes.players import blp as players

BLUEPRINTS = (meta, players, games, moves, bots)

# Everything else needs a Bearer token (checked before the request body is read).
PUBLIC_ENDPOINTS = {"meta.health", "meta.rulesets", "players.register"}


def is_public(endpoint: str) -> bool:
    return endpoint in PUBLIC_ENDPOINTS or endpoint.startswith("api-docs.")
