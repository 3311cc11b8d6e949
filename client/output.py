"""Turning server answers into what a player reads: JSON for scripts, text for people.

Formatters return strings and never print, so the CLI decides where text goes
(data to stdout, errors to stderr) and the formatting can be read on its own.
"""
from __future__ import annotations

import json
from typing import Any, Iterable

import click


def emit_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False))


def emit(text: str) -> None:
    if text:
        click.echo(text)


def seat_label(game: dict, seat: int | None) -> str:
    """'seat 1 (bob)' when the game object names the player, else 'seat 1'."""
    if seat is None:
        return "someone"
    for entry in game.get("seats") or []:
        if entry.get("seat") == seat:
            name = entry.get("name") or entry.get("player")
            if name is not None:
                return f"seat {seat} ({name})"
    return f"seat {seat}"


def player_token(name: str, token: str, saved_to: str | None) -> str:
    lines = [f"Registered {name}. Your token (shown once, keep it secret):", token, "",
             "Use it in this shell with:", f"  export HERALD_TOKEN={token}"]
    if saved_to:
        lines.append(f"Saved server and token to {saved_to}.")
    return "\n".join(lines)


def join_command(code: str) -> str:
    """The line to hand a friend; `--` keeps a code that starts with "-" from reading as an option."""
    return f"herald join -- {code}" if code.startswith("-") else f"herald join {code}"


def created_game(game: dict) -> str:
    lines = [f"Created game {game['id']} ({game.get('ruleset')}, {game.get('seats')} seats)."
             f" Seed hash: {game.get('seed_hash', '-')}",
             "Invites (you are not seated yet; join with one of them):"]
    for invite in game.get("invites", []):
        lines.append(f"  seat {invite['seat']}: {join_command(invite['code'])}")
    if game.get("days_per_move"):
        from client.clock_output import clock_line

        lines.append(clock_line(game))
    if game.get("public"):
        lines.append(f"Public: listed in `herald games --open`; anyone may take a free seat with `herald join {game['id']}`.")
    for bot in game.get("bots", []):
        lines.append(f"  seat {bot['seat']}: the server's {bot['level']} house bot")
    return "\n".join(lines)


def rulesets(entries: Iterable[dict]) -> str:
    lines = []
    for rules in entries:
        lines.append(f"{rules['name']}  {rules.get('title', '')}  "
                     f"({rules.get('min_players')}-{rules.get('max_players')} players)")
        for name, option in sorted((rules.get("options") or {}).items()):
            if option.get("internal"):  # the random stream, old games' readings: not a player's choice
                continue
            choices = option.get("choices")
            allowed = f" one of {', '.join(map(str, choices))};" if choices else ""
            lines.append(f"    --option {name}=VALUE  {option.get('help', '')}"
                         f" ({option.get('type', 'str')},{allowed} default {json.dumps(option.get('default'))})")
    return "\n".join(lines) if lines else "No games are installed on this server."


GAMES_PAGE = 30  # the server's page of GET /games: after a full one there may be older games


def games_table(summaries: list[dict], open_only: bool) -> str:
    if not summaries:
        return "No open games." if open_only else "You have no games. Create one with `herald new` or join one."
    lines = []
    for game in summaries:
        seats = game.get("seats") or []
        taken = sum(1 for s in seats if s.get("player") is not None)
        mine = game.get("my_seats") or []
        prompted = game.get("prompted") or []
        active = game.get("status") == "active"
        flag = "  <- your move" if set(mine) & set(prompted) and active else ""
        where = f"  you: seat {', '.join(map(str, mine))}" if mine else ""
        if open_only and not mine and game.get("public"):
            where = f"  join: herald join {game['id']}"
        lines.append(f"{game['id']}  {game.get('ruleset')}  {game.get('status')}  "
                     f"seats {taken}/{len(seats)}  move {game.get('version', 0)}{where}"
                     f"{whose_turn(game, prompted, mine) if active else ''}{flag}")
    if len(summaries) >= GAMES_PAGE:
        lines.append(f"Older games: herald games {'--open ' if open_only else ''}--before {summaries[-1]['id']}")
    return "\n".join(lines)


def whose_turn(game: dict, prompted: list[int], mine: list[int]) -> str:
    """'  waiting for seat 1 (bob)' for the seats asked now that I may know of; '' when none is shown
    (someone is deciding in a hidden out-of-turn window)."""
    if not prompted:
        return ""
    names = [seat_label(game, seat) + (" (you)" if seat in mine else "") for seat in prompted]
    return f"  waiting for {', '.join(names)}"


def game_picture(game: dict, picture: str) -> str:
    """The rendered board, then whose decision it is and what is asked, or the result."""
    lines = [picture.rstrip("\n"), ""] if picture else []
    lines.append(f"Game {game['id']} ({game.get('title') or game.get('ruleset')}), "
                 f"{game.get('status')}, move {game.get('version', 0)}.")
    if game.get("status") == "open":
        seats = game.get("seats") or []
        taken = sum(1 for s in seats if s.get("player") is not None)
        lines.append(f"Waiting for players: {taken} of {len(seats)} seats taken.")
        for invite in game.get("invites") or []:  # only the creator is shown the unused invites
            lines.append(f"  seat {invite['seat']} is free: {join_command(invite['code'])}")
    result = game.get("result")
    if result:
        winners = [seat_label(game, w) for w in result.get("winners", [])]
        lines.append(f"Over: {', '.join(winners) or 'nobody'} won. {result.get('reason', '')}".rstrip())
        if game.get("seed"):
            lines.append(f"Seed (check against the seed hash): {game['seed']}")
    my_seats = set(game.get("my_seats") or [game.get("my_seat")])
    for prompt in game.get("prompted") or []:
        if prompt.get("seat") in my_seats:  # the question itself is written to the seat asked
            lines.append(f"Waiting for {seat_label(game, prompt.get('seat'))} (you): {prompt.get('text', '')}")
        else:
            lines.append(f"Waiting for {seat_label(game, prompt.get('seat'))} {awaited(prompt.get('kind'))}.")
    if game.get("clock") and game.get("status") == "active":
        from client.clock_output import clock_lines
        lines += clock_lines(game)
    return "\n".join(lines)


AWAITED = {"turn": "to take their turn", "reaction": "to react", "face-down": "to choose face down",
           "loss": "to choose their losses", "setup": "to set up", "join": "to join an attack or pass",
           "choice": "to choose", "support": "to support or pass", "campaign": "to campaign", "cards": "to play cards",
           "flee": "to flee or stay", "place": "to place pieces", "scatter": "to scatter pieces", "take": "to take a county"}


def awaited(kind: str | None) -> str:
    """What another seat is asked, said from outside ('to take their turn')."""
    return AWAITED.get(kind or "", f"to decide ({kind})" if kind else "to decide")


def legal_moves(moves: list[dict]) -> str:
    lines = []
    for move in moves:
        if move.get("pattern"):
            lines.append(f"{move['text']}    ({move.get('help', 'fill in the <placeholders>')})")
        else:
            lines.append(move["text"])
    return "\n".join(lines)


def event_text(event: Any) -> str:
    """Events come as plain text (per docs/api.md) or as {text, ...} objects."""
    return event.get("text", "") if isinstance(event, dict) else str(event)


def played(answer: dict) -> str:
    lines = [f"Played {answer.get('text') or answer.get('move')} (move {answer.get('seq')})."]
    lines += [f"  {event_text(e)}" for e in answer.get("events") or []]
    return "\n".join(lines)


def log_lines(moves: list[dict], game: dict) -> str:
    """One line per visible event, numbered by the move it belongs to."""
    lines = []
    for entry in moves:
        events = entry.get("events") or []
        if events:
            lines += [f"{entry['seq']:>4}  {event_text(e)}" for e in events]
        elif entry.get("text") is not None:
            who = seat_label(game, entry.get("seat"))
            you = " (you)" if entry.get("seat") is not None and entry.get("seat") == game.get("my_seat") else ""
            lines.append(f"{entry['seq']:>4}  {who}{you}: {entry['text']}")
        else:
            lines.append(f"{entry['seq']:>4}  (a move you may not see)")
    return "\n".join(lines)
