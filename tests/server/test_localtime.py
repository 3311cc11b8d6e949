"""A player's own time (server/players/localtime.py), as pure functions: no database, no clock.

Quiet hours across midnight and around the changes to and from summer time in
Europe/Stockholm, a zone whose offset is a half hour (Asia/Kolkata, and Australia/Adelaide,
which also has summer time), and dates written in the reader's zone and language."""
from __future__ import annotations

from datetime import datetime
from types import SimpleNamespace

import pytest

from server.players import localtime
from server.players.localtime import format_when, quiet_until


def player(zone="UTC", quiet="22:00-08:00", language=None):
    """A players row as far as these functions read it (language: lang-l's column, if set)."""
    row = SimpleNamespace(timezone=zone, quiet_hours=quiet)
    if language is not None:
        row.language = language
    return row


def utc(text: str) -> datetime:
    """Naive UTC, as every stored time is."""
    return datetime.fromisoformat(text)


STOCKHOLM = player("Europe/Stockholm")


@pytest.mark.parametrize("now, until", [
    ("2026-01-14T20:59", None),                 # 21:59 in Stockholm (CET, +1): not yet quiet
    ("2026-01-14T21:00", "2026-01-15T07:00"),   # 22:00: quiet until 08:00 tomorrow, 07:00 UTC
    ("2026-01-14T22:30", "2026-01-15T07:00"),   # 23:30
    ("2026-01-14T23:30", "2026-01-15T07:00"),   # 00:30, after midnight: the same night's end
    ("2026-01-15T06:59", "2026-01-15T07:00"),   # 07:59
    ("2026-01-15T07:00", None),                 # 08:00: over
    ("2026-07-14T20:30", "2026-07-15T06:00"),   # 22:30 in summer (CEST, +2): ends 06:00 UTC
])
def test_quiet_hours_cross_midnight_in_the_players_zone(now, until):
    assert quiet_until(utc(now), STOCKHOLM) == (utc(until) if until else None)


def test_quiet_hours_through_the_nights_summer_time_begins_and_ends_in_stockholm():
    """2026-03-29 02:00 CET the clocks go to 03:00 CEST; 2026-10-25 03:00 CEST back to 02:00 CET.
    The night is an hour shorter, then longer, in UTC: 08:00 on the player's clock either way."""
    assert quiet_until(utc("2026-03-28T22:00"), STOCKHOLM) == utc("2026-03-29T06:00")  # 23:00 CET -> 08:00 CEST
    assert quiet_until(utc("2026-03-29T00:30"), STOCKHOLM) == utc("2026-03-29T06:00")  # 01:30 CET
    assert quiet_until(utc("2026-03-29T01:30"), STOCKHOLM) == utc("2026-03-29T06:00")  # 03:30 CEST, after the jump
    assert quiet_until(utc("2026-10-24T21:00"), STOCKHOLM) == utc("2026-10-25T07:00")  # 23:00 CEST -> 08:00 CET
    assert quiet_until(utc("2026-10-25T00:30"), STOCKHOLM) == utc("2026-10-25T07:00")  # 02:30 CEST, the first time
    assert quiet_until(utc("2026-10-25T01:30"), STOCKHOLM) == utc("2026-10-25T07:00")  # 02:30 CET, the second time


def test_quiet_hours_ending_in_the_hour_the_clock_skips():
    """Quiet until 02:30 on the night 02:00-03:00 does not exist: it ends as the clock jumps."""
    night = player("Europe/Stockholm", "23:00-02:30")
    ends = quiet_until(utc("2026-03-28T23:30"), night)  # 00:30 CET
    assert ends == utc("2026-03-29T01:00")  # 03:00 CEST, the first moment the clock has passed 02:30 (not 03:30)
    santiago = player("America/Santiago", "23:30-00:30")  # 2026-09-06 00:00 -04 becomes 01:00 -03
    assert quiet_until(utc("2026-09-06T03:45"), santiago) == utc("2026-09-06T04:00")  # 23:45 -04 -> 01:00 -03


def test_quiet_hours_in_zones_a_half_hour_off_the_hour():
    kolkata = player("Asia/Kolkata")  # +05:30 all year
    assert quiet_until(utc("2026-01-14T16:29"), kolkata) is None                       # 21:59
    assert quiet_until(utc("2026-01-14T16:30"), kolkata) == utc("2026-01-15T02:30")    # 22:00 -> 08:00
    adelaide = player("Australia/Adelaide")  # +10:30 in its summer (January), +09:30 in July
    assert quiet_until(utc("2026-01-14T12:00"), adelaide) == utc("2026-01-14T21:30")   # 22:30 -> 08:00
    assert quiet_until(utc("2026-07-14T13:00"), adelaide) == utc("2026-07-14T22:30")   # 22:30 -> 08:00


def test_quiet_hours_within_a_day_and_turned_off():
    lunch = player("Europe/Stockholm", "12:00-13:30")
    assert quiet_until(utc("2026-01-14T11:15"), lunch) == utc("2026-01-14T12:30")
    assert quiet_until(utc("2026-01-14T12:30"), lunch) is None
    assert quiet_until(utc("2026-01-14T22:30"), player("Europe/Stockholm", None)) is None  # off
    assert quiet_until(utc("2026-01-14T23:00"), player()) == utc("2026-01-15T08:00")      # the default, in UTC


@pytest.mark.parametrize("typed, stored", [
    ("22-8", "22:00-08:00"), ("22:00-08:00", "22:00-08:00"), ("23:30 - 7", "23:30-07:00"), ("9.30-17", "09:30-17:00"),
    ("22-24", "22:00-00:00"), ("off", None), ("OFF", None), (None, None),
    ("10pm-8am", "22:00-08:00"), ("10:30 PM - 7 am", "22:30-07:00"), ("12am-6am", "00:00-06:00"),
    ("9 a.m. to 12 p.m.", "09:00-12:00"),
])
def test_quiet_hours_as_typed_and_as_stored(typed, stored):
    assert localtime.check_quiet(typed) == stored


@pytest.mark.parametrize("typed, why", [("8-8", "starts where it ends"), ("25-3", "hours 0-24"),
                                        ("22:75-8", "minutes 0-59"), ("evenings", "not a span"),
                                        ("22pm-8am", "hours 1-12 before am or pm"), ("10pm-10pm", "starts where")])
def test_bad_quiet_hours_are_refused_with_a_sentence(typed, why):
    with pytest.raises(ValueError, match=why):
        localtime.check_quiet(typed)


@pytest.mark.parametrize("typed, zone", [("Stockholm", "Europe/Stockholm"), ("budapest", "Europe/Budapest"),
                                         ("New York", "America/New_York"), ("new_york", "America/New_York"),
                                         ("Moscow", "Europe/Moscow"), ("  Madrid ", "Europe/Madrid")])
def test_a_city_alone_names_the_zone_named_after_it(typed, zone):
    """A player writes 'timezone Stockholm': the one zone named after that city is theirs (it was
    refused, though nothing else could be meant); a misspelt city gets the zone suggested."""
    assert localtime.check_zone(typed) == zone


def test_a_misspelt_city_gets_its_zone_suggested():
    with pytest.raises(ValueError, match="Did you mean Europe/Budapest"):
        localtime.check_zone("Budapst")


def test_zones_are_iana_names_in_any_case_and_a_typo_gets_a_suggestion():
    assert localtime.check_zone("europe/stockholm") == "Europe/Stockholm"
    assert localtime.check_zone(" UTC ") == "UTC"
    with pytest.raises(ValueError, match="Did you mean Europe/Stockholm"):
        localtime.check_zone("Europe/Stokholm")
    with pytest.raises(ValueError, match="not a time zone Herald knows"):
        localtime.check_zone("Mars/Olympus")


@pytest.mark.parametrize("typed", ["GMT+1", "UTC+1", "utc -3", "gmt+5:45"])
def test_an_offset_is_refused_with_why(typed):
    """"GMT+1" was taken as the city "GMT+1" of Etc/GMT+1, which is UTC-1 (the tz database
    reverses the sign), two hours off for a player in Budapest."""
    with pytest.raises(ValueError, match="is an offset from UTC, not a time zone"):
        localtime.check_zone(typed)
    assert localtime.check_zone("Etc/GMT+1") == "Etc/GMT+1"  # written whole, the IANA name is what it says


@pytest.mark.parametrize("typed", ["localtime", "Factory"])
def test_names_that_are_no_place_are_refused(typed):
    with pytest.raises(ValueError, match="not a time zone Herald knows"):
        localtime.check_zone(typed)


TUESDAY = utc("2025-12-02T18:00")


@pytest.mark.parametrize("reader, written", [
    (player("Europe/London"), "Tuesday 2 December, 18:00 GMT"),
    (player(), "Tuesday 2 December, 18:00 UTC"),                              # the default: UTC, 24-hour clock
    (player("America/New_York"), "Tuesday, December 2, 1:00 PM EST"),
    (player("Europe/Stockholm", language="sv"), "tisdag 2 december 19:00 CET"),
    (player("Europe/Budapest", language="hu"), "december 2., kedd 19:00 CET"),
    (player("Asia/Kolkata", language="en-GB"), "Tuesday 2 December, 23:30 +0530"),  # en-GB: a language with its country
    (player("Australia/Adelaide"), "Wednesday 3 December, 4:30 am ACDT"),
    (None, "Tuesday 2 December, 18:00 UTC"),                                   # nobody: a spectator
])
def test_a_date_is_written_in_the_readers_zone_and_language(reader, written):
    assert plain(format_when(TUESDAY, reader)) == written


def plain(text: str) -> str:
    """CLDR puts a narrow no-break space before AM/PM: compared here as a space."""
    return text.replace("\u202f", " ").replace("\xa0", " ")


def test_the_same_moment_in_summer_and_with_the_year_and_short():
    london, swede = player("Europe/London"), player("Europe/Stockholm", language="sv")
    assert format_when(utc("2026-07-07T18:00"), london) == "Tuesday 7 July, 19:00 BST"
    assert format_when(TUESDAY, london, "year") == "Tuesday, 2 December 2025, 18:00 GMT"
    assert format_when(TUESDAY, swede, "year") == "tisdag 2 december 2025 19:00 CET"
    assert format_when(TUESDAY, london, "short") == "2 Dec, 18:00"
    assert localtime.format_iso("2025-12-02T18:00:00Z", swede) == "tisdag 2 december 19:00 CET"
    assert localtime.format_iso(None, swede) is None


def test_a_stored_value_no_longer_valid_reads_as_the_default():
    """Rows hold what was checked when it was set; tz data may drop a name later."""
    odd = player("Nowhere/Gone", "whenever")
    assert localtime.zone_of(odd).key == "UTC" and localtime.quiet_of(odd) == (22 * 60, 8 * 60)
    assert localtime.locale_for(player(language="xx")).language == "en"


@pytest.mark.parametrize("reader, sentence", [
    (player("Europe/Madrid", language="es"), "Responde antes del martes, 2 de diciembre, 19:00 CET."),
    (player("Europe/Moscow", language="ru"), "Срок ответа: вторник, 2 декабря, 21:00 +0300."),
    (player("Europe/Stockholm", language="sv"), "Svara senast tisdag 2 december 19:00 CET."),
])
def test_a_deadline_is_said_in_a_sentence_its_weekday_fits(reader, sentence):
    """A date begins with its weekday in the nominative: "antes de lunes" wants its article
    ("antes del lunes"), "до суббота" a genitive Babel does not write, so the sentence is built
    around it ("Срок ответа: суббота, ...")."""
    from server.errors import msg
    from server.web.i18n.catalogs import said

    deadline = format_when(TUESDAY, reader)
    assert plain(said(msg("Answer by %(deadline)s.", deadline=deadline), reader.language)) == sentence


def test_the_last_time_a_players_clock_showed_their_digest_time():
    """The digest scan's day boundary (server/notify/digest.py): today's digest time once the
    clock has passed it, else yesterday's; on the nights summer time begins and ends in
    Stockholm, 02:30 is the moment the clock jumps past it, and the first of its two times."""
    new_york = player("America/New_York")
    assert localtime.last_shown(utc("2026-01-14T22:59"), new_york, 18 * 60) == utc("2026-01-13T23:00")  # 17:59 EST
    assert localtime.last_shown(utc("2026-01-14T23:00"), new_york, 18 * 60) == utc("2026-01-14T23:00")  # 18:00 EST
    assert localtime.last_shown(utc("2026-07-14T22:30"), new_york, 18 * 60) == utc("2026-07-14T22:00")  # EDT
    assert localtime.last_shown(utc("2026-03-29T01:10"), STOCKHOLM, 150) == utc("2026-03-29T01:00")  # 03:10 CEST
    assert localtime.last_shown(utc("2026-03-29T00:50"), STOCKHOLM, 150) == utc("2026-03-28T01:30")  # 01:50 CET
    assert localtime.last_shown(utc("2026-10-25T02:00"), STOCKHOLM, 150) == utc("2026-10-25T00:30")  # 03:00 CET


@pytest.mark.parametrize("typed, minutes", [("8", 480), ("07:30", 450), ("7pm", 1140), ("at 19.45", 1185),
                                            ("12am", 0), ("12 p.m.", 720), ("23:59", 1439)])
def test_a_digest_time_as_typed(typed, minutes):
    assert localtime.parse_digest_at(typed) == minutes
    assert localtime.digest_at_of(SimpleNamespace(digest_at=localtime.check_digest_at(typed))) == minutes


def test_a_stored_digest_time_no_longer_valid_reads_as_the_default():
    assert localtime.digest_at_of(SimpleNamespace(digest_at="25:00")) == 480
    assert localtime.digest_at_of(SimpleNamespace()) == 480
