"""Commands around a game: talk (`say`, `chat`), and the rest of issue 12 as it lands.

client/cli.py attaches them to its `cli` group; they use the options, API client and
error handling every command shares (client.command_base).
"""
from __future__ import annotations

import click

from client import exitcodes, output, table_output
from client.command_base import GAME_ID, Failure, api, connection_options, json_option, reply, seat_option
from client.i18n import _, ngettext


@click.command()
@click.argument("game", type=GAME_ID)
@click.argument("text")
@click.option("--to", "to", type=click.IntRange(min=0), metavar="SEAT", multiple=True,
              help="Only to this seat (repeat for several); default: everyone.")
@seat_option
@json_option
@connection_options
def say(game, text, to, seat, as_json):
    """Say TEXT at the table of GAME: to everyone, or with --to to chosen seats."""
    if not text.strip():
        raise click.BadParameter(_("the message is empty"), param_hint="TEXT")
    sent = api().say(game, text, list(to), seat)
    reply(as_json, sent, lambda m: _("Said in game {game}: {message}").format(game=game, message=table_output.chat_line(m)))


@click.command()
@click.argument("game", type=GAME_ID)
@click.option("--after", type=click.IntRange(min=0), metavar="ID", default=0, help="Only messages after this id.")
@seat_option
@json_option
@connection_options
def chat(game, after, seat, as_json):
    """Show the table talk of GAME that I may read."""
    reply(as_json, api().chat(game, after, seat)["messages"], table_output.chat_lines)


@click.command()
@click.argument("game", type=GAME_ID)
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
@seat_option
@json_option
@connection_options
def resign(game, yes, seat, as_json):
    """Resign from GAME: an ordinary move, at any time; the game's rules say what follows."""
    client = api()
    version = client.legal(game, seat)["version"]  # a game I hold no seat in is refused before I am asked
    if not yes and as_json:  # a script reads JSON, and answers no question: it says --yes, or nothing happens
        raise click.UsageError(_("With --json, resigning is not asked for confirmation: add --yes."))
    if not yes:
        click.confirm(_("Resign from game {game}? This cannot be undone").format(game=game), abort=True, err=True)
    answer = client.play(game, version, "resign", seat)
    reply(as_json, answer, output.played)


@click.command("seat")
@click.argument("game", type=GAME_ID)
@click.argument("seat", type=click.IntRange(min=0))
@click.option("--invite", "email", default=None, metavar="EMAIL",
              help="Mail EMAIL an invitation to take over the seat (it stays yours until they join).")
@click.option("--bot", "level", type=click.Choice(["random", "greedy", "search"]), default=None,
              help="Give the seat to the server's house bot of this level, at once.")
@json_option
@connection_options
def seat_command(game, seat, email, level, as_json):
    """Hand over my SEAT in GAME: to a new player invited by mail, or to a house bot."""
    if (email is None) == (level is None):
        raise click.UsageError(_("Give either --invite EMAIL or --bot LEVEL."))
    answer = api().hand_over(game, seat, invite=email, bot=level)
    reply(as_json, answer, table_output.handed_over)


@click.command("export")
@click.argument("game", type=GAME_ID)
@seat_option
@connection_options
def export_game(game, seat):
    """Print GAME's self-contained record as JSON (herald export 7 > game.json)."""
    output.emit_json(api().export(game, seat))


@click.command("replay")
@click.argument("record", type=click.File("r", encoding="utf-8"))
@click.option("--at", type=click.IntRange(min=0), metavar="N", default=None, help="Show the position after this many moves.")
@click.option("--seat", type=click.IntRange(min=0), metavar="N", default=None, help="Show the position as this seat saw it.")
def replay_game(record, at, seat):
    """Replay a RECORD from `herald export` locally, checking the seed and every hash."""
    import json

    from client import gamewords  # (core's texts: only replay needs them)
    from core import games
    from core.gamerecord import RecordError, replay_record

    try:
        data = json.load(record)
        replayed = replay_record(games, data, at)
    except (ValueError, KeyError, TypeError) as error:
        raise Failure(_("{file} is not a readable game record ({error}).").format(
            file=record.name, error=f"{type(error).__name__}: {error}")) from None
    except RecordError as error:
        raise Failure(f"{record.name}: {recorded(error.said)}") from None
    engine = games[data["ruleset"]]
    names = {s["seat"]: s.get("name") or _("seat {seat}").format(seat=s["seat"]) for s in data.get("seats", [])}
    lines = [_("Checked: {what}.").format(what=recorded(line)) for line in replayed.checked]
    if at is not None:
        picture = gamewords.said(engine.render(engine.view(replayed.state, seat), seat), data["ruleset"])
        total = len(data["moves"])
        position = ngettext("Position after {moves} of {total} move:", "Position after {moves} of {total} moves:",
                            total).format(moves=replayed.moves, total=total)
        lines += ["", position, table_output.named(picture, names)]
    output.emit("\n".join(lines))


def recorded(said) -> str:
    """A sentence of the record's check (core.gamerecord.Told) in the player's language."""
    return _(said.template).format(**said.values)


@click.command()
@click.option("--until", metavar="DATE", default=None, help="Go on vacation now until DATE (2026-12-26: its midnight in my time zone).")
@click.option("--end", is_flag=True, help="Come back early (moving in any game does it too).")
@json_option
@connection_options
def vacation(until, end, as_json):
    """Pause my clocks in every game until DATE; without options, show my vacation status."""
    if until and end:
        raise click.UsageError(_("--until and --end do not go together."))
    reply(as_json, api().vacation(until, end), table_output.vacation_status)


@click.command()
@click.argument("game", type=GAME_ID)
@click.option("--accept", "action", flag_value="accept", help="Accept the open proposal.")
@click.option("--decline", "action", flag_value="decline", help="Decline the open proposal.")
@click.option("--show", "action", flag_value="show", help="Show the latest proposal.")
@click.option("--always-accept", "action", flag_value="always", help="Always accept proposals in this game.")
@click.option("--ask-me", "action", flag_value="ask", help="Ask me again for each proposal (the default).")
@seat_option
@json_option
@connection_options
def undo(game, action, seat, as_json):
    """Propose to take back my latest move in GAME (it must have revealed nothing), or answer a proposal."""
    client = api()
    if action in ("accept", "decline"):
        current = client.undo(game, "show", seat)["request"]
        if not current or current["status"] != "open":
            raise Failure(_("There is no open undo proposal in this game."), exitcodes.REJECTED)
        answer = client.undo(game, action, seat, current["seq"])
    elif action in ("always", "ask"):
        answer = client.undo(game, action, seat)
        reply(as_json, answer, lambda a: _("Undo proposals in this game: always accepted.") if a["always_accept"]
              else _("Undo proposals in this game: you will be asked."))
        return
    elif action == "show":
        answer = client.undo(game, "show", seat)["request"]
    else:
        answer = client.undo(game, "propose", seat)
    reply(as_json, answer, table_output.undo_request)


@click.command()
@click.argument("ruleset")
@json_option
@connection_options
def ratings(ruleset, as_json):
    """The openskill ratings of RULESET's players, best first."""
    reply(as_json, api().ratings(ruleset), table_output.ratings_table)


@click.group(invoke_without_command=True)
@json_option
@connection_options
@click.pass_context
def webhook(ctx, as_json):
    """My webhooks: without a subcommand, list them."""
    if ctx.invoked_subcommand is None:
        hooks = api().webhooks()["webhooks"]
        reply(as_json, hooks, table_output.webhook_lines)


@webhook.command("add")
@click.argument("url")
@click.option("--format", "fmt", type=click.Choice(["json", "discord", "slack"]), default="json",
              help="Plain JSON events, or a ready-made Discord or Slack message.")
@click.option("--game", type=GAME_ID, default=None, help="Only this game, for everyone at its table.")
@json_option
@connection_options
def webhook_add(url, fmt, game, as_json):
    """POST my turn changes and game ends to URL (signed with the secret printed once)."""
    hook = api().webhooks("add", url, fmt, game)
    reply(as_json, hook, lambda h: _("Webhook {hook} registered for {url} ({format}).").format(
        hook=h["id"], url=h["url"], format=h["format"]) + "\n"
        + _("Secret for X-Herald-Signature (shown once): {secret}").format(secret=h["secret"]))


@webhook.command("remove")
@click.argument("hook", type=click.IntRange(min=1))
@json_option
@connection_options
def webhook_remove(hook, as_json):
    """Stop posting to webhook HOOK."""
    api().webhooks("remove", hook=hook)
    reply(as_json, {"removed": hook}, lambda answer: _("Webhook {hook} removed.").format(hook=answer["removed"]))


def attach(group: click.Group) -> None:
    for command in (say, chat, resign, seat_command, export_game, replay_game, vacation, undo, ratings, webhook):
        group.add_command(command)
