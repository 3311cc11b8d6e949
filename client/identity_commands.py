"""`herald token ...`, `herald account ...`, `herald profiles`: one's identity over a long game.

A lost token is recovered by mail (`token recover` then `token redeem`); a new name takes
effect at once; a new address only once the code mailed to it is confirmed. Tokens that
change are saved back to the profile they came from, so a saved set-up keeps working.
"""
from __future__ import annotations

import click

from client import config, output
from client.command_base import api, connection_options, json_option, reply, save_identity, settings
from client.i18n import _


def _profile_holding(token: str | None) -> tuple[bool, str | None]:
    """(whether the chosen profile saved this very token, that profile's name): a token in use
    that came from the config file is kept in step there when it or its player changes."""
    profile = config.chosen_profile(click.get_current_context().ensure_object(dict).get("profile"))
    saved = config.saved_profile(config.read_file(config.config_path()), profile, must_exist=False)
    return bool(saved.get("token")) and saved.get("token") == token, profile


def _keep_saved_token(old: config.Settings, player: dict, save: bool, force: bool) -> str | None:
    """Where the new token was saved: always when the old one came from the config file."""
    if not save and not _profile_holding(old.token)[0]:
        return None
    return save_identity(config.Settings(old.server, player["token"], player.get("name")), force)


def _token_text(player: dict, saved_to: str | None, recovered: bool) -> str:
    first = (_("Recovered for {name}. Your token (shown once, keep it secret):") if recovered
             else _("New token for {name}. Your token (shown once, keep it secret):"))
    lines = [first.format(name=player.get("name")), player["token"]]
    lines += ([_("Saved to {path}.").format(path=saved_to)] if saved_to
              else ["", _("Use it with:"), f"  export HERALD_TOKEN={player['token']}"])
    return "\n".join(lines)


@click.group()
def token():
    """Replace or recover your API token."""


@token.command()
@click.option("--save", is_flag=True, help="Save the new token to the config file (done anyway if it came from there).")
@click.option("--force", is_flag=True, help="With --save: replace another player saved in that profile.")
@json_option
@connection_options
def rotate(save, force, as_json):
    """Get a new token; the one in use stops working."""
    old = settings()
    player = api().change("POST", "/players/me/token")
    saved_to = _keep_saved_token(old, player, save, force)
    reply(as_json, player, lambda p: _token_text(p, saved_to, recovered=False))


@token.command()
@click.argument("email")
@json_option
@connection_options
def recover(email, as_json):
    """Mail a one-time code for a new token to EMAIL (if a player is registered with it)."""
    answer = api(auth=False).change("POST", "/players/recover", body={"email": email}, auth=False)
    reply(as_json, answer, lambda a: _("If a player is registered with {email}, a code is on its way there.").format(
        email=email) + "\n" + _("Then run: {command}").format(command="herald token redeem CODE --save"))


@token.command()
@click.argument("code")
@click.option("--save", is_flag=True, help="Save the new token to the config file (the chosen profile).")
@click.option("--force", is_flag=True, help="With --save: replace another player saved in that profile.")
@json_option
@connection_options
def redeem(code, save, force, as_json):
    """Trade a mailed recovery CODE for a new token."""
    client = api(auth=False)
    player = client.change("POST", "/players/recover/redeem", body={"code": code}, auth=False)
    saved_to = save_identity(config.Settings(client.server, player["token"], player.get("name")), force) if save else None
    reply(as_json, player, lambda p: _token_text(p, saved_to, recovered=True))


@click.group(invoke_without_command=True)
@click.option("--timezone", "zone", metavar="ZONE", default=None,
              help="Your time zone, an IANA name such as Europe/Budapest: the dates you read are written in it.")
@click.option("--quiet", metavar="FROM-TO|off", default=None,
              help="Your quiet hours in that zone, e.g. 22-8 (the default) or 23:30-07:00, or off: reminders and "
                   "digests wait until they end; turn mails do not.")
@click.option("--language", metavar="LANG", default=None,
              help="The language Herald writes to you in (mails, the game page): en, sv, ru, nl, es or hu.")
@json_option
@connection_options
@click.pass_context
def account(ctx, zone, quiet, language, as_json):
    """Your language, time zone and quiet hours (shown without options); change your name or address.

    \b
    herald account --language sv --timezone Europe/Stockholm --quiet 22-8
    herald account rename NEW | email ADDRESS | confirm CODE
    """
    if ctx.invoked_subcommand is not None and not (zone is None and quiet is None and language is None):
        raise click.UsageError(_("--language, --timezone and --quiet go without a subcommand: "
                                 "herald account --language LANG"))
    if zone is None and quiet is None and language is None:
        if ctx.invoked_subcommand is None:
            reply(as_json, api().me(), time_settings)
        return
    body = {**({"timezone": zone} if zone is not None else {}), **({"quiet_hours": quiet} if quiet is not None else {}),
            **({"language": language} if language is not None else {})}
    reply(as_json, api().change("PATCH", "/players/me", body=body), time_settings)


def time_settings(me: dict) -> str:
    """The settings `herald account` shows, aligned as `herald me` aligns its own."""
    quiet = me.get("quiet_hours")
    rows = [(_("language:"), me.get("language") or _("not chosen (English mail; pages follow your browser)")),
            (_("time zone:"), _("{zone} (the dates Herald writes you are in it)").format(zone=me.get("timezone") or "UTC")),
            (_("quiet hours:"), _("{hours} (reminders and digests wait until they end)").format(hours=quiet)
             if quiet else _("off"))]
    return output.labelled(rows)


@account.command()
@click.argument("name")
@json_option
@connection_options
def rename(name, as_json):
    """Play under a new NAME from now on (every game shows it)."""
    player = api().change("PUT", "/players/me/name", body={"name": name})
    _rename_saved(player["name"])
    reply(as_json, player, lambda p: _("You are now {name}.").format(name=p["name"]))


@account.command("email")
@click.argument("address")
@json_option
@connection_options
def change_email(address, as_json):
    """Move your mail to ADDRESS, once you confirm the code mailed there."""
    answer = api().change("POST", "/players/me/email", body={"email": address})
    reply(as_json, answer, lambda a: _("A code is on its way to {email}.").format(email=address) + " "
          + _("Then run: {command}").format(command="herald account confirm CODE"))


@account.command()
@click.argument("code")
@json_option
@connection_options
def confirm(code, as_json):
    """Confirm a new address with the CODE mailed to it."""
    player = api().change("POST", "/players/me/email/confirm", body={"code": code})
    reply(as_json, player, lambda p: _("Your mail now goes to {email}.").format(email=p["email"]))


@click.command("profiles")
@json_option
def list_profiles(as_json):
    """The identities saved in the config file (choose one with --profile or HERALD_PROFILE)."""
    found = config.profiles()
    rows = [{"profile": name, "name": entry.get("name"), "server": entry.get("server")}
            for name, entry in sorted(found.items(), key=lambda item: (item[0] is not None, item[0] or ""))]
    reply(as_json, rows, lambda rs: "\n".join(
        f"{r['profile'] or _('(default)'):<16} {r['name'] or '?':<20} {r['server']}" for r in rs) or _("No saved profiles."))


def _rename_saved(name: str) -> None:
    """Keep the saved profile's name in step, so a later --save still knows it is the same player."""
    chosen = settings()
    held, profile = _profile_holding(chosen.token)
    if held:
        config.save(config.Settings(chosen.server, chosen.token, name), profile=profile, replace=True)


def attach(cli: click.Group) -> None:
    for command in (token, account, list_profiles):
        cli.add_command(command)
