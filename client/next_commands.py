"""`herald next`: the games where I am asked to decide, the longest-waiting first.

The correspondence player's first question (pbmserv's `show next`, a "your turn" list):
what is asked of me, where, and since when. `--open` goes straight to the first one:
its board and my legal moves.
"""
from __future__ import annotations

import click

from client import colour, output
from client.command_base import api, connection_options, json_option
from client.i18n import _


def ago(seconds: int | None) -> str:
    """'45 s', '12 min', '3 h 12 min', '2 d 4 h': two units at most, as people say it."""
    if seconds is None:
        return "?"
    if seconds < 60:
        return _("{seconds} s").format(seconds=seconds)
    minutes, hours, days = seconds // 60, seconds // 3600, seconds // 86400
    if seconds < 3600:
        return _("{minutes} min").format(minutes=minutes)
    if seconds < 86400:
        if minutes % 60:
            return _("{hours} h {minutes} min").format(hours=hours, minutes=minutes % 60)
        return _("{hours} h").format(hours=hours)
    return _("{days} d {hours} h").format(days=days, hours=hours % 24) if hours % 24 else _("{days} d").format(days=days)


def asked_table(entries: list[dict]) -> str:
    """One line per prompt: game, ruleset, seat, how long ago, (deadline,) what is asked."""
    if not entries:
        return _("Nothing is asked of you right now. (`herald games` lists your games.)")
    with_deadline = any(entry.get("deadline") for entry in entries)
    header = [_("game"), _("ruleset"), _("seat"), _("asked")] + ([_("deadline")] if with_deadline else []) + [_("what")]
    rows = [[str(e["game"]), e.get("ruleset") or "", str(e["seat"]), _("{time} ago").format(time=ago(e.get("waiting_seconds")))]
            + ([e.get("deadline_text") or e.get("deadline") or "-"] if with_deadline else []) + [e.get("text") or ""] for e in entries]
    widths = [max(len(row[i]) for row in [header] + rows) for i in range(len(header) - 1)]
    return "\n".join("  ".join(cell.ljust(width) for cell, width in zip(row, widths)) + "  " + row[-1]
                     for row in [header] + rows)


def open_first(client, entry: dict) -> tuple[dict, str, list]:
    """The game object, its picture and my legal moves, for the seat that is asked."""
    state = client.game(entry["game"], entry["seat"])
    picture = client.render(entry["game"], entry["seat"]).get("text", "")
    moves = client.legal(entry["game"], entry["seat"]).get("moves") or []
    return state, picture, moves


@click.command("next")
@click.option("--open", "open_first_game", is_flag=True,
              help="Also show the first game's board and my legal moves there.")
@json_option
@connection_options
def next_command(open_first_game, as_json):
    """Games waiting for my decision, oldest first.

    One line per decision asked of one of my seats: the game, what is asked, how long
    ago (and the deadline, for games with time controls).
    """
    client = api()
    entries = client.asked()
    opened = open_first(client, entries[0]) if open_first_game and entries else None
    if as_json:
        if open_first_game:
            state, picture, moves = opened or (None, None, [])
            output.emit_json({"asked": entries, "game": state, "picture": picture, "moves": moves})
        else:
            output.emit_json(entries)
        return
    output.emit(asked_table(entries))
    if opened:
        state, picture, moves = opened
        output.emit("")
        output.emit(colour.paint(output.game_picture(state, picture), state))
        output.emit("")
        output.emit(_("Your moves (`herald play {game} \"MOVE\"`):").format(game=state["id"]))
        output.emit(output.legal_moves(moves))
