"""The REST endpoints of docs/api.md, one blueprint per resource."""
from server.api.routes.asked import blp as asked
from server.api.routes.bots import blp as bots
from server.api.routes.games import blp as games
from server.api.routes.guide import blp as guide
from server.api.routes.identity import blp as identity
from server.api.routes.mail import blp as mail
from server.api.routes.meta import blp as meta
from server.api.routes.moves import blp as moves
from server.api.routes.players import blp as players
from server.api.routes.mailformat import blp as mailformat
from server.api.routes.pictures import blp as pictures
from server.api.routes.play import blp as play, links
from server.api.routes.ratings import blp as ratings
from server.api.routes.rules import blp as rules
from server.api.routes.table import blp as table
from server.api.routes.vacation import blp as vacation
from server.api.routes.webhooks import blp as webhooks

BLUEPRINTS = (meta, players, identity, games, moves, asked, guide, mail, table, vacation, ratings, webhooks,
              pictures, play, links, mailformat, bots, rules)

# Everything else needs a Bearer token (checked before the request body is read).
PUBLIC_ENDPOINTS = {"meta.index", "meta.health", "meta.rulesets", "players.register", "identity.recover", "identity.redeem",
                    "guide.rules", "guide.explain", "rules.index", "rules.page", "rules.picture"}


def is_public(endpoint: str) -> bool:
    return endpoint in PUBLIC_ENDPOINTS or endpoint.startswith(("api-docs.", "play."))  # play: signed links
