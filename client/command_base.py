"""What every `herald` command builds on: the shared options (--server/--token/--profile,
--json, --seat), the API client for the chosen server, game-number arguments, and Failure,
a refusal the player can act on, with its exit code."""
from __future__ import annotations

import sys

import click

from client import completion, config, exitcodes, output
from client.api import ApiError, HeraldApi
from client import i18n
from client.i18n import _


class Failure(click.ClickException):
    """A failure the player can act on: one line of message, then optional detail lines."""

    def __init__(self, message: str, exit_code: int = exitcodes.ERROR, details: list[str] | None = None,
                 code: str | None = None):
        super().__init__(message)
        self.exit_code = exit_code  # type: ignore[misc]  # click declares it on the class; each failure has its own
        self.details = details or []
        self.code = code  # stable code for --json (client.errors_json); None: by exit code
        self.api_error: ApiError | None = None  # the server's answer this failure reports, if any

    def show(self, file=None) -> None:
        click.echo(_("Error: {message}").format(message=self.message), err=True)
        for line in self.details:
            click.echo(line, err=True)


def failure_from_api(error: ApiError) -> Failure:
    """Map a server error to the exit-code table; illegal moves keep rule and alternatives.
    The server's sentence is shown as sent; the client's own words around it are translated."""
    tags = [error.code] + ([_("rule {rule}").format(rule=error.rule)] if error.rule else [])
    message = f"{error.message} ({', '.join(tags)})"
    details = []
    if error.legal:
        details.append(_("Legal moves:"))
        details += [f"  {move}" for move in error.legal]
        more = error.details.get("more") if isinstance(error.details, dict) else None
        if more:
            details.append("  " + _("... and {count} more (see `herald moves`)").format(count=more))
    if error.code == "seat-required":
        details.append(_("You hold several seats in this game: choose one with --seat N."))
    if error.code == "bad-response":  # no Herald server's answer, whatever its status
        failure = Failure(message, exitcodes.ERROR, details)
    elif error.status == 401:
        failure = Failure(_("{message} Check HERALD_TOKEN, or get a token with `herald register`.").format(message=message),
                          exitcodes.AUTH, details)
    elif 400 <= error.status < 500:
        failure = Failure(message, exitcodes.REJECTED, details)
    else:
        failure = Failure(message, exitcodes.ERROR, details)
    failure.api_error = error
    return failure


# --- shared options ------------------------------------------------------------------

def _remember(key):
    def callback(ctx, param, value):
        if value is not None:
            ctx.ensure_object(dict)[key] = value
        return value
    return callback


def connection_options(command):
    """--server/--token/--profile, accepted both before and after the subcommand name."""
    command = click.option("--profile", metavar="NAME", expose_value=False, callback=_remember("profile"),
                           help="Saved profile to use (default: $HERALD_PROFILE, then the default one).")(command)
    command = click.option("--token", metavar="TOKEN", expose_value=False, callback=_remember("token"),
                           help="API token (default: $HERALD_TOKEN, then the saved config).")(command)
    command = click.option("--server", metavar="URL", expose_value=False, callback=_remember("server"),
                           help="Server URL (default: $HERALD_SERVER, then the saved config, "
                                f"then {config.DEFAULT_SERVER}).")(command)
    return command


json_option = click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")
seat_option = click.option("--seat", type=click.IntRange(min=0), metavar="N", default=None,
                           help="Which of my seats, if I hold several in this game.")


def reply(as_json: bool, data, human) -> None:
    """Print `data` as JSON, or `human(data)` as text."""
    if as_json:
        output.emit_json(data)
    else:
        output.emit(human(data))


def settings(new_profile_ok: bool = False) -> config.Settings:
    obj = click.get_current_context().ensure_object(dict)
    return config.resolve(obj.get("server"), obj.get("token"), profile=obj.get("profile"),
                          new_profile_ok=new_profile_ok)


SAVE_FAILED = "herald.save_failed"  # ctx.meta: why --save could not write (the command fails once it has printed)


def save_identity(chosen: config.Settings, force: bool) -> str | None:
    """Save to the chosen profile. Where it holds another player: replace it when asked to
    (--force, or yes on a terminal), else save under a new profile and say so on stderr; a
    token shown once is never lost to a taken profile, nor to a file that cannot be written:
    then None, the command prints the token as without --save, and fails after (SAVE_FAILED)."""
    try:
        return _save(chosen, force)
    except OSError as error:
        click.get_current_context().meta[SAVE_FAILED] = _(
            "The token printed above could not be saved to {path} ({reason}); keep it, or save it with "
            "HERALD_TOKEN.").format(path=config.config_path(), reason=error.strerror or error)
        return None


def _save(chosen: config.Settings, force: bool) -> str:
    profile = config.chosen_profile(click.get_current_context().ensure_object(dict).get("profile"))
    try:
        return str(config.save(chosen, profile=profile, replace=force))
    except config.IdentityTaken as taken:
        if sys.stdin.isatty() and click.confirm(_("{problem} Replace it?").format(problem=taken), err=True):
            return str(config.save(chosen, profile=profile, replace=True))
        other = config.free_profile(chosen, profile or chosen.name or "player")
        path = config.save(chosen, profile=other)
        click.echo(_("{taken}, so {name} is saved under the profile {profile} instead: use it with --profile {other} "
                     "(or HERALD_PROFILE={other}).").format(taken=taken.taken(), name=chosen.name or _("this player"),
                                                           profile=repr(other), other=other), err=True)
        return _("{path} (profile {profile})").format(path=path, profile=other)


def reading_language(chosen: str | None) -> str:
    """The language a guide, a glossary entry or the options' help is asked in: `--language`,
    else the one the command speaks (the locale's; English under --json)."""
    return chosen or i18n.language()


def api(auth: bool = True) -> HeraldApi:
    """A client for the chosen server; refuses early when a token is needed but missing."""
    chosen = settings(new_profile_ok=not auth)  # register/recover may name a profile they will save
    if auth and not chosen.token:
        raise Failure(_("No API token. Set HERALD_TOKEN, pass --token, or run `herald register NAME EMAIL --save`."),
                      exitcodes.AUTH)
    return HeraldApi(chosen.server, chosen.token)


# Game ids are whole numbers: `herald show abc` is a usage error here, not a 404 from the server.
class GameId(click.ParamType):
    name = "game"

    def convert(self, value, param, ctx):
        text = str(value).strip().lstrip("#")
        if text.isascii() and text.isdigit() and int(text) > 0:
            return int(text)
        self.fail(_("{value} is not a game number; games are numbered 1, 2, 3... (see `herald games`)").format(
            value=repr(value)), param, ctx)

    def shell_complete(self, ctx, param, incomplete):
        return completion.game_numbers(ctx, incomplete)


GAME_ID = GameId()
