"""The `herald` command: player commands over HTTP, and `herald server ...` for operators.

Every command reads its server and token from --server/--token, HERALD_SERVER/
HERALD_TOKEN or the saved config (see client.config). Data goes to stdout (as JSON
with --json); errors are one line on stderr and a distinct exit code (client.exitcodes).
"""
from __future__ import annotations

import math
import re
import sys
import time

import click

from client import (bot_commands, click_words, colour, completion, config, errors_json, exitcodes, guide_commands,
                    i18n, identity_commands, me_commands, output, picture_commands, pictures, reconnect, streams,
                    table_commands)  # noqa: I001
from client.i18n import N_, _
from client.api import MAX_WAIT, ApiError, Unconfirmed, Unreachable
from client.next_commands import next_command
from client.command_base import (GAME_ID, SAVE_FAILED, Failure, api, connection_options, failure_from_api, json_option,
                                 reading_language, reply, save_identity, seat_option)

click_words.speak()  # Click's own words (usage errors, the help's headings) in the client's language

PLAY_ATTEMPTS = 4  # one try plus three retries when someone else moved at the same time
RETRY_CODES = ("seq-taken", "seq-ahead")
MIN_POLL_SECONDS = 0.5  # never poll faster than this, even if the server answers at once


# --- `herald server ...`, loaded only when used --------------------------------------

SERVER_HELP = N_("Operator commands: run, notify, remind, deadlines, verify, migrate, backup, export, import "
                 "(needs the server's dependencies).")


# Top-level modules of the `server` extra (pyproject.toml); a client-only install lacks them.
SERVER_LIBRARIES = {"flask", "flask_smorest", "marshmallow", "peewee", "jinja2", "werkzeug", "webargs",
                    "apispec", "playhouse", "swagger_ui_bundle"}
SERVER_INSTALL = "pip install '.[server]'"


def load_server_group() -> click.Command:
    """The server's Click group, or a stand-in that says what to install. Only a missing
    server library is explained away: any other ImportError is a bug and stays loud."""
    try:
        from server.cli import server as group
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] not in SERVER_LIBRARIES:
            raise
        missing = exc.name

        @click.command("server", context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
                       add_help_option=False, help=_(SERVER_HELP))
        def unavailable():
            raise Failure(_("`herald server` needs the server's libraries, and this install is the client only "
                            "(no module {module}). Install them from Herald's source directory with: "
                            "{command}").format(module=repr(missing), command=SERVER_INSTALL),
                          code="server-not-installed")

        return unavailable
    return group


class HeraldGroup(click.Group):
    """Turns API errors into exit codes, and mounts `server` without importing it for help."""

    def list_commands(self, ctx):
        return sorted(set(super().list_commands(ctx)) | {"server"})

    def get_command(self, ctx, name):
        if name == "server":
            return click.Command("server", help=_(SERVER_HELP))  # listing only; resolve_command loads the real one
        return super().get_command(ctx, name)

    def resolve_command(self, ctx, args):
        if args and args[0] == "server":
            return "server", load_server_group(), args[1:]
        return super().resolve_command(ctx, args)

    def main(self, args=None, *more, **options):
        """Every run speaks the locale's language (English with --json: its output is for
        scripts), help texts included."""
        words = sys.argv[1:] if args is None else list(args)
        streams.replace_what_the_terminal_cannot_show()
        with i18n.speaking(i18n.SOURCE_LANGUAGE if errors_json.requested(words) else None):
            i18n.localize_help(self)
            self.epilog = exitcodes.epilog()
            return super().main(args, *more, **options)

    def parse_args(self, ctx, args):
        ctx.meta[errors_json.WORDS] = list(args)  # to know, even on a usage error, if --json was asked
        with errors_json.as_requested(ctx), streams.stopping_quietly_when_the_reader_goes():  # (--help)
            return super().parse_args(ctx, args)

    def invoke(self, ctx):
        with errors_json.as_requested(ctx):
            try:
                with streams.stopping_quietly_when_the_reader_goes():  # (before a closed pipe reads as a file error)
                    done = super().invoke(ctx)
                failed = ctx.meta.get(SAVE_FAILED)
                if failed:  # (the token is printed: the command still fails, loudly)
                    raise Failure(failed, exitcodes.ERROR, code="save-failed")
                return done
            except ApiError as error:
                raise failure_from_api(error) from None
            except Unconfirmed as error:  # not "cannot reach": doing it again could do it twice
                raise Failure(str(error), exitcodes.UNCONFIRMED, code=error.code) from None
            except Unreachable as error:
                raise Failure(_("{error} Is it running? Set HERALD_SERVER or --server.").format(error=error),
                              exitcodes.UNREACHABLE) from None
            except config.ConfigError as error:
                raise Failure(str(error), exitcodes.ERROR, code="bad-config") from None
            except OSError as error:  # a file of the user's own that cannot be read or written (--svg, a record)
                raise Failure(_("{file}: {reason}").format(file=error.filename or "", reason=error.strerror or error),
                              exitcodes.ERROR, code="file-error") from None


# --- the commands ----------------------------------------------------------------------

@click.group(cls=HeraldGroup, epilog=exitcodes.epilog(),
             context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="herald", prog_name="herald", message="%(prog)s %(version)s")
@connection_options
def cli():
    """Play slow board games on a Herald server."""


@cli.command()
@click.argument("name")
@click.argument("email")
@click.option("--save", is_flag=True, help="Also save the server and token to the config file (the chosen profile).")
@click.option("--force", is_flag=True, help="With --save: replace another player saved in that profile.")
@click.option("--timezone", "zone", metavar="ZONE", default=None,
              help="Your time zone, an IANA name such as Europe/Stockholm (default UTC): dates in your mail and on "
                   "the game page are written in it, and reminders wait out your quiet hours (22-8) in it.")
@click.option("--language", metavar="LANG", default=None,
              help="The language Herald writes to you in: en, sv, ru, nl, es or hu (default: English).")
@json_option
@connection_options
def register(name, email, save, force, zone, language, as_json):
    """Create a player and print its API token (shown only once)."""
    client = api(auth=False)
    player = client.register(name, email, zone, language)
    saved_to = None
    if save:
        saved_to = save_identity(config.Settings(client.server, player["token"], player.get("name", name)), force)
    if as_json:
        output.emit_json(player)
    else:
        output.emit(output.player_token(player.get("name", name), player["token"], saved_to))


@cli.command()
@click.option("--language", metavar="LANG", default=None,
              help="The options' help in en, sv, ru, nl, es or hu (default: your locale's language, else English).")
@json_option
@connection_options
def rulesets(language, as_json):
    """List the games this server offers, with their options."""
    reply(as_json, api(auth=False).rulesets(reading_language(language)), output.rulesets)


def parse_options(pairs: tuple[str, ...]) -> dict:
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(_("{pair} is not KEY=VALUE.").format(pair=repr(pair)), param_hint="--option")
        options[key.strip()] = value.strip()
    return options


@cli.command()
@click.argument("game")
@click.option("--seats", type=click.IntRange(min=1), metavar="N", required=True, help="Number of seats.")
@click.option("--option", "option_pairs", multiple=True, metavar="KEY=VALUE",
              help="A game option (see `herald rulesets`); repeat for several.")
@click.option("--invite", "invite_emails", multiple=True, metavar="EMAIL",
              help="Mail an invitation to EMAIL for the next free seat (they join by replying); repeat for several.")
@click.option("--public", is_flag=True, help="List the game in `herald games --open`: anyone may join without an invite.")
@click.option("--days-per-move", type=click.IntRange(1, 60), metavar="DAYS", default=None,
              help="The game's own clock: days each seat has to answer.")
@click.option("--clock", "clock_text", default=None, metavar="Nd+Md",
              help="A clock with a reserve, e.g. 3d+7d: 3 days per move, and 7 days in all to overrun them.")
@click.option("--on-timeout", type=click.Choice(["default", "resign", "bot", "skip"]), default="default",
              help="At a passed deadline: the game's default answer; else resign, a house bot plays, or skip the turn.")
@click.option("--unrated", is_flag=True, help="Do not count the game for the ratings.")
@click.option("--bot", "bot_pairs", multiple=True, metavar="SEAT=LEVEL",
              help="Seat a house bot (random, greedy, search) that the server plays; repeat for several.")
@json_option
@connection_options
def new(game, seats, option_pairs, invite_emails, public, days_per_move, clock_text, on_timeout, unrated, bot_pairs,
        as_json):
    """Create a game of GAME (a ruleset name) and print one invite per seat."""
    if len(invite_emails) > seats:
        raise click.BadParameter(i18n.ngettext("{count} invitations for {seats} seat", "{count} invitations for {seats} seats",
                                               seats).format(count=len(invite_emails), seats=seats), param_hint="--invite")
    extra = clock_request(days_per_move, clock_text, on_timeout)
    if unrated:
        extra["rated"] = False
    bots = bot_commands.house_bot_seats(bot_pairs, seats)  # (checked before a game is made)
    client = api()
    created = client.create_game(game, seats, parse_options(option_pairs), public, extra)
    bot_commands.seat_house_bots(client, created, bots)
    if invite_emails:
        created["invited"] = me_commands.send_invitations(client, created["id"], invite_emails)
    reply(as_json, created, lambda c: "\n".join(filter(None, [output.created_game(c),
                                                             me_commands.invited_lines(c.get("invited", []))])))


CLOCK = re.compile(r"(\d+)d?\+(\d+)d?")


def clock_request(days_per_move: int | None, clock_text: str | None, on_timeout: str) -> dict:
    """The clock fields of a new game: --days-per-move N, or --clock Nd+Md (per move + reserve)."""
    if clock_text is None:
        return {"days_per_move": days_per_move, "on_timeout": on_timeout} if days_per_move else {}
    found = CLOCK.fullmatch(clock_text.strip().lower())
    if days_per_move is not None or found is None or int(found.group(1)) < 1:
        raise click.BadParameter(_("{clock}: write the clock as days per move + reserve days, like 3d+7d "
                                   "(and without --days-per-move).").format(clock=repr(clock_text)), param_hint="--clock")
    return {"days_per_move": int(found.group(1)), "reserve_days": int(found.group(2)), "on_timeout": on_timeout}


# Move notation (and invite codes from older servers) may start with "-". With no short
# options at all (not even -h), Click hands such a word to the argument unchanged.
DASH_VALUES = {"ignore_unknown_options": True, "help_option_names": ["--help"]}


@cli.command(context_settings=DASH_VALUES)
@click.argument("invite")
@click.option("--another-seat", is_flag=True,
              help="Take this seat although I already hold one in the game (to play both seats myself).")
@json_option
@connection_options
def join(invite, another_seat, as_json):
    """Take the seat an INVITE code is for, or (given a game number) the first free seat of a public game."""
    number = invite.strip().lstrip("#")
    joined = api().join_public(int(number)) if number.isascii() and number.isdigit() else api().join(invite, another_seat)
    reply(as_json, joined, lambda joined: _("Joined game {game} as seat {seat}.").format(game=joined["game"],
                                                                                         seat=joined["seat"]))


@cli.command()
@click.option("--open", "open_only", is_flag=True, help="List games waiting for players instead of mine.")
@click.option("--before", type=click.IntRange(min=1), default=None, metavar="GAME",
              help="Only games numbered below GAME: the next page of a long list.")
@json_option
@connection_options
def games(open_only, before, as_json):
    """List my games (or, with --open, games that still have free seats), newest first, a page at a time."""
    reply(as_json, api().games(open_only, before), lambda summaries: output.games_table(summaries, open_only))


@cli.command()
@click.argument("game", type=GAME_ID)
@seat_option
@click.option("--svg", "svg_file", type=click.Path(dir_okay=False, writable=True),
              help="Also write the board as an SVG picture to FILE.")
@click.option("--open", "open_picture", is_flag=True, help="Open the board's SVG picture in the browser.")
@json_option
@connection_options
def show(game, seat, svg_file, open_picture, as_json):
    """Show the board of GAME as my seat sees it, and who must decide what."""
    client = api()
    state = client.game(game, seat)
    if svg_file or open_picture:
        pictures.save_picture(client, game, seat, svg_file, open_picture)
    if as_json:
        output.emit_json(state)
        return
    picture = "" if state.get("status") == "open" else client.render(game, seat).get("text", "")
    output.emit(colour.paint(output.game_picture(state, picture), state))


@cli.command()
@click.argument("game", type=GAME_ID)
@seat_option
@json_option
@connection_options
def moves(game, seat, as_json):
    """List my legal moves in GAME, one per line, in the notation `play` accepts."""
    legal = api().legal(game, seat)
    listed = legal.get("moves") or []
    if as_json:
        output.emit_json(listed)
    elif listed:
        output.emit(output.legal_moves(listed))
    else:
        click.echo(_("You have no decision to make in this game right now."), err=True)


@cli.command(context_settings=DASH_VALUES)
@click.argument("game", type=GAME_ID)
@click.argument("move", shell_complete=completion.legal_moves)
@click.option("--dry-run", is_flag=True, help="Only show what MOVE would do (nothing is played).")
@seat_option
@json_option
@connection_options
def play(game, move, seat, as_json, dry_run):
    """Play MOVE, written in notation like "pass", in GAME at its current version.

    If someone else moves at the same moment, the version is fetched again and the
    move retried (the server then judges it against the new position).
    """
    if not move.strip():
        raise click.BadParameter(_("the move is empty; `herald moves GAME` lists what you can play"),
                                 param_hint="MOVE")
    client = api()
    if dry_run:
        from client.table_output import previewed
        reply(as_json, client.preview(game, client.game(game, seat)["version"], move, seat), previewed)
        return
    for attempt in range(PLAY_ATTEMPTS):
        version = client.game(game, seat)["version"]
        try:
            answer = client.play(game, version, move, seat)
            break
        except ApiError as error:
            if error.status != 409 or error.code not in RETRY_CODES or attempt == PLAY_ATTEMPTS - 1:
                raise
            time.sleep(0.05 * (attempt + 1))
    reply(as_json, answer, output.played)


@cli.command()
@click.argument("game", type=GAME_ID)
@click.option("--from", "start", type=click.IntRange(min=0), metavar="N", default=0, help="First move number to show.")
@seat_option
@json_option
@connection_options
def log(game, start, seat, as_json):
    """Show the log of GAME as my seat may see it, one line per event."""
    client = api()
    entries = client.log(game, start, seat)
    entries["chat"] = [m for m in client.chat(game, 0, seat)["messages"] if m["version"] >= start]
    if as_json:
        output.emit_json(entries)
    else:  # the game object names the seats for moves that carry no event text
        from client.table_output import log_with_chat
        output.emit(log_with_chat(entries.get("moves") or [], entries["chat"], client.game(game, seat)))


def wait_outcome(state: dict) -> str | None:
    """'finished' or 'prompted' when waiting should stop, else None."""
    if state.get("status") == "finished":
        return "finished"
    my_seat = state.get("my_seat")
    if my_seat is not None and any(p.get("seat") == my_seat for p in state.get("prompted") or []):
        return "prompted"
    return None


@cli.command()
@click.argument("game", type=GAME_ID)
@click.option("--timeout", type=click.FloatRange(min=0), metavar="SECONDS", default=None,
              help="Give up after this many seconds (exit 5). Default: wait forever.")
@click.option("--retry-for", type=click.FloatRange(min=0), default=reconnect.DEFAULT_BUDGET, show_default=True,
              envvar="HERALD_RETRY_FOR", metavar="SECONDS",
              help="While the server is away (restarting), keep reconnecting this long before exit 6.")
@seat_option
@json_option
@connection_options
def wait(game, timeout, retry_for, seat, as_json):
    """Block until I am prompted in GAME (exit 0) or it is over (exit 3)."""
    client = api()
    deadline = None if timeout is None else time.monotonic() + timeout
    riding_out = reconnect.Reconnecting(retry_for, deadline, quiet=as_json)

    def poll():
        remaining = MAX_WAIT if deadline is None else max(0.0, deadline - time.monotonic())
        return client.wait(game, math.ceil(min(remaining, MAX_WAIT)), seat)

    while True:
        asked = time.monotonic()
        state = riding_out.call(poll)
        if state.get("my_seat") is None and state.get("status") != "finished":  # watching: never asked
            raise Failure(_("You have no seat in game {game}, so it never waits for you.").format(game=game),
                          exitcodes.REJECTED)
        outcome = wait_outcome(state)
        if outcome is None and deadline is not None and time.monotonic() >= deadline:
            outcome = "timeout"
        if outcome is not None:
            break
        time.sleep(max(0.0, MIN_POLL_SECONDS - (time.monotonic() - asked)))
    report_wait(outcome, state, timeout, as_json)


def report_wait(outcome: str, state: dict, timeout: float | None, as_json: bool) -> None:
    ctx = click.get_current_context()
    code = {"prompted": exitcodes.OK, "finished": exitcodes.GAME_OVER, "timeout": exitcodes.TIMEOUT}[outcome]
    if as_json:
        output.emit_json({"reason": outcome, "game": state})
    elif outcome == "prompted":
        mine = [p for p in state.get("prompted") or [] if p.get("seat") == state.get("my_seat")]
        output.emit(_("Your move in game {game}: {question}").format(game=state["id"], question=mine[0].get("text", "")))
    elif outcome == "finished":
        output.emit(output.game_picture(state, ""))
    else:
        click.echo(_("Timed out after {seconds} s; you are not prompted in game {game} yet.").format(
            seconds=f"{timeout:g}", game=state["id"]), err=True)
    ctx.exit(code)


def _attach_command_modules() -> None:
    """Commands kept in their own modules."""
    identity_commands.attach(cli)
    guide_commands.attach(cli)  # herald rules, herald explain
    table_commands.attach(cli)  # herald say, chat, resign, seat, export, replay, vacation, undo, ratings, webhook
    cli.add_command(next_command)
    cli.add_command(me_commands.command(api, connection_options, json_option))
    for command in picture_commands.commands():  # herald link, herald mail-format
        cli.add_command(command)
    cli.add_command(bot_commands.command(connection_options, api))


_attach_command_modules()


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point (`herald = "client.cli:main"`)."""
    cli.main(args=argv, prog_name="herald")


if __name__ == "__main__":
    main()
