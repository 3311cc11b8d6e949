"""Turning server answers into what a player reads: JSON for scripts, text for people.

Formatters return strings and never print, so the CLI decides where text goes
(data to stdout, errors to stderr) and the formatting can be read on its own. Their
words are the client's, in the player's language (client.i18n); what the server wrote
(events, questions, the board, a result's reason) is passed on as it came.
"""
from __future__ import annotations

import json
from typing import Any, Iterable

import click

from client.i18n import N_, _, ngettext, pgettext


def emit_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False))


def emit(text: str) -> None:
    if text:
        click.echo(text)


def labelled(rows: list[tuple[str, Any]]) -> str:
    """Label and value, one per line, the values aligned after the longest label (labels are
    translated, so their lengths differ by language)."""
    width = max(len(label) for label, _value in rows) + 1
    return "\n".join(f"{label:<{width}}{value}" for label, value in rows)


def seat_label(game: dict, seat: int | None) -> str:
    """'seat 1 (bob)' when the game object names the player, else 'seat 1'."""
    if seat is None:
        return _("someone")
    for entry in game.get("seats") or []:
        if entry.get("seat") == seat:
            name = entry.get("name") or entry.get("player")
            if name is not None:
                return _("seat {seat} ({name})").format(seat=seat, name=name)
    return _("seat {seat}").format(seat=seat)


def player_token(name: str, token: str, saved_to: str | None) -> str:
    lines = [_("Registered {name}. Your token (shown once, keep it secret):").format(name=name), token, "",
             _("Use it in this shell with:"), f"  export HERALD_TOKEN={token}"]
    if saved_to:
        lines.append(_("Saved server and token to {path}.").format(path=saved_to))
    return "\n".join(lines)


def join_command(code: str) -> str:
    """The line to hand a friend; `--` keeps a code that starts with "-" from reading as an option."""
    return f"herald join -- {code}" if code.startswith("-") else f"herald join {code}"


def created_game(game: dict) -> str:
    seats = game.get("seats")
    created = ngettext("Created game {game} ({ruleset}, {seats} seat).", "Created game {game} ({ruleset}, {seats} seats).",
                       seats if isinstance(seats, int) else 2).format(game=game["id"], ruleset=game.get("ruleset"), seats=seats)
    lines = [created + " " + _("Seed hash: {hash}").format(hash=game.get("seed_hash", "-")),
             _("Invites (you are not seated yet; join with one of them):")]
    for invite in game.get("invites", []):
        lines.append("  " + _("seat {seat}: {command}").format(seat=invite["seat"], command=join_command(invite["code"])))
    if game.get("days_per_move"):
        from client.clock_output import clock_line

        lines.append(clock_line(game))
    if game.get("public"):
        lines.append(_("Public: listed in `herald games --open`; anyone may take a free seat with `herald join {game}`.")
                     .format(game=game["id"]))
    for bot in game.get("bots", []):
        lines.append("  " + _("seat {seat}: the server's {level} house bot").format(seat=bot["seat"], level=bot["level"]))
    return "\n".join(lines)


def rulesets(entries: Iterable[dict]) -> str:
    lines = []
    for rules in entries:
        most = rules.get("max_players")
        players = ngettext("{least}-{most} player", "{least}-{most} players", most if isinstance(most, int) else 2)
        lines.append(f"{rules['name']}  {rules.get('title', '')}  "
                     f"({players.format(least=rules.get('min_players'), most=most)})")
        for name, option in sorted((rules.get("options") or {}).items()):
            if option.get("internal"):  # the random stream, old games' readings: not a player's choice
                continue
            choices = option.get("choices")
            default = json.dumps(option.get("default"))
            kind = option.get("type", "str")
            about = (_("{type}, one of {choices}; default {default}").format(
                type=kind, choices=", ".join(map(str, choices)), default=default) if choices
                else _("{type}, default {default}").format(type=kind, default=default))
            lines.append(f"    --option {name}=VALUE  {option.get('help', '')} ({about})")
    return "\n".join(lines) if lines else _("No games are installed on this server.")


GAMES_PAGE = 30  # the server's page of GET /games: after a full one there may be older games


def games_table(summaries: list[dict], open_only: bool) -> str:
    if not summaries:
        return _("No open games.") if open_only else _("You have no games. Create one with `herald new` or join one.")
    lines = []
    for game in summaries:
        seats = game.get("seats") or []
        taken = sum(1 for s in seats if s.get("player") is not None)
        mine = game.get("my_seats") or []
        prompted = game.get("prompted") or []
        active = game.get("status") == "active"
        flag = "  " + _("<- your move") if set(mine) & set(prompted) and active else ""
        where = "  " + _("you: seat {seats}").format(seats=", ".join(map(str, mine))) if mine else ""
        if open_only and not mine and game.get("public"):
            where = "  " + _("join: {command}").format(command=f"herald join {game['id']}")
        counts = _("seats {taken}/{total}  move {move}").format(taken=taken, total=len(seats), move=game.get("version", 0))
        lines.append(f"{game['id']}  {game.get('ruleset')}  {status_word(game.get('status'))}  {counts}{where}"
                     f"{whose_turn(game, prompted, mine) if active else ''}{flag}")
    if len(summaries) >= GAMES_PAGE:
        older = f"herald games {'--open ' if open_only else ''}--before {summaries[-1]['id']}"
        lines.append(_("Older games: {command}").format(command=older))
    return "\n".join(lines)


def whose_turn(game: dict, prompted: list[int], mine: list[int]) -> str:
    """'  waiting for seat 1 (bob)' for the seats asked now that I may know of; '' when none is shown
    (someone is deciding in a hidden out-of-turn window)."""
    if not prompted:
        return ""
    names = [_("{seat} (you)").format(seat=seat_label(game, seat)) if seat in mine else seat_label(game, seat)
             for seat in prompted]
    return "  " + _("waiting for {seats}").format(seats=", ".join(names))


def status_word(status: str | None) -> str:
    """A game's status as the player reads it (an unknown one as the server names it)."""
    words = {"open": pgettext("game status", "open"), "active": pgettext("game status", "active"),
             "finished": pgettext("game status", "finished")}
    return words.get(status or "", str(status))


def game_picture(game: dict, picture: str) -> str:
    """The rendered board, then whose decision it is and what is asked, or the result."""
    lines = [picture.rstrip("\n"), ""] if picture else []
    lines.append(_("Game {game} ({title}), {status}, move {move}.").format(
        game=game["id"], title=game.get("title") or game.get("ruleset"), status=status_word(game.get("status")),
        move=game.get("version", 0)))
    if game.get("status") == "open":
        seats = game.get("seats") or []
        taken = sum(1 for s in seats if s.get("player") is not None)
        lines.append(_("Waiting for players: {taken} of {seats} seats taken.").format(taken=taken, seats=len(seats)))
        for invite in game.get("invites") or []:  # only the creator is shown the unused invites
            lines.append("  " + _("seat {seat} is free: {command}").format(seat=invite["seat"],
                                                                          command=join_command(invite["code"])))
    result = game.get("result")
    if result:
        winners = ", ".join(seat_label(game, w) for w in result.get("winners", []))
        over = _("Over: {winners} won.").format(winners=winners) if winners else _("Over: nobody won.")
        lines.append(f"{over} {result.get('reason', '')}".rstrip())
        if game.get("seed"):
            lines.append(_("Seed (check against the seed hash): {seed}").format(seed=game["seed"]))
    my_seats = set(game.get("my_seats") or [game.get("my_seat")])
    for prompt in game.get("prompted") or []:
        if prompt.get("seat") in my_seats:  # the question itself is written to the seat asked
            lines.append(_("Waiting for {seat} (you): {question}").format(seat=seat_label(game, prompt.get("seat")),
                                                                         question=prompt.get("text", "")))
        else:
            lines.append(_("Waiting for {seat} {what}.").format(seat=seat_label(game, prompt.get("seat")),
                                                               what=awaited(prompt.get("kind"))))
    if game.get("clock") and game.get("status") == "active":
        from client.clock_output import clock_lines
        lines += clock_lines(game)
    return "\n".join(lines)


AWAITED = {"turn": N_("to take their turn"), "reaction": N_("to react"), "face-down": N_("to choose face down"),
           "loss": N_("to choose their losses"), "setup": N_("to set up"), "join": N_("to join an attack or pass"),
           "choice": N_("to choose"), "support": N_("to support or pass"), "campaign": N_("to campaign"),
           "cards": N_("to play cards"), "flee": N_("to flee or stay"), "place": N_("to place pieces"),
           "scatter": N_("to scatter pieces"), "take": N_("to take a county")}


def awaited(kind: str | None) -> str:
    """What another seat is asked, said from outside ('to take their turn')."""
    if kind in AWAITED:
        return _(AWAITED[kind])
    return _("to decide ({kind})").format(kind=kind) if kind else _("to decide")


def legal_moves(moves: list[dict]) -> str:
    lines = []
    for move in moves:
        if move.get("pattern"):
            lines.append(f"{move['text']}    ({move['help'] if 'help' in move else _('fill in the <placeholders>')})")
        else:
            lines.append(move["text"])
    return "\n".join(lines)


def event_text(event: Any) -> str:
    """Events come as plain text (per docs/api.md) or as {text, ...} objects."""
    return event.get("text", "") if isinstance(event, dict) else str(event)


def played(answer: dict) -> str:
    lines = [_("Played {move} (move {seq}).").format(move=answer.get("text") or answer.get("move"), seq=answer.get("seq"))]
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
            if entry.get("seat") is not None and entry.get("seat") == game.get("my_seat"):
                who = _("{seat} (you)").format(seat=who)
            lines.append(f"{entry['seq']:>4}  {who}: {entry['text']}")
        else:
            lines.append(f"{entry['seq']:>4}  " + _("(a move you may not see)"))
    return "\n".join(lines)
