"""The guides as web pages (GET /rules, /rules/{name}, their pictures), the front door for
browsers (GET / by content negotiation), and the rules link in the mails, against the app
with a real SQLite file; the mails are the .eml files the outbox writes. The games are those the
server serves a guide for (reader.guided(): offered, with a guide); a guided game not offered yet
is held to its guide by tests/docs."""
from __future__ import annotations

import re
from datetime import timedelta
from email import message_from_bytes, policy
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from core.registry import games
from server.guides import reader
from server.web.i18n import languages
from server.notify.channels.mail import deliver_pending
from server.store.models import utcnow
from server.table.reminders import queue_reminders
from tests.support.sizes import least

GUIDES = Path(__file__).resolve().parents[2] / "server" / "guides"


@pytest.fixture
def config(tmp_path):
    """The conftest's, with a secret key: turn mails then carry the game page's link too."""
    from server.config import load_config

    return load_config({"HERALD_DATABASE_URL": f"sqlite:///{tmp_path / 'herald.db'}",
                        "HERALD_MAIL_DIR": str(tmp_path / "mail"), "HERALD_PUBLIC_URL": "https://herald.example.org",
                        "HERALD_SECRET_KEY": "g" * 32, "HERALD_EMAIL_CHECK_DNS": "0", "HERALD_RATELIMIT_ENABLED": "0"})


BROWSER = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}
DEVELOPER_WORDS = re.compile(r"\b(?:rng|seeds?|scenarios?|rules[- ]versions?)\b", re.I)


def text_of(html: str) -> str:
    """What a reader reads: the page's main part, without tags, scripts or styles."""
    main = html.split("<main>", 1)[1].split("</main>", 1)[0]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", main))


def heading_levels(html: str) -> list[int]:
    return [int(level) for level in re.findall(r"<h([1-6])\b", html)]


@pytest.mark.parametrize("name", sorted(reader.guided()))
def test_each_guide_is_a_page_for_players(client, name):
    page = client.get(f"/rules/{name}")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    assert '<html lang="en">' in html and 'name="viewport" content="width=device-width' in html
    levels = heading_levels(html)
    assert levels[0] == 1 and levels.count(1) == 1
    assert all(b <= a + 1 for a, b in zip(levels, levels[1:])), "a heading level is skipped"
    text = text_of(html)
    assert len(text.split()) >= least(name).guide_words, "cut short? (tests/support/sizes.py)"
    assert "```" not in text and "<pre" not in html and "core/" not in text and ".py" not in text
    assert not DEVELOPER_WORDS.search(text), DEVELOPER_WORDS.search(text).group(0)
    pictures = re.findall(r'<img alt="([^"]+)" src="(/rules/[^"]+\.svg)"', html)
    assert bool(pictures) == games.facts(name).pictured  # a game that draws its board shows examples
    for alt, url in pictures:
        assert len(alt.split()) >= 8
        svg = client.get(url)
        assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"
        body = svg.get_data(as_text=True)
        assert body.startswith("<svg") and 'role="img"' in body and "<title" in body
    assert "default-src 'none'" in page.headers["Content-Security-Policy"]


def test_rules_lists_every_game_with_its_guide(client):
    page = client.get("/rules")
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and page.mimetype == "text/html"
    for name in reader.guided():
        assert f'href="/rules/{name}"' in html
    assert "toy-race" not in html  # a game without a guide is not listed


def test_an_unknown_game_is_a_page_a_person_can_read_or_json_for_a_program(client):
    page = client.get("/rules/wizard-quest", headers=BROWSER)
    assert page.status_code == 404 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    assert "There is no such page" in html and 'href="/rules/wizards-quest"' in html
    assert client.get("/rules/chess").mimetype == "text/html"  # no Accept: a page is what this address is
    program = client.get("/rules/wizard-quest", headers={"Accept": "application/json"})
    assert program.status_code == 404 and program.json["error"]["code"] == "not-found"
    assert program.json["error"]["details"]["close"] == ["wizards-quest"]
    assert client.get("/rules/castle-assault/pictures/nothing.svg").status_code == 404
    assert client.get("/rules/chess/pictures/first-attack.svg").status_code == 404


@pytest.mark.parametrize("path", ["/rules/", "/rules/castle-assault/", "/docs/", "/rules/castle-assault//"])
def test_an_address_with_a_trailing_slash_leads_to_its_page(client, path):
    """A typo or a browser's completion adds a slash: the reader lands on the page (308, the
    query kept), never on a JSON "not found"; an address that is no page stays a 404."""
    moved = client.get(path + "?lang=sv", headers={"Accept": "text/html"})
    assert moved.status_code == 308 and moved.headers["Location"] == path.rstrip("/") + "?lang=sv"
    assert client.get(moved.headers["Location"], headers={"Accept": "text/html"}).status_code == 200
    assert client.get("/no-such-page/").status_code == 404
    assert client.post(path).status_code in (404, 405)  # (only a reader's GET or HEAD is led on)
    elsewhere = client.get("/", environ_overrides={"PATH_INFO": "//example.org/"})
    assert elsewhere.status_code != 308  # (never led to another site's address)


def test_a_program_asking_for_json_gets_the_guide_as_text(client):
    answer = client.get("/rules/medieval-mastery", headers={"Accept": "application/json"})
    assert answer.status_code == 200
    assert answer.json == client.get("/rulesets/medieval-mastery/rules").json


@pytest.mark.parametrize("accept", [None, "application/json", "*/*"])
def test_the_front_door_answers_programs_with_json(client, accept):
    answer = client.get("/", headers={"Accept": accept} if accept else {})
    assert answer.status_code == 200 and answer.mimetype == "application/json"
    assert answer.json["api_docs"] == "/docs" and answer.json["rulesets"] == "/rulesets"
    assert answer.json["rules"] == "/rules" and answer.headers["Vary"] == "Accept"


def test_the_front_door_answers_browsers_with_a_page(client):
    page = client.get("/", headers=BROWSER)
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert page.headers["Vary"] == "Accept, Accept-Language" and page.headers["Content-Language"] == "en"
    html = page.get_data(as_text=True)
    for name in reader.guided():
        assert f'href="/rules/{name}"' in html
    assert 'href="/docs"' in html and '<code lang="en" translate="no">join</code>' in html and "herald join" in html
    assert heading_levels(html)[0] == 1


def mails(folder) -> list:
    return [message_from_bytes(path.read_bytes(), policy=policy.default) for path in sorted(folder.glob("*.eml"))]


def follow(client, url: str):
    """A link in a mail, followed on this server (the mails name its public address)."""
    assert url.startswith("https://herald.example.org/")
    return client.get(urlsplit(url).path, headers=BROWSER)


def rules_link(text: str, name: str) -> str:
    found = re.search(rf"https://herald\.example\.org/rules/{name}\b", text)
    assert found, text
    return found.group(0)


def test_turn_mails_and_reminders_link_the_guide(api, client, config, tmp_path):
    ann, ben = api.register("ann"), api.register("ben")
    api.call("PATCH", "/players/me", ann, json={"quiet_hours": "off"})  # the reminder goes at any hour
    api.start_game([ann, ben], "castle-assault", {"first-player": 0})
    queue_reminders(timedelta(hours=12), now=utcnow() + timedelta(hours=13))
    deliver_pending(config)
    sent = {m["Subject"]: m for m in mails(tmp_path / "mail")}
    turn = next(m for s, m in sent.items() if s.endswith("your move"))
    reminder = next(m for s, m in sent.items() if "Reminder" in s)
    for mail in (turn, reminder):
        text = mail.get_body(("plain",)).get_content()
        assert "The rules of the game, with pictures:" in text
        guide = follow(client, rules_link(text, "castle-assault"))
        assert guide.status_code == 200 and "Castle Assault: how to play" in guide.get_data(as_text=True)
    footer = turn.get_body(("plain",)).get_content().rstrip().splitlines()[-2]
    assert footer == "https://herald.example.org"  # the footer: the front door, a page in a browser
    assert "Herald: board games played slowly" in follow(client, footer + "/").get_data(as_text=True)


def test_the_html_part_of_a_mail_links_the_guide(api, config, tmp_path):
    pytest.importorskip("cairosvg", reason="cairosvg is not installed")
    ann, ben = api.register("ann"), api.register("ben")
    api.start_game([ann, ben], "medieval-mastery")
    deliver_pending(config)
    with_html = [m for m in mails(tmp_path / "mail") if m.get_body(("html",)) is not None]
    if not with_html:
        pytest.skip("no HTML part: the Cairo library is missing")
    turns = [m.get_body(("html",)).get_content() for m in with_html if "your move" in m["Subject"]]
    assert turns and all('<a href="https://herald.example.org/rules/medieval-mastery">' in html for html in turns)


def test_an_invitation_links_the_guide(api, client, config, tmp_path):
    ann = api.register("ann")
    created = api.call("POST", "/games", ann, json={"ruleset": "wizards-quest", "seats": 2, "options": {}})
    invited = api.call("POST", f"/games/{created.json['id']}/invitations", ann, json={"email": "cat@example.org"})
    assert invited.status_code == 201, invited.json
    deliver_pending(config)
    invitation = next(m for m in mails(tmp_path / "mail") if m["To"] == "cat@example.org")
    text = invitation.get_body(("plain",)).get_content()
    assert "How to play Wizard's Quest: https://herald.example.org/rules/wizards-quest" in text
    guide = follow(client, rules_link(text, "wizards-quest"))
    assert guide.status_code == 200 and "The map of Marnon" in guide.get_data(as_text=True)


def test_the_game_page_links_the_guide(api, client, config):
    from server.web import playlinks

    ann, ben = api.register("ann"), api.register("ben")
    game = api.start_game([ann, ben], "wizards-quest")
    link = urlsplit(playlinks.url_for_seat(config, game, 0))
    page = client.get(f"{link.path}?{link.query}")
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and 'href="/rules/wizards-quest?lang=en"' in html  # in the page's language


# --- in the reader's language (issue 27) -------------------------------------------------------

TRANSLATED = ("sv", "ru", "nl", "es", "hu")


def translated_text(name: str, language: str) -> str:
    from pathlib import Path

    return (Path(__file__).resolve().parents[2] / "server" / "guides" / language / f"{name}.md").read_text("utf-8")


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_api_serves_the_guide_in_a_language(client, language):
    answer = client.get(f"/rulesets/wizards-quest/rules?lang={language}")
    assert answer.status_code == 200 and answer.json["language"] == language
    assert answer.json["text"] == translated_text("wizards-quest", language)
    topic = answer.json["topics"][2]
    section = client.get("/rulesets/wizards-quest/rules", query_string={"lang": language, "topic": topic})
    assert section.status_code == 200 and section.json["title"] == topic


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("ruleset", ["castle-assault", "medieval-mastery", "wizards-quest"])
def test_a_topic_named_in_english_finds_its_section_in_a_translated_guide(client, ruleset, language):
    """The mail help's own examples (`rules battles`, `rules cards`) work whatever the reader's
    language: an English heading finds the translation's section at the same place."""
    from server.guides.reader import sections

    english = sections(client.get(f"/rulesets/{ruleset}/rules").json["text"])
    translated = client.get(f"/rulesets/{ruleset}/rules?lang={language}").json
    for topic in ("battles", "cards"):
        found = client.get(f"/rulesets/{ruleset}/rules", query_string={"topic": topic}).json
        place = [(s.title, s.text) for s in english].index((found["title"], found["text"]))
        section = client.get(f"/rulesets/{ruleset}/rules", query_string={"lang": language, "topic": topic})
        assert section.status_code == 200 and section.json["language"] == language
        assert section.json["text"] == sections(translated["text"])[place].text
    unknown = client.get(f"/rulesets/{ruleset}/rules", query_string={"lang": language, "topic": "knitting"})
    assert unknown.status_code == 404 and unknown.json["error"]["details"]["topics"] == translated["topics"]


def test_the_api_refuses_a_language_it_does_not_speak(client):
    answer = client.get("/rulesets/castle-assault/rules?lang=de")
    assert answer.status_code == 422 and "Herald does not speak 'de'" in answer.json["error"]["message"]
    assert client.get("/rulesets/castle-assault/rules").json["language"] == "en"


def test_a_guide_page_follows_the_browser_and_lang_overrides_it(client):
    swedish = client.get("/rules/medieval-mastery", headers={"Accept": "text/html", "Accept-Language": "sv-SE,en;q=0.5"})
    html = swedish.get_data(as_text=True)
    assert '<html lang="sv">' in html and swedish.headers["Content-Language"] == "sv"
    assert "riddare" in html and "Medieval Mastery: så spelar man" in html
    spanish = client.get("/rules/medieval-mastery?lang=es", headers={"Accept": "text/html", "Accept-Language": "sv"})
    assert '<html lang="es">' in spanish.get_data(as_text=True)
    plain = client.get("/rules/medieval-mastery", headers={"Accept": "text/html", "Accept-Language": "de, fr"})
    assert '<html lang="en">' in plain.get_data(as_text=True)  # none of Herald's: English


def test_cyrillic_headings_get_anchors_the_contents_link_to(client):
    html = client.get("/rules/castle-assault?lang=ru", headers={"Accept": "text/html"}).get_data(as_text=True)
    contents = re.findall(r'<li><a href="#([^"]+)">', html)
    anchors = set(re.findall(r'<h[23] id="([^"]+)"', html))
    assert len(contents) >= 10 and set(contents) <= anchors and len(set(contents)) == len(contents)
    assert all(re.search("[а-я]", anchor) for anchor in contents)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_front_page_blurb_is_the_guides_first_sentence_not_its_note(client, language):
    """A translation opens with a note that the move notation stays English: the blurb is
    the first sentence after it."""
    from server.web.guidepages import guide_page

    html = client.get(f"/?lang={language}", headers={"Accept": "text/html"}).get_data(as_text=True)
    for name in reader.guided():
        intro = guide_page(name, language).intro
        assert intro and intro in html
        note = translated_text(name, language).split("\n", 3)[2]  # the line after the title
        assert note.startswith(("*", ">")) and re.sub("<[^>]+>", "", intro)[:40] not in note, (language, name)
        assert len(intro) > 40 and intro.count(".") >= 1


@pytest.mark.parametrize("language", ("en", "sv", "nl", "ru"))
@pytest.mark.parametrize("name", sorted(reader.guided()))
def test_each_tables_scrolling_box_has_a_name_of_its_own(client, name, language):
    """A table's box is a landmark (role=region): screen readers list them by name, so no two on a
    page share one (axe landmark-unique); the borders of each map say which map they are."""
    html = client.get(f"/rules/{name}?lang={language}").get_data(as_text=True)
    labels = re.findall(r'<div class="scroll" role="region" tabindex="0" aria-label="([^"]+)">', html)
    guide = GUIDES / ("" if language == "en" else language) / f"{games.facts(name).guide}.md"
    tables = len(re.findall(r"^\|[- :|]+\|$", guide.read_text("utf-8"), re.M))  # a table's rule row
    assert len(labels) == tables, f"{name}'s guide has {tables} tables, its page {len(labels)} named boxes"
    assert len(labels) == len(set(labels)), labels
    if name == "medieval-mastery" and language == "en":
        assert "Reading the board – 2 players" in labels and "Reading the board – 6 players" in labels


@pytest.mark.parametrize("language", sorted(languages.NAMES))
def test_notation_on_the_site_pages_is_english_and_left_untranslated(client, language):
    """Move notation and commands (`advance S03 S04 2`, `join`) were marked nowhere: a screen
    reader read them with the page's voice (Swedish sounds for `advance`), and a browser's
    translator translated them into moves that no longer parse. Every code span of a guide, the
    front door and the list of games is English and not for translating, on English pages too
    (a reader may translate one into their own language)."""
    for path in ["/", "/rules", *(f"/rules/{name}" for name in sorted(reader.guided()))]:
        html = client.get(f"{path}?lang={language}", headers=BROWSER).get_data(as_text=True)
        assert f'<html lang="{language}">' in html
        codes = re.findall(r"<code\b[^>]*>", html)
        assert path == "/rules" or codes, path  # (the list of games shows none)
        assert set(codes) <= {'<code lang="en" translate="no">'}, (path, set(codes))


def test_a_guides_code_blocks_are_notation_too():
    """The guides' Markdown marks code blocks as it marks code spans (one extension, every guide)."""
    import markdown

    from server.web.guidepages import NotationExtension

    html = markdown.markdown("Play `pass`:\n\n    advance S03 S04 2\n", extensions=[NotationExtension()])
    assert html.count('<code lang="en" translate="no">') == 2 and "<code>" not in html, html
