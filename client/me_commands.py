"""`herald me`: who I am on this server, my mail setting, and how many games wait for me;
`herald me --mail turns|digest|off` changes the setting. Also the invitations by mail that
`herald new --invite` sends."""
from __future__ import annotations

import click

from client import output

MAIL_CHOICES = ("turns", "digest", "off")
MAIL_MEANING = {"turns": "a mail for every turn", "digest": "one mail a day listing the games waiting for you",
                "off": "no mail except answers to your own mail",
                "bounced": "paused: mail to your address bounced; `herald me --mail turns` resumes it, "
                           "`herald account email NEW` changes the address"}


def describe(me: dict, server: str) -> str:
    setting = me.get("mail", "turns")
    waiting = me.get("waiting")
    lines = [f"name:    {me.get('name')}", f"email:   {me.get('email')}", f"server:  {server}",
             f"mail:    {setting} ({MAIL_MEANING.get(setting, setting)})"]
    if waiting is not None:
        lines.append(f"waiting: {waiting} game{'' if waiting == 1 else 's'} waiting for you")
    if me.get("language"):
        lines.append(f"language: {me['language']} (`herald account --language LANG` changes it)")
    return "\n".join(lines)


def command(api, connection_options, json_option) -> click.Command:
    """The `herald me` command, built with the CLI's own connection and --json options."""

    @click.command("me")
    @click.option("--mail", "mail", type=click.Choice(MAIL_CHOICES), default=None,
                  help="Change how Herald mails you: turns (every turn), digest (once a day) or off.")
    @json_option
    @connection_options
    def me(mail, as_json):
        """Show my name, email, server, mail setting and the games waiting for me."""
        client = api()
        if mail is not None:
            answer = client.request("PATCH", "/players/me", body={"mail": mail})
        else:
            answer = client.request("GET", "/players/me")
        if as_json:
            output.emit_json({**answer, "server": client.server})
        else:
            output.emit(describe(answer, client.server))

    return me


def send_invitations(client, game_id: int, emails: tuple[str, ...]) -> list[dict]:
    """POST /games/{id}/invitations for each address: seats in order, each mailed an invitation."""
    return [client.request("POST", f"/games/{game_id}/invitations", body={"email": email}) for email in emails]


def invited_lines(invited: list[dict]) -> str:
    return "\n".join(f"Invited {entry['email']} to seat {entry['seat']} by mail (they reply 'join')."
                     for entry in invited)
