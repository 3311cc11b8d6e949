"""`herald me`: who I am on this server, my mail setting, and how many games wait for me;
`herald me --mail turns|digest|off` changes the setting. Also the invitations by mail that
`herald new --invite` sends."""
from __future__ import annotations

import click

from client import output
from client.i18n import N_, _, ngettext

MAIL_CHOICES = ("turns", "digest", "off")
MAIL_MEANING = {"turns": N_("a mail for every turn"), "digest": N_("one mail a day listing the games waiting for you"),
                "off": N_("no mail except answers to your own mail"),
                "bounced": N_("paused: mail to your address bounced; `herald me --mail turns` resumes it, "
                              "`herald account email NEW` changes the address")}


def describe(me: dict, server: str) -> str:
    """What `herald me` shows: label and value, one per line (output.labelled)."""
    setting = me.get("mail", "turns")
    waiting = me.get("waiting")
    meaning = _(MAIL_MEANING[setting]) if setting in MAIL_MEANING else setting
    rows = [(_("name:"), me.get("name")), (_("email:"), me.get("email")), (_("server:"), server),
            (_("mail:"), f"{setting} ({meaning})")]
    if setting == "digest" and me.get("digest_at"):  # servers before digest times do not say
        rows.append((_("digest:"), _("each day at {time} your time (`herald me --digest-at TIME` changes it)").format(
            time=me["digest_at"])))
    if waiting is not None:
        rows.append((_("waiting:"), ngettext("{count} game waiting for you", "{count} games waiting for you",
                                             waiting).format(count=waiting)))
    if me.get("timezone"):  # servers before time zones do not say
        rows.append((_("zone:"), _("{zone}, quiet hours {quiet} (`herald account --timezone ZONE --quiet 22-8|off`)").format(
            zone=me["timezone"], quiet=me.get("quiet_hours") or _("off"))))
    if me.get("language"):
        rows.append((_("language:"), _("{language} (`herald account --language LANG` changes it)").format(
            language=me["language"])))
    return output.labelled(rows)


def command(api, connection_options, json_option) -> click.Command:
    """The `herald me` command, built with the CLI's own connection and --json options."""

    @click.command("me")
    @click.option("--mail", "mail", type=click.Choice(MAIL_CHOICES), default=None,
                  help="Change how Herald mails you: turns (every turn), digest (once a day) or off.")
    @click.option("--digest-at", "digest_at", metavar="TIME", default=None,
                  help="The time of your day for the daily digest, in your time zone: e.g. 8 (the default), "
                       "07:30 or 7pm.")
    @json_option
    @connection_options
    def me(mail, digest_at, as_json):
        """Show my name, email, server, mail setting and the games waiting for me."""
        client = api()
        if mail is not None or digest_at is not None:
            body = {**({"mail": mail} if mail is not None else {}), **({"digest_at": digest_at} if digest_at is not None else {})}
            answer = client.change("PATCH", "/players/me", body=body)
        else:
            answer = client.request("GET", "/players/me")
        if as_json:
            output.emit_json({**answer, "server": client.server})
        else:
            output.emit(describe(answer, client.server))

    return me


def send_invitations(client, game_id: int, emails: tuple[str, ...]) -> list[dict]:
    """POST /games/{id}/invitations for each address: seats in order, each mailed an invitation."""
    return [client.change("POST", f"/games/{game_id}/invitations", body={"email": email}) for email in emails]


def invited_lines(invited: list[dict]) -> str:
    return "\n".join(_("Invited {email} to seat {seat} by mail (they reply 'join').").format(email=entry["email"],
                                                                                            seat=entry["seat"])
                     for entry in invited)
