"""A player's settings by mail: the commands a reply may carry that change the player, not the
game (`mail`, `timezone`, `quiet`, `language`, `format`, `vacation`), answered in the session's language
(server/mailin/dispatch.py runs them as it runs the game's commands). Each says what it did
in a sentence, or why not and how to write it."""
from __future__ import annotations

from server.errors import ApiError, msg
from server.players import localtime
from server.store.models import MAIL_FORMATS, Player
from server.table import outbox, vacation
from server.table.outbox import SETTINGS
from server.web.i18n import languages
from server.web.i18n.catalogs import translations


def _mail(session, rest):
    """`mail turns`, `mail digest`, `mail off`; `mail digest 7:30` chooses the digest's time too;
    `mail` alone says the setting, as `timezone` and `language` alone do."""
    if not rest:
        session.tell(_mail_now(Player.get_by_id(session.caller.id)))
        return
    word, _sep, when = rest.partition(" ")
    choice = {"stop": "off", "unsubscribe": "off"}.get(word, word)
    if choice not in SETTINGS or (when and choice != "digest"):
        session.tell(msg("Say 'mail turns', 'mail digest' or 'mail off'."))
        return
    changes = {"mail": choice}
    if when:
        try:
            changes["digest_at"] = localtime.check_digest_at(when)
        except ValueError as exc:
            session.tell(str(exc))
            return
    Player.update(**changes).where(Player.id == session.caller.id).execute()
    if choice == "digest":
        digest_at = Player.select(Player.digest_at).where(Player.id == session.caller.id).scalar()
        session.tell(msg("Your mail setting is now 'digest': one mail a day listing the games waiting for you, "
                         "written at %(time)s where you are ('mail digest 7:30' changes the time).", time=digest_at))
        return
    session.tell(SETTING_TEXT[choice])


def _mail_now(player):
    """The player's mail setting in a sentence, with how to change it."""
    if player.mail == "digest":
        return msg("Your mail setting is 'digest': one mail a day listing the games waiting for you, written at "
                   "%(time)s where you are. Say 'mail digest 7:30' for another time, 'mail turns' for a mail for "
                   "every turn, or 'mail off'.", time=player.digest_at or localtime.DEFAULT_DIGEST_AT)
    if player.mail == "turns":
        return msg("Your mail setting is 'turns': a mail for every turn. Say 'mail digest' for one mail a day, or "
                   "'mail off'.")
    if player.mail == "off":
        return msg("Your mail setting is 'off': no mail from Herald except answers to your own mail. Say 'mail "
                   "turns' or 'mail digest' to have game mail again.")
    return msg("Herald has paused its mail to you: your address refused a mail. Say 'mail turns' or 'mail digest' to "
               "have game mail again.")  # (BOUNCED: players/addresses.py)


def _stop(session, rest):
    _mail(session, "off")


def _timezone(session, rest):
    """`timezone Europe/Stockholm`: the zone the player's dates are written in (and their
    quiet hours reckoned in). The line arrives in lower case; the zone is found regardless."""
    try:
        zone = localtime.check_zone(rest) if rest else None
    except ValueError as exc:
        session.tell(str(exc))
        return
    if zone is None:
        player = Player.get_by_id(session.caller.id)
        session.tell(msg("Your time zone is %(zone)s. Say 'timezone ZONE' to change it, e.g. "
                         "'timezone Europe/Stockholm'.", zone=player.timezone))
        return
    Player.update(timezone=zone).where(Player.id == session.caller.id).execute()
    outbox.held_again(session.caller.id)  # a reminder held for the night waits for the night in the new zone
    session.tell(msg("Your time zone is now %(zone)s: the dates Herald writes you are in it, and your quiet hours "
                     "are reckoned in it.", zone=zone))


def _quiet(session, rest):
    """`quiet 22-8` or `quiet off`: when reminders and digests wait. `quiet` alone says them and
    changes nothing (it once turned them off: check_quiet reads "" as none)."""
    rest = rest.removeprefix("hours").strip()
    if not rest:
        player = Player.get_by_id(session.caller.id)
        session.tell(msg("Your quiet hours are %(hours)s in %(zone)s: reminders and digests wait until they end. Say "
                         "'quiet 22-8' to change them, or 'quiet off'.", hours=player.quiet_hours,
                         zone=player.timezone) if player.quiet_hours else
                     msg("You have no quiet hours: reminders and digests go at any hour. Say 'quiet 22-8' to have "
                         "them wait while it is 22:00-08:00 where you are."))
        return
    try:
        quiet = localtime.check_quiet(rest)
    except ValueError as exc:
        session.tell(str(exc))
        return
    Player.update(quiet_hours=quiet).where(Player.id == session.caller.id).execute()
    outbox.held_again(session.caller.id)  # a reminder held for the old quiet hours waits for the new ones
    session.tell(msg("Your quiet hours are now %(hours)s: reminders and digests wait until they end.", hours=quiet)
                 if quiet else msg("You have no quiet hours now: reminders and digests go at any hour."))


def _language(session, rest):
    """`language sv`: the language of Herald's mail from now on, said in that language."""
    if not rest:
        current = session.language
        # said in the language it names, which names itself ("på svenska", "по-русски"), as below
        session.tell(msg("Herald writes to you in English (%(code)s). To change it, reply 'language' and one of: "
                         "%(choices)s.", code=current, choices=languages.listing()))
        return
    chosen = languages.normalise(rest)
    if chosen is None:
        session.tell(languages.unknown(rest), msg("Reply, for example, 'language sv'."))
        return
    Player.update(language=chosen).where(Player.id == session.caller.id).execute()
    session.language = chosen  # the rest of the answer in the language just chosen
    # Each language names itself in its own sentence ("på svenska", "по-русски"): no name pasted in.
    session.blocks.append(translations(chosen).gettext("From now on, Herald writes to you in English."))


def _format(session, rest):
    """`format plain`: Herald's mails as plain text only; `format multipart`: with the HTML
    part and its board picture again (as `herald mail-format`)."""
    if rest not in MAIL_FORMATS:
        session.tell(msg("Say 'format plain' for mail in plain text only, or 'format multipart' for mail with "
                         "the board as a picture too."))
        return
    Player.update(mail_format=rest).where(Player.id == session.caller.id).execute()
    session.tell(msg("From now on Herald's mail to you is plain text only.") if rest == "plain" else
                 msg("From now on Herald's mail to you shows the board as a picture too."))


OFF = ("off", "end", "over", "back", "stop")  # `vacation off`: back now


def _vacation(session, rest):
    """`vacation 2026-12-26` (or `vacation until 2026-12-26`): away until that day, in the
    player's zone, as `herald vacation --until` does; `vacation off`: back now; `vacation`
    alone: whether they are away, and the days left of this year's."""
    allowance = session.config.vacation_days
    rest = rest.removeprefix("until").strip()
    try:
        if not rest:
            status = vacation.status(session.caller, allowance)
        elif rest in OFF:
            status = vacation.end(session.caller, allowance)
        else:
            until = vacation.parse_until(rest, localtime.reader(session.caller.id))
            status = vacation.start(session.caller, until, allowance)
    except ApiError as refused:
        session.tell(refused.message, msg("Say, for example, 'vacation 2026-12-26' (away until that day), "
                                          "'vacation off' (back now) or 'vacation' (how many days are left)."))
        return
    left = msg("%(left)s of this year's %(allowance)s vacation days are left.", left=status["left"],
               allowance=status["allowance"])
    if status["on_vacation"]:  # (its end as the player reads dates: vacation.status writes it so)
        session.tell(msg("You are on vacation until %(until)s: your clocks stand still in every game, and the other "
                         "players are told. Reply 'vacation off' when you are back early; a move does it too.",
                         until=status["until_text"]), left)
    else:
        session.tell(msg("You are not on vacation: your clocks run."), left)


SETTING_TEXT = {"turns": msg("Your mail setting is now 'turns': a mail for every turn."),
                "off": msg("Your mail setting is now 'off': no mail from Herald except answers to your own mail. "
                           "Reply 'mail turns' to undo.")}
COMMANDS = {"mail": _mail, "stop": _stop, "unsubscribe": _stop, "timezone": _timezone, "tz": _timezone,
            "quiet": _quiet, "language": _language, "lang": _language, "vacation": _vacation,
            "format": _format}
