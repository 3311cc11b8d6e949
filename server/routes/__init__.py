"""The REST endpoints of docs/api.md, one blueprint per resource."""
from server.routes.games import blp as games
from server.routes.meta import blp as meta
from server.routes.moves import blp as moves
from server.routes.players import blp as players
from server.routes.pictures import blp as pictures
from server.routes.play import blp as play, links
from server.routes.mailformat import blp as mailformat

BLUEPRINTS = (meta, players, games, moves, pictures, play, links, mailformat)

# Everything else needs a Bearer token (checked before the request body is read).
PUBLIC_ENDPOINTS = {"meta.health", "meta.rulesets", "players.register"}


def is_public(endpoint: str) -> bool:
    return endpoint in PUBLIC_ENDPOINTS or endpoint.startswith(("api-docs.", "play."))  # play: signed links
