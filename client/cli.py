"""The `herald` command: player commands over HTTP, and `herald server ...` for operators.

Every command reads its server and token from --server/--token, HERALD_SERVER/
HERALD_TOKEN or the saved config (see client.config). Data goes to stdout (as JSON
with --json); errors are one line on stderr and a distinct exit code (client.exitcodes).
"""
from __future__ import annotations

import math
import time

import click

from client import bot_commands, config, exitcodes, output
from client.api import MAX_WAIT, ApiError, HeraldApi, Unreachable

PLAY_ATTEMPTS = 4  # one try plus three retries when someone else moved at the same time
RETRY_CODES = ("seq-taken", "seq-ahead")
MIN_POLL_SECONDS = 0.5  # never poll faster than this, even if the server answers at once


class Failure(click.ClickException):
    """A failure the player can act on: one line of message, then optional detail lines."""

    def __init__(self, message: str, exit_code: int = exitcodes.ERROR, details: list[str] | None = None):
        super().__init__(message)
        self.exit_code = exit_code
        self.details = details or []

    def show(self, file=None) -> None:
        click.echo(f"Error: {self.message}", err=True)
        for line in self.details:
            click.echo(line, err=True)


def failure_from_api(error: ApiError) -> Failure:
    """Map a server error to the exit-code table; illegal moves keep rule and alternatives."""
    tags = [error.code] + ([f"rule {error.rule}"] if error.rule else [])
    message = f"{error.message} ({', '.join(tags)})"
    details = []
    if error.legal:
        details.append("Legal moves:")
        details += [f"  {move}" for move in error.legal]
        more = error.details.get("more") if isinstance(error.details, dict) else None
        if more:
            details.append(f"  ... and {more} more (see `herald moves`)")
    if error.code == "seat-required":
        details.append("You hold several seats in this game: choose one with --seat N.")
    if error.status == 401:
        return Failure(f"{message} Check HERALD_TOKEN, or get a token with `herald register`.",
                       exitcodes.AUTH, details)
    if 400 <= error.status < 500:
        return Failure(message, exitcodes.REJECTED, details)
    return Failure(message, exitcodes.ERROR, details)


# --- `herald server ...`, loaded only when used --------------------------------------

SERVER_HELP = "Operator commands: run, notify, remind, deadlines, verify (needs the server's dependencies)."


def load_server_group() -> click.Command:
    """The server's Click group, or a stand-in that explains why it is missing."""
    try:
        from server.cli import server as group
    except ImportError as exc:
        reason = f"{exc}"

        @click.command("server", context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
                       add_help_option=False, help=SERVER_HELP)
        def unavailable():
            raise Failure(f"`herald server` is not available here: the server package cannot be imported "
                          f"({reason}). Install Herald with its server dependencies to use it.")

        return unavailable
    return group


class HeraldGroup(click.Group):
    """Turns API errors into exit codes, and mounts `server` without importing it for help."""

    def list_commands(self, ctx):
        return sorted(set(super().list_commands(ctx)) | {"server"})

    def get_command(self, ctx, name):
        if name == "server":
            return click.Command("server", help=SERVER_HELP)  # listing only; resolve_command loads the real one
        return super().get_command(ctx, name)

    def resolve_command(self, ctx, args):
        if args and args[0] == "server":
            return "server", load_server_group(), args[1:]
        return super().resolve_command(ctx, args)

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except ApiError as error:
            raise failure_from_api(error) from None
        except Unreachable as error:
            raise Failure(f"{error} Is it running? Set HERALD_SERVER or --server.", exitcodes.UNREACHABLE) from None
        except config.ConfigError as error:
            raise Failure(str(error), exitcodes.ERROR) from None


# --- shared options ------------------------------------------------------------------

def _remember(key):
    def callback(ctx, param, value):
        if value is not None:
            ctx.ensure_object(dict)[key] = value
        return value
    return callback


def connection_options(command):
    """--server/--token, accepted both before and after the subcommand name."""
    command = click.option("--token", metavar="TOKEN", expose_value=False, callback=_remember("token"),
                           help="API token (default: $HERALD_TOKEN, then the saved config).")(command)
    command = click.option("--server", metavar="URL", expose_value=False, callback=_remember("server"),
                           help="Server URL (default: $HERALD_SERVER, then the saved config, "
                                f"then {config.DEFAULT_SERVER}).")(command)
    return command


json_option = click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")
seat_option = click.option("--seat", type=click.IntRange(min=0), default=None,
                           help="Which of my seats, if I hold several in this game.")


def reply(as_json: bool, data, human) -> None:
    """Print `data` as JSON, or `human(data)` as text."""
    if as_json:
        output.emit_json(data)
    else:
        output.emit(human(data))


def settings() -> config.Settings:
    obj = click.get_current_context().ensure_object(dict)
    return config.resolve(obj.get("server"), obj.get("token"))


def api(auth: bool = True) -> HeraldApi:
    """A client for the chosen server; refuses early when a token is needed but missing."""
    chosen = settings()
    if auth and not chosen.token:
        raise Failure("No API token. Set HERALD_TOKEN, pass --token, or run `herald register NAME EMAIL --save`.",
                      exitcodes.AUTH)
    return HeraldApi(chosen.server, chosen.token)


# --- the commands ----------------------------------------------------------------------

@click.group(cls=HeraldGroup, epilog=exitcodes.epilog(),
             context_settings={"help_option_names": ["-h", "--help"]})
@connection_options
def cli():
    """Play slow board games on a Herald server."""


@cli.command()
@click.argument("name")
@click.argument("email")
@click.option("--save", is_flag=True, help="Also save the server and token to the config file.")
@json_option
@connection_options
def register(name, email, save, as_json):
    """Create a player and print its API token (shown only once)."""
    client = api(auth=False)
    player = client.register(name, email)
    saved_to = None
    if save:
        saved_to = str(config.save(config.Settings(client.server, player["token"])))
    if as_json:
        output.emit_json(player)
    else:
        output.emit(output.player_token(player.get("name", name), player["token"], saved_to))


@cli.command()
@json_option
@connection_options
def rulesets(as_json):
    """List the games this server offers, with their options."""
    reply(as_json, api(auth=False).rulesets(), output.rulesets)


def parse_options(pairs: tuple[str, ...]) -> dict:
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(f"{pair!r} is not KEY=VALUE.", param_hint="--option")
        options[key.strip()] = value.strip()
    return options


@cli.command()
@click.argument("game")
@click.option("--seats", type=click.IntRange(min=1), required=True, help="Number of seats.")
@click.option("--option", "option_pairs", multiple=True, metavar="KEY=VALUE",
              help="A game option (see `herald rulesets`); repeat for several.")
@click.option("--bot", "bot_pairs", multiple=True, metavar="SEAT=LEVEL",
              help="Seat a house bot (random, greedy, search) that the server plays; repeat for several.")
@json_option
@connection_options
def new(game, seats, option_pairs, bot_pairs, as_json):
    """Create a game of GAME (a ruleset name) and print one invite per seat."""
    client = api()
    created = client.create_game(game, seats, parse_options(option_pairs))
    bot_commands.seat_house_bots(client, created, bot_pairs)
    reply(as_json, created, output.created_game)


# Game ids are whole numbers: `herald show abc` is a usage error here, not a 404 from the server.
class GameId(click.ParamType):
    name = "game"

    def convert(self, value, param, ctx):
        text = str(value).strip().lstrip("#")
        if text.isdigit() and int(text) > 0:
            return int(text)
        self.fail(f"{value!r} is not a game number; games are numbered 1, 2, 3... (see `herald games`)",
                  param, ctx)


GAME_ID = GameId()

# Move notation (and invite codes from older servers) may start with "-". With no short
# options at all (not even -h), Click hands such a word to the argument unchanged.
DASH_VALUES = {"ignore_unknown_options": True, "help_option_names": ["--help"]}


@cli.command(context_settings=DASH_VALUES)
@click.argument("invite")
@json_option
@connection_options
def join(invite, as_json):
    """Take the seat an INVITE code is for."""
    reply(as_json, api().join(invite), lambda joined: f"Joined game {joined['game']} as seat {joined['seat']}.")


@cli.command()
@click.option("--open", "open_only", is_flag=True, help="List games waiting for players instead of mine.")
@json_option
@connection_options
def games(open_only, as_json):
    """List my games (or, with --open, games that still have free seats)."""
    reply(as_json, api().games(open_only), lambda summaries: output.games_table(summaries, open_only))


@cli.command()
@click.argument("game", type=GAME_ID)
@seat_option
@json_option
@connection_options
def show(game, seat, as_json):
    """Show the board of GAME as my seat sees it, and who must decide what."""
    client = api()
    state = client.game(game, seat)
    if as_json:
        output.emit_json(state)
        return
    picture = "" if state.get("status") == "open" else client.render(game, seat).get("text", "")
    output.emit(output.game_picture(state, picture))


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
        click.echo("You have no decision to make in this game right now.", err=True)


@cli.command(context_settings=DASH_VALUES)
@click.argument("game", type=GAME_ID)
@click.argument("move")
@seat_option
@json_option
@connection_options
def play(game, move, seat, as_json):
    """Play MOVE, written in notation like "pass", in GAME at its current version.

    If someone else moves at the same moment, the version is fetched again and the
    move retried (the server then judges it against the new position).
    """
    if not move.strip():
        raise click.BadParameter("the move is empty; `herald moves GAME` lists what you can play",
                                 param_hint="MOVE")
    client = api()
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
@click.option("--from", "start", type=click.IntRange(min=0), default=0, help="First move number to show.")
@seat_option
@json_option
@connection_options
def log(game, start, seat, as_json):
    """Show the log of GAME as my seat may see it, one line per event."""
    client = api()
    entries = client.log(game, start, seat)
    if as_json:
        output.emit_json(entries)
    else:  # the game object names the seats for moves that carry no event text
        output.emit(output.log_lines(entries.get("moves") or [], client.game(game, seat)))


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
@click.option("--timeout", type=click.FloatRange(min=0), default=None,
              help="Give up after this many seconds (exit 5). Default: wait forever.")
@seat_option
@json_option
@connection_options
def wait(game, timeout, seat, as_json):
    """Block until I am prompted in GAME (exit 0) or it is over (exit 3)."""
    client = api()
    deadline = None if timeout is None else time.monotonic() + timeout
    while True:
        remaining = MAX_WAIT if deadline is None else max(0.0, deadline - time.monotonic())
        asked = time.monotonic()
        state = client.wait(game, math.ceil(min(remaining, MAX_WAIT)), seat)
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
        output.emit(f"Your move in game {state['id']}: {mine[0].get('text', '')}")
    elif outcome == "finished":
        output.emit(output.game_picture(state, ""))
    else:
        click.echo(f"Timed out after {timeout:g} s; you are not prompted in game {state['id']} yet.", err=True)
    ctx.exit(code)


cli.add_command(bot_commands.command(connection_options, api))


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point (`herald = "client.cli:main"`)."""
    cli.main(args=argv, prog_name="herald")


if __name__ == "__main__":
    main()
