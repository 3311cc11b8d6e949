"""The REST endpoints of docs/api.md, one blueprint per resource."""
from server.routes.asked import blp as asked
from server.routes.bots import blp as bots
from server.routes.games import blp as games
from server.routes.guide import blp as guide
from server.routes.identity import blp as identity
from server.routes.mail import blp as mail
from server.routes.meta import blp as meta
from server.routes.moves import blp as moves
from server.routes.players import blp as players
from server.routes.mailformat import blp as mailformat
from server.routes.pictures import blp as pictures
from server.routes.play import blp as play, links
from server.routes.ratings import blp as ratings
from server.routes.rules import blp as rules
from server.routes.table import blp as table
from server.routes.vacation import blp as vacation
from server.routes.webhooks import blp as webhooks

BLUEPRINTS = (meta, players, identity, games, moves, asked, guide, mail, table, vacation, ratings, webhooks,
              pictures, play, links, mailformat, bots, rules)

# Everything else needs a Bearer token (checked before the request body is read).
PUBLIC_ENDPOINTS = {"meta.index", "meta.health", "meta.rulesets", "players.register", "identity.recover", "identity.redeem",
                    "guide.rules", "guide.explain", "rules.index", "rules.page", "rules.picture"}


def is_public(endpoint: str) -> bool:
    return endpoint in PUBLIC_ENDPOINTS or endpoint.startswith(("api-docs.", "play."))  # play: signed links
