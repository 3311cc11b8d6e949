"""`herald register --timezone`, `herald account --timezone/--quiet`, and the dates the
server writes in the player's zone under `herald show`, `herald next` and `herald vacation`,
against a real server."""
from __future__ import annotations

import re
from datetime import timedelta

from client import exitcodes
from server.store.models import utcnow


def test_register_with_a_zone_and_account_changes_and_shows_it(herald):
    ann = herald.json("register", "ann", "ann@example.org", "--timezone", "europe/stockholm")
    assert (ann["timezone"], ann["quiet_hours"]) == ("Europe/Stockholm", "22:00-08:00")
    token = ann["token"]
    shown = herald("account", token=token)
    assert shown.exit_code == 0 and "time zone:   Europe/Stockholm" in shown.stdout
    assert "quiet hours: 22:00-08:00 (reminders and digests wait until they end)" in shown.stdout

    changed = herald("account", "--timezone", "Europe/Budapest", "--quiet", "23-7", token=token)
    assert changed.exit_code == 0, changed.stderr
    assert "time zone:   Europe/Budapest" in changed.stdout and "quiet hours: 23:00-07:00" in changed.stdout
    assert herald.json("account", "--quiet", "off", token=token)["quiet_hours"] is None
    assert "zone:    Europe/Budapest, quiet hours off" in herald("me", token=token).stdout

    refused = herald("account", "--timezone", "Europe/Budapesth", token=token)
    assert refused.exit_code == exitcodes.REJECTED
    assert "Did you mean Europe/Budapest" in refused.stderr and "(bad-timezone)" in refused.stderr
    refused = herald("account", "--quiet", "8-8", token=token)
    assert refused.exit_code == exitcodes.REJECTED and "starts where it ends" in refused.stderr
    bad = herald("register", "ben", "ben@example.org", "--timezone", "Mars/Olympus")
    assert bad.exit_code == exitcodes.REJECTED and "not a time zone Herald knows" in bad.stderr
    assert herald("account", "rename", "anna", token=token).exit_code == 0  # the subcommands still work


def test_show_next_and_vacation_write_dates_in_my_zone(herald):
    ana = herald.json("register", "ana", "ana@example.org", "--timezone", "Asia/Kolkata")["token"]
    ben = herald.register("ben")
    created = herald.json("new", "toy-race", "--seats", 2, "--days-per-move", 3, token=ana)
    codes = {invite["seat"]: invite["code"] for invite in created["invites"]}
    herald("join", codes[0], token=ana)
    herald("join", codes[1], token=ben)
    game_id = created["id"]
    in_india = r"\w+, \d{1,2} \w+, \d{1,2}:\d\d\W(AM|PM) IST"  # English as written in India, the zone IST
    shown = herald("show", game_id, token=ana).stdout
    assert re.search(rf"you: answer by {in_india}", shown), shown
    assert re.search(r"answer by \w+ \d{1,2} \w+, \d\d:\d\d UTC", herald("show", game_id, token=ben).stdout)
    asked = herald("next", token=ana).stdout
    assert re.search(in_india, asked) and "deadline" in asked, asked
    gone = herald("vacation", "--until", (utcnow() + timedelta(days=5)).date().isoformat(), token=ana)
    assert gone.exit_code == 0 and re.search(r"On vacation until \w+, \d{1,2} \w+ \d{4}, .* IST\.", gone.stdout)
