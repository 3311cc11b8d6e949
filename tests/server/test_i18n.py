"""Herald in its players' languages (issue 27): the catalogs complete and in step with the
templates, every mail and page rendered in every language with no English sentence left, a
Swedish player's turn mail through a real SMTP server in Swedish beside an English player's in
English, the game page in the player's language, and the language chosen by API, by reply mail
and on the game page."""
from __future__ import annotations

import re
import threading
from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest

from server.web.i18n import catalogs, extract, languages, templating
from tests.support import mail_samples
from tests.support.untranslated import untranslated

OTHERS = [code for code in languages.LANGUAGES if code != languages.DEFAULT]
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
SLOT = re.compile(r"\{(\w+)\}")  # a stored game text's template (server/web/i18n/gametext.py)
COMMAND = re.compile(r"`[^`]+`|'[a-z]+(?: [a-z]+)*'|<code>.*?</code>")
TAG = re.compile(r"<(/?(?:a|strong|code|em|br))\b")
CODE = re.compile(r"\b(?:en|sv|ru|nl|es|hu)\b")


def messages(language: str) -> list:
    return [m for m in catalogs.catalog(language) if m.id]


# --- the catalogs -------------------------------------------------------------------------

def test_the_catalogs_hold_exactly_the_sentences_the_templates_mark():
    """`python -m server.web.i18n.extract` has been run: no sentence missing, none left over."""
    marked = {m.id for m in extract.messages() if m.id}
    for language in OTHERS:
        assert {m.id for m in messages(language)} == marked, language
        assert not catalogs.catalog(language).obsolete


@pytest.mark.parametrize("language", OTHERS)
def test_every_message_is_translated_with_its_placeholders_and_commands(language):
    found = catalogs.catalog(language)
    assert found.num_plurals == {"ru": 3, "es": 3}.get(language, 2)
    for message in messages(language):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert not message.fuzzy and all(s.strip() for s in strings), (language, ids[0])
        assert len(strings) == (found.num_plurals if message.pluralizable else 1), (language, ids[0])
        wanted = set(PLACEHOLDER.findall(ids[-1]))
        for string in strings:
            assert set(PLACEHOLDER.findall(string)) == wanted, (language, ids[0], string)
            assert set(SLOT.findall(string)) == set(SLOT.findall(ids[-1])), (language, ids[0], string)
            # What a reader types stays as typed (an example may name the reader's own language).
            for command in COMMAND.findall(ids[0]):
                assert CODE.sub("LANG", command) in CODE.sub("LANG", string), (language, command, string)
            assert sorted(TAG.findall(string)) == sorted(TAG.findall(ids[0])), (language, ids[0])
            assert "%" not in PLACEHOLDER.sub("", string).replace("%%", ""), (language, string)


def test_russian_has_three_plural_forms_and_uses_them():
    tr = catalogs.translations("ru")
    forms = [tr.ngettext("%(num)d game waiting for you", "%(num)d games waiting for you", n) % {"num": n}
             for n in (1, 2, 5, 21, 22, 25, 11)]
    assert forms == ["1 партия ждёт вас", "2 партии ждут вас", "5 партий ждут вас", "21 партия ждёт вас",
                     "22 партии ждут вас", "25 партий ждут вас", "11 партий ждут вас"]
    plural = [m for m in messages("ru") if m.pluralizable]
    assert plural and all(len(m.string) == 3 and all(m.string) for m in plural)


def test_english_is_the_templates_own_words():
    assert catalogs.translations("en").gettext("Your position:") == "Your position:"
    assert catalogs.translations("xx").gettext("Your position:") == "Your position:"  # unknown: the default


# --- renders: no English sentence left -------------------------------------------------------

class Text(HTMLParser):
    """A page's words as a reader meets them (text, labels, alternatives), leaving out what it
    marks as English (lang="en": the engines' prompts and events, the API's refusals)."""

    def __init__(self):
        super().__init__()
        self.parts, self.english, self.skip = [], [], 0
        self.lang = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.lang = attrs.get("lang")
        if self.skip or attrs.get("lang") == "en" and tag != "html":
            self.skip += 1
        for name in ("alt", "aria-label", "title", "value"):
            if attrs.get(name) and not self.skip:
                self.parts.append(attrs[name])

    def handle_endtag(self, tag):
        if self.skip:
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def words_of(html: str) -> tuple[str, str | None]:
    parser = Text()
    parser.feed(re.sub(r"<(?:script|style)\b.*?</(?:script|style)>", "", html, flags=re.S))
    return "\n".join(" ".join(part.split()) for part in parser.parts if part.strip()), parser.lang


MAILS = [(name, i) for name, contexts in mail_samples.mails().items() for i in range(len(contexts))]


@pytest.mark.parametrize("language", OTHERS)
@pytest.mark.parametrize("template,case", MAILS)
def test_every_mail_speaks_the_language_through_and_through(template, case, language):
    context = mail_samples.mails()[template][case]
    english = templating.render(template, "en", **context)
    other = templating.render(template, language, **context)
    assert other != english and other.startswith("Subject: ")
    assert not untranslated(english, other), (template, language)


@pytest.mark.parametrize("language", OTHERS)
def test_the_html_part_of_a_mail_speaks_the_language(language):
    from server.notify.mailparts import html_sections

    context = {**mail_samples.mails()["turn.txt.j2"][0]}
    pages = {}
    for code in ("en", language):
        text = templating.render("turn.txt.j2", code, **context).partition("\n")[2]
        pages[code] = templating.render("mail.html.j2", code, **{**context, **mail_samples.mail_html()},
                                        **html_sections(text, context["summary"]))
    english, _ = words_of(pages["en"])
    other, lang = words_of(pages[language])
    assert lang == language and not untranslated(english, other)
    assert 'alt="The board as your seat sees it"' in pages["en"] and "The board as your seat" not in pages[language]


@pytest.mark.parametrize("language", OTHERS)
@pytest.mark.parametrize("case", range(len(mail_samples.play_pages())))
def test_the_game_page_speaks_the_language(case, language):
    context = mail_samples.play_pages()[case]
    english, _ = words_of(templating.render("play.html.j2", "en", **context))
    other, lang = words_of(templating.render("play.html.j2", language, **context))
    assert lang == language and not untranslated(english, other), other


@pytest.mark.parametrize("language", OTHERS)
@pytest.mark.parametrize("path", ["/", "/rules", "/rules/castle-assault", "/rules/medieval-mastery",
                                  "/rules/wizards-quest", "/rules/wizard-quest"])
def test_the_site_pages_speak_the_language(client, path, language):
    """The front door, the list of games, each guide and the page for a missing one: every
    sentence of Herald's own in the language asked for (the guides are checked below)."""
    pages = {}
    for code in ("en", language):
        answer = client.get(f"{path}?lang={code}", headers={"Accept": "text/html"})
        assert answer.headers["Content-Language"] == code and "Accept-Language" in answer.headers["Vary"]
        html = answer.get_data(as_text=True)
        if path.startswith("/rules/"):  # the guide itself: its own language, checked by test_translated_guides
            html = re.sub(r'<article class="guide".*?</article>', "", html, flags=re.S)
        pages[code] = html
    english, _ = words_of(pages["en"])
    other, lang = words_of(pages[language])
    assert lang == language and not untranslated(english, other), other


def test_concurrent_renders_for_different_players_never_mix():
    """Each render carries its own language's gettext: many threads rendering Swedish and
    Russian at once each get exactly their own text (no global or shared locale to race on)."""
    context = mail_samples.mails()["turn.txt.j2"][0]
    expected = {code: templating.render("turn.txt.j2", code, **context) for code in ("sv", "ru", "en")}
    wrong, start = [], threading.Barrier(12)

    def render(code):
        start.wait()
        for _ in range(30):
            if templating.render("turn.txt.j2", code, **context) != expected[code]:
                wrong.append(code)

    threads = [threading.Thread(target=render, args=(code,)) for code in ("sv", "ru", "en") * 4]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert wrong == []


def test_a_render_without_a_language_fails_loudly():
    """No gettext installed globally: a template rendered outside `render` cannot quietly speak English."""
    from jinja2 import UndefinedError

    with pytest.raises(UndefinedError):
        templating.ENVIRONMENT.get_template("turn.txt.j2").render(**mail_samples.mails()["turn.txt.j2"][0])


# --- mail through a real SMTP server -----------------------------------------------------------

def plain(message) -> str:
    return message.get_body(("plain",)).get_content()


def test_a_swedish_player_gets_swedish_mail_and_an_english_one_english(smtp_config, mailbox):
    from server.app import create_app
    from server.notify.channels.mail import deliver_pending
    from server.store.db import database
    from tests.server.conftest import Api

    relay = mailbox.start()
    api = Api(create_app(smtp_config).test_client())
    try:
        stina = api.client.post("/players", json={"name": "stina", "email": "stina@example.org", "language": "sv"})
        assert stina.status_code == 201 and stina.json["language"] == "sv"
        stina, ed = stina.json, api.register("ed")
        game = api.start_game([stina, ed], "castle-assault", {"first-player": 0})
        report = deliver_pending(smtp_config)
        assert report.sent >= 2
    finally:
        database.close()
    by_player = {}
    for message in relay.messages:
        by_player.setdefault(str(message["To"]), []).append(message)
    swedish, english = by_player["stina@example.org"], by_player["ed@example.org"]
    turn = next(m for m in swedish if str(m["Subject"]).endswith(": ditt drag"))
    assert [str(m["Content-Language"]) for m in swedish] == ["sv"] * len(swedish), [str(m["Subject"]) for m in swedish]
    text = plain(turn)
    assert text.startswith("Hej stina,") and f"Parti {game} (" in text and "Din ställning:" in text
    assert "https://herald.example.org/rules/castle-assault?lang=sv" in text
    assert "Your position" not in text and "Hello" not in text
    html = turn.get_body(("html",))
    if html is not None:  # with Cairo: the HTML part says the same, in Swedish
        assert '<html lang="sv">' in html.get_content() and 'alt="Brädet så som din plats ser det"' in html.get_content()
    assert all(m["Content-Language"] == "en" for m in english)
    assert all(plain(m).startswith("Hello ed,") for m in english)


def test_an_invitation_speaks_the_invited_players_language_else_the_inviters(api, config, tmp_path):
    from email import message_from_bytes, policy

    from server.notify.channels.mail import deliver_pending

    host = api.client.post("/players", json={"name": "host", "email": "host@example.org", "language": "hu"}).json
    api.client.post("/players", json={"name": "olga", "email": "olga@example.org", "language": "ru"})
    created = api.call("POST", "/games", host, json={"ruleset": "wizards-quest", "seats": 3, "options": {}}).json
    for email in ("olga@example.org", "new@example.org"):
        assert api.call("POST", f"/games/{created['id']}/invitations", host, json={"email": email}).status_code == 201
    deliver_pending(config)
    sent = {m["To"]: m for m in (message_from_bytes(p.read_bytes(), policy=policy.default)
                                 for p in (tmp_path / "mail").glob("*.eml"))}
    assert sent["olga@example.org"]["Content-Language"] == "ru"
    assert "Здравствуйте!" in plain(sent["olga@example.org"])
    assert sent["new@example.org"]["Content-Language"] == "hu"
    assert "A varázsló küldetése" in str(sent["new@example.org"]["Subject"])  # the title from hu/terms.json


# --- the game page ------------------------------------------------------------------------------

def page_link(config, game: int, seat: int) -> str:
    from server.web import playlinks

    link = urlsplit(playlinks.url_for_seat(config, game, seat))
    return f"{link.path}?{link.query}"


@pytest.fixture
def linked(config):
    return {**config, "SECRET_KEY": "s" * 32}


@pytest.fixture
def page_client(linked, toy_game):
    from server.app import create_app
    from server.store.db import database

    yield create_app(linked).test_client()
    database.close()


def test_the_game_page_speaks_its_players_language(page_client, linked):
    from tests.server.conftest import Api

    api = Api(page_client)
    olga = page_client.post("/players", json={"name": "olga", "email": "olga@example.org", "language": "ru"}).json
    game = api.start_game([olga, api.register("ed")], "castle-assault", {"first-player": 0})
    page = page_client.get(page_link(linked, game, 0), headers={"Accept-Language": "sv-SE,sv;q=0.9"})
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and '<html lang="ru">' in html and page.headers["Content-Language"] == "ru"
    assert "Ваш ход" in html and 'href="/rules/castle-assault?lang=ru"' in html
    assert '<option value="ru" lang="ru" selected>Русский</option>' in html
    other = page_client.get(page_link(linked, game, 1), headers={"Accept-Language": "sv-SE,sv;q=0.9,en;q=0.5"})
    assert '<html lang="sv">' in other.get_data(as_text=True)  # ed chose none: his browser's
    chosen = page_client.get(page_link(linked, game, 1) + "&lang=es", headers={"Accept-Language": "sv"})
    assert '<html lang="es">' in chosen.get_data(as_text=True)  # ?lang= over everything


def test_the_game_page_sets_the_players_language(page_client, linked):
    from tests.server.conftest import Api

    api = Api(page_client)
    ann, ben = api.register("ann"), api.register("ben")
    game = api.start_game([ann, ben], "castle-assault")
    link = page_link(linked, game, 0)
    token = link.partition("?t=")[2]
    refused = page_client.post(f"/play/{game}/language", data={"t": token, "language": "klingon"})
    assert refused.status_code == 422 and "Herald does not speak &#39;klingon&#39;" in refused.get_data(as_text=True)
    chosen = page_client.post(f"/play/{game}/language", data={"t": token, "language": "nl"})
    assert chosen.status_code == 303 and chosen.headers["Location"] == f"/play/{game}?t={token}"
    assert api.call("GET", "/players/me", ann).json["language"] == "nl"
    assert '<html lang="nl">' in page_client.get(link).get_data(as_text=True)
    assert page_client.post(f"/play/{game}/language", data={"language": "nl"}).status_code == 401  # no link, no change
    assert api.call("GET", "/players/me", ben).json["language"] is None


def test_a_refused_link_speaks_the_browsers_language(page_client):
    page = page_client.get("/play/1", headers={"Accept-Language": "hu-HU,hu;q=0.9"})
    html = page.get_data(as_text=True)
    assert page.status_code == 401 and '<html lang="hu">' in html and "Ez az oldal nem jeleníthető meg" in html


# --- choosing a language by API and by mail --------------------------------------------------------

def test_the_api_takes_a_language_and_refuses_an_unknown_one_with_a_sentence(api):
    alice = api.register("alice")
    assert api.call("PATCH", "/players/me", alice, json={"language": "SV-se"}).json["language"] == "sv"
    refused = api.call("PATCH", "/players/me", alice, json={"language": "de"})
    assert refused.status_code == 422 and refused.json["error"]["code"] == "invalid-input"
    message = refused.json["error"]["message"]  # alice reads Swedish now: so does her refusal
    assert message.startswith("language: Herald talar inte 'de'; välj ett av en (English), sv (Svenska)")
    assert refused.headers["Content-Language"] == "sv"
    english = api.client.post("/players", json={"name": "bo", "email": "bo@example.org", "language": "de"})
    assert english.json["error"]["message"].startswith("language: Herald does not speak 'de'; choose one of en (English)")
    assert api.call("PATCH", "/players/me", alice, json={"mail": "digest"}).json == {
        **api.call("GET", "/players/me", alice).json, "mail": "digest", "language": "sv"}  # one setting at a time
    assert api.call("PATCH", "/players/me", alice, json={"language": None}).json["language"] is None
    assert api.call("PATCH", "/players/me", alice, json={}).status_code == 422
    assert api.client.post("/players", json={"name": "bo", "email": "bo@example.org", "language": "xx"}).status_code == 422


def test_a_reply_sets_the_language_and_the_next_mails_speak_it(table):
    from tests.server.test_mailin import answer, body, started
    from server.store.models import Player

    game_id, turn, _ = started(table)
    [reply] = answer(table, turn, "language sv")
    assert reply["Content-Language"] == "sv"
    assert "Från och med nu skriver Herald till dig på svenska." in body(reply)
    assert "Svara på det här brevet med ditt nästa drag" in body(reply)
    assert Player.get(Player.email == "alice@example.org").language == "sv"
    [by_name] = answer(table, turn, "language Magyar")  # a language's own name, or its English one, as its code
    assert by_name["Content-Language"] == "hu" and Player.get(Player.email == "alice@example.org").language == "hu"
    [back] = answer(table, turn, "language swedish")
    assert back["Content-Language"] == "sv"
    [unknown] = answer(table, turn, "language tlh")
    assert "Herald talar inte 'tlh'" in body(unknown) and unknown["Content-Language"] == "sv"
    assert "Svara till exempel 'language sv'." in body(unknown)


def test_a_newcomer_who_joins_by_mail_reads_the_language_they_were_invited_in(table):
    """An address Herald does not know is invited in the inviter's language (Hungarian here); its
    'join' makes a player, who now keeps that language: the answer to 'join' and every later
    mail speak Hungarian, not English, until they choose another."""
    from email.utils import parseaddr

    from server.store.models import Player
    from tests.server.mailplay import reply_to

    host = table.api.client.post("/players", json={"name": "host", "email": "host@example.org", "language": "hu"}).json
    created = table.api.call("POST", "/games", host, json={"ruleset": "wizards-quest", "seats": 2, "options": {}}).json
    assert table.api.call("POST", "/games/join", host, json={"invite": created["invites"][0]["code"]}).status_code == 200
    invited = table.api.call("POST", f"/games/{created['id']}/invitations", host, json={"email": "new@example.org"})
    assert invited.status_code == 201
    table.deliver()
    [invitation] = [m for m in table.new_mail() if str(m["To"]) == "new@example.org"]
    assert invitation["Content-Language"] == "hu"
    table.send(reply_to(invitation, "join", sender="new@example.org"), parseaddr(str(invitation["Reply-To"]))[1],
               "new@example.org")
    answers = [m for m in table.new_mail() if str(m["To"]) == "new@example.org"]
    assert answers and all(m["Content-Language"] == "hu" for m in answers)
    assert Player.get(Player.email == "new@example.org").language == "hu"


@pytest.mark.parametrize("accept, expected", [("de, sv;q=0", "en"), ("sv;q=0", "en"), ("sv;q=0, ru;q=0.3", "ru"),
                                              ("hu;q=0.5, *;q=0", "hu"), ("es;q=1", "es")])
def test_a_language_the_browser_refuses_with_q_zero_is_never_chosen(client, accept, expected):
    """A weight of 0 means "not acceptable" (RFC 9110, 12.4.2): neither a refusal nor a page is
    written in a language the reader refused."""
    refused = client.get("/games/4711", headers={"Accept-Language": accept})
    page = client.get("/rules/castle-assault", headers={"Accept-Language": accept, "Accept": "text/html"})
    assert refused.status_code == 401 and refused.headers["Content-Language"] == expected
    assert page.status_code == 200 and page.headers["Content-Language"] == expected
