"""The REST endpoints of docs/api.md, one blueprint per resource."""
from server.routes.games import blp as games
from server.routes.meta import blp as meta
from server.routes.moves import blp as moves
from server.routes.players import blp as players

BLUEPRINTS = (meta, players, games, moves)
