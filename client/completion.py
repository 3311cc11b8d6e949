"""Shell completion (bash, zsh, fish) through Click's own mechanism, with Herald's data.

Click completes commands and options by itself; this module adds what only the server
knows: my game numbers (for every GAME argument) and, for `herald play GAME MOVE`, the
legal moves of that game for my seat, in the notation `play` accepts. Completion must
never print an error into the user's command line: any failure completes nothing.

Set-up (see README, "Shell completion"): `eval "$(_HERALD_COMPLETE=bash_source herald)"`,
`zsh_source` for zsh, `_HERALD_COMPLETE=fish_source herald | source` for fish.
"""
from __future__ import annotations

import os
import re

import click
from click.shell_completion import CompletionItem

from client import config, output
from client.api import ApiError, HeraldApi, Unreachable
from client.i18n import _

COMPLETE_VAR = "_HERALD_COMPLETE"
QUICK = 5.0  # seconds: a shell waiting on TAB should not hang for a slow server


class QuickApi(HeraldApi):
    """The API client with a short read timeout."""

    def request(self, *args, read_timeout: float = QUICK, **kwargs):
        return super().request(*args, read_timeout=min(read_timeout, QUICK), **kwargs)


def _client(ctx: click.Context) -> HeraldApi | None:
    """A client for the server and token the command line so far (or the environment) names."""
    try:
        chosen = config.resolve((ctx.find_object(dict) or {}).get("server"), (ctx.find_object(dict) or {}).get("token"))
    except config.ConfigError:
        return None
    return QuickApi(chosen.server, chosen.token) if chosen.token else None


def _ask(ctx: click.Context, call):
    client = _client(ctx)
    if client is None:
        return None
    try:
        return call(client)
    except (ApiError, Unreachable, ValueError, KeyError, TypeError):
        return None


def game_numbers(ctx: click.Context, incomplete: str) -> list[CompletionItem]:
    """My games, with what each is, the ones waiting for me marked."""
    summaries = _ask(ctx, lambda client: client.games()) or []
    items = []
    for game in summaries:
        number = str(game["id"])
        if not number.startswith(incomplete.lstrip("#")):
            continue
        mine, prompted = set(game.get("my_seats") or []), set(game.get("prompted") or [])
        waiting = ", " + _("your move") if mine & prompted and game.get("status") == "active" else ""
        items.append(CompletionItem(number, help=f"{game.get('ruleset')}, {output.status_word(game.get('status'))}{waiting}"))
    return items


def legal_moves(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """The legal moves of the GAME already on the command line, as `herald moves` lists them
    (families of moves with <placeholders> cannot be typed as they are, so they are left out)."""
    game = ctx.params.get("game")
    if game is None:
        return []
    legal = _ask(ctx, lambda client: client.legal(game, ctx.params.get("seat"))) or {}
    texts = [move["text"] for move in legal.get("moves") or [] if not move.get("pattern")]
    return [CompletionItem(_for_shell(text)) for text in texts if text.startswith(incomplete)]


def _for_shell(text: str) -> str:
    """Bash inserts a completion as it is: outside quotes, a move's spaces are escaped so the
    move stays one word (`attack\\ 1/W1\\ V10`). Click's bash script reads each completion with
    `read` (no -r), which eats one level of backslashes, hence two here. zsh and fish quote
    by themselves."""
    if os.environ.get(COMPLETE_VAR) != "bash_complete" or _inside_quotes(os.environ.get("COMP_WORDS", "")):
        return text
    return re.sub(r"([\s\\'\"$`&|;<>()])", r"\\\\\1", text)


def _inside_quotes(line: str) -> bool:
    """True when the command line ends inside an open ' or " quote."""
    quote, escaped = None, False
    for char in line:
        if escaped:
            escaped = False
        elif char == "\\" and quote != "'":
            escaped = True
        elif quote is None and char in "'\"":
            quote = char
        elif char == quote:
            quote = None
    return quote is not None
