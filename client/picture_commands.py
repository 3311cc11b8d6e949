"""`herald link GAME [--revoke]` and `herald mail-format [multipart|plain]`."""
from __future__ import annotations

import click

from client.command_base import GAME_ID, api, connection_options, json_option, reply, seat_option
from client.i18n import _


@click.command()
@click.argument("game", type=GAME_ID)
@click.option("--revoke", is_flag=True, help="Revoke my seat's earlier links and print a new one.")
@seat_option
@json_option
@connection_options
def link(game, revoke, seat, as_json):
    """Print a link to GAME's page in a browser; anyone holding it plays my seat there."""
    client = api()
    path = client.game_path(game, "link", "revoke") if revoke else client.game_path(game, "link")
    answer = (client.change("POST", path, params={"seat": seat}) if revoke
              else client.request("GET", path, params={"seat": seat}))
    reply(as_json, answer, lambda a: a["url"])

@click.command("mail-format")
@click.argument("choice", required=False, type=click.Choice(["multipart", "plain"]))
@json_option
@connection_options
def mail_format(choice, as_json):
    """Show, or choose, how my turn mails come: multipart (text + board picture) or plain text."""
    client = api()
    if choice is None:
        answer = client.request("GET", "/players/me/mail-format")
    else:
        answer = client.change("PUT", "/players/me/mail-format", body={"mail_format": choice})
    reply(as_json, answer, lambda a: _("Mail format: {format}").format(format=a["mail_format"]))


def commands():
    return [link, mail_format]
