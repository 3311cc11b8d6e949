"""Webhooks: turn changes and game ends POSTed as JSON to URLs players register.

A player's hook hears of every game of theirs: when they are asked to decide, and when a
game ends. A game's hook (registered by one of its players) hears whose turn it is and the
end, for everyone at the table — so it carries only what every seat may see (other seats'
non-turn prompts stay out, as in the API). Bodies are plain JSON (`json`), or ready-made
messages for a Discord (`{"content": ...}`) or Slack (`{"text": ...}`) incoming webhook.

Each POST is one row of the notifications outbox (kind `webhook`), written in the move's
transaction and delivered by `herald server notify` through the webhook channel
(server/notify/channels/webhook.py) and the outbox's claim → send → mark step for every
channel (server/notify/delivery.py): retries with the same back-off as mail, given up after
as many attempts, never sent again once the receiver answered 2xx. Each carries
`X-Herald-Delivery` (the row id, the same on every retry: a receiver drops repeats by it),
`X-Herald-Event` and `X-Herald-Signature: sha256=<HMAC-SHA256 of the body with the hook's
secret>`.

A hook goes to public Internet addresses only, unless HERALD_WEBHOOK_ALLOW_NETWORKS allows
more: checked at registration (422 `webhook-address-refused`) and again as each POST connects
(server/hook_addresses.py, server/notify/pinned_http.py); a POST refused then is `failed` at once.
"""
from __future__ import annotations

import json
import secrets
from urllib.parse import urlparse

from server import hook_addresses
from server.table import prompts
from server.table.gameviews import load_game
from server.store import statements
from server.errors import ApiError, Sentence, msg, msg_n
from server.store.models import Notification, Webhook, utcnow
from server.players.seats import my_seats, name_players
from core.records import without_message
from core.text import to_json as text_json

FORMATS = ("json", "discord", "slack")
KIND = "webhook"
MAX_HOOKS = 20


# --- registration ----------------------------------------------------------------------

def register(caller, url: str, fmt: str, game_id: int | None, allowed=()) -> dict:
    """A new hook; `allowed` is the operator's HERALD_WEBHOOK_ALLOW_NETWORKS."""
    try:
        parsed = urlparse(url)
    except ValueError:  # an unclosed [IPv6 address, a host that unicode folding would change
        parsed = None
    if parsed is None or parsed.scheme not in ("http", "https") or not parsed.netloc or len(url) > 500:
        raise ApiError(422, "bad-url", msg("A webhook URL starts with http:// or https:// and names a host."))
    if fmt not in FORMATS:
        raise ApiError(422, "bad-format", msg("The format is one of %(formats)s.", formats=", ".join(FORMATS)))
    if game_id is not None:
        game = load_game(game_id)
        if not my_seats(game, caller):
            raise ApiError(403, "forbidden", msg("Only a player of that game may give it a webhook."))
    if Webhook.select().where(Webhook.player == caller.id).count() >= MAX_HOOKS:
        raise ApiError(409, "too-many-webhooks", msg_n("You have %(num)d webhook already; remove it first.",
                                                       "You have %(num)d webhooks already; remove one first.", MAX_HOOKS))
    try:
        hook_addresses.check_url(url, hook_addresses.networks(allowed))
    except hook_addresses.AddressRefused as exc:
        raise ApiError(422, "webhook-address-refused", str(exc)) from None
    except hook_addresses.HostUnknown as exc:
        raise ApiError(422, "webhook-host-unknown", str(exc)) from None
    hook = Webhook.create(player=caller.id, game=game_id, url=url, format=fmt, secret=secrets.token_hex(32),
                          created=utcnow())
    return {**shown(hook), "secret": hook.secret}


def listing(caller) -> list[dict]:
    return [shown(h) for h in Webhook.select().where(Webhook.player == caller.id).order_by(Webhook.id)]


def remove(caller, hook_id: int) -> None:
    if not Webhook.delete().where((Webhook.id == hook_id) & (Webhook.player == caller.id)).execute():
        raise ApiError(404, "not-found", msg("You have no such webhook."))


def shown(hook) -> dict:
    return {"id": hook.id, "url": hook.url, "format": hook.format, "game": hook.game_id,
            "created": hook.created.isoformat(timespec="seconds") + "Z"}


# --- rows, written in the move's transaction -----------------------------------------

def _hooks(game, seats) -> list:
    """The hooks of this game and of its players, by id: as read with the game's lock
    (models.MoveReads), else by one query (its SQL built once per player count). A game's own
    hook speaks only while its owner holds a seat there: one who handed their seat over, or was
    replaced, hears nothing more of the game (its turns, and at its end its seed)."""
    found = game.move_reads.hooks if game.move_reads is not None else _hook_rows(game, seats)
    seated = {s.player for s in seats if s.player is not None}
    return [Webhook(id=i, player=p, game=g, url=u, format=f) for i, p, g, u, f in found if g is None or p in seated]


def _hook_rows(game, seats) -> list[tuple]:
    """(id, player, game, url, format) of the hooks of this game and of its players."""
    players = sorted({s.player for s in seats if s.player is not None})
    fields = [Webhook.id, Webhook.player, Webhook.game, Webhook.url, Webhook.format]

    def build():
        return Webhook.select(*fields).where((Webhook.game == 0)
                                             | (Webhook.game.is_null() & Webhook.player.in_([0] * len(players))))\
            .order_by(Webhook.id)

    return statements.query_rows(("hooks", len(players)), build, (game.id, *players))


def turn_rows(game, engine, fresh, seats, version: int) -> list[dict]:
    """For each hook that should hear of these freshly prompted seats, one outbox row."""
    if not fresh:
        return []
    rows = []
    for hook in _hooks(game, seats):
        own = [s.seat for s in seats if s.player == hook.player_id] if hook.game_id is None else []
        asked = prompts.visible([p.to_json() for p in fresh], own, game.ruleset)
        if hook.game_id is None:
            asked = [p for p in asked if p["seat"] in own]
        if not asked:
            continue
        named = [{**without_message(p), "name": name_players(f"{{P{p['seat']}}}", seats),
                  "text": name_players(p["text"], seats)} for p in asked]
        payload = {"event": "turn", "game": game.id, "ruleset": game.ruleset, "title": engine.title,
                   "version": version, "prompted": named}
        line = "; ".join(f"{p['name']}: {p['text']}" for p in named)
        texts = {"asked": [[n["name"], p.get("msg", p["text"])] for n, p in zip(named, asked)]}  # said when sent (a chat message)
        rows.append(_row(game, hook, version, payload, msg("Game %(game)s (%(title)s), move %(version)s: %(asked)s",
                                                           game=game.id, title=engine.title, version=version,
                                                           asked=line), texts))
    return rows


def over_rows(game, engine, result, seats, version: int) -> list[dict]:
    winners = [name_players(f"{{P{w}}}", seats) for w in result.winners]
    payload = {"event": "over", "game": game.id, "ruleset": game.ruleset, "title": engine.title, "version": version,
               "winners": winners, "reason": name_players(result.reason, seats), "code": result.code,
               "seed": game.seed}
    if winners:
        text = msg("Game %(game)s (%(title)s) is over: %(winners)s won. %(reason)s", game=game.id, title=engine.title,
                   winners=", ".join(winners), reason=payload["reason"])
    else:
        text = msg("Game %(game)s (%(title)s) is over: nobody won. %(reason)s", game=game.id, title=engine.title,
                   reason=payload["reason"])
    texts = {"reason": text_json(result.reason)}
    return [_row(game, hook, version, payload, text, texts) for hook in _hooks(game, seats)]


def body_text(fmt: str, payload: dict, text: str) -> str:
    """A row's body: the JSON payload, or a chat message (Discord, Slack) saying `text`."""
    body = {"json": payload, "discord": {"content": text[:2000]}, "slack": {"text": text}}[fmt]
    return json.dumps(body, sort_keys=True, separators=(",", ":"))


def _row(game, hook, version: int, payload: dict, text: Sentence, texts: dict) -> dict:
    """The outbox row of one hook. A chat message (Discord, Slack) is said in the language of
    the hook's player when it is sent: its sentence (`said`), with the game's texts it names
    (`texts`: each prompt as [name, stored message], the ending's reason) and the game's title
    said in that language too (server/notify/channels/webhook.py)."""
    context = {"hook": hook.id, "url": hook.url, "event": payload["event"], "body": body_text(hook.format, payload, text)}
    if hook.format != "json":
        context.update(format=hook.format, said=text.to_json(), texts=texts, ruleset=game.ruleset)
    return Notification.pending_row(game.id, None, hook.player_id, hook.url[:254], KIND, version, context)
