"""Table talk on the game page: a player with only a browser reads what the table says (only
what their seat may read) and talks back, once per form however often the browser sends it,
and a refused message comes back in the box."""
from __future__ import annotations

import re
from html import unescape

import pytest

from tests.server.test_play_page import KEY, alert, config, link_path, token_of  # noqa: F401 - fixtures

TALK_FORM = re.compile(r'<form class="talk" id="talk-form".*?</form>', re.S)


@pytest.fixture
def table(api):
    players = [api.register("ann"), api.register("ben"), api.register("cal")]
    return players, api.start_game(players, "castle-assault", {"first-player": 0})


def talk_of(html: str) -> list[str]:
    """The talk the page lists, each line as its reader sees it (tags taken out)."""
    found = re.search(r'<ol class="talk".*?</ol>', html, re.S)
    return [" ".join(unescape(re.sub(r"<[^>]+>", "", line)).split())
            for line in re.findall(r"<li>(.*?)</li>", found.group(0), re.S)] if found else []


def form_field(html: str, name: str) -> str:
    form = TALK_FORM.search(html).group(0)
    return re.search(rf'name="{name}" value="([^"]*)"', form).group(1)


def say(api, game_id, player, text, to=None):
    answer = api.call("POST", f"/games/{game_id}/chat", player, json={"text": text, "to": to})
    assert answer.status_code == 201, answer.json


def messages(api, game_id, player) -> list[str]:
    return [m["text"] for m in api.call("GET", f"/games/{game_id}/chat", player).json["messages"] if m["kind"] == "talk"]


def test_the_page_lists_the_talk_its_seat_may_read_and_nothing_else(api, client, table):
    """A private message is on the pages of the seats it went to, marked so, and on no other:
    not even a sign that it exists."""
    (ann, ben, cal), game_id = table
    say(api, game_id, ann, "Good luck, all!")
    say(api, game_id, ben, "Shall we both attack cal?", to=[0])
    say(api, game_id, cal, "Ben, help me against ann", to=[1])
    ann_page = client.get(link_path(api, game_id, ann)).get_data(as_text=True)
    lines = talk_of(ann_page)
    assert len(lines) == 2
    assert lines[0].startswith("ann ") and lines[0].endswith(": Good luck, all!")
    assert lines[1].startswith("ben (only to you) ") and lines[1].endswith(": Shall we both attack cal?")
    assert "help me" not in ann_page
    cal_page = client.get(link_path(api, game_id, cal)).get_data(as_text=True)
    assert [line.split(": ", 1)[1] for line in talk_of(cal_page)] == ["Good luck, all!", "Ben, help me against ann"]
    assert "(only to ben)" in talk_of(cal_page)[1] and "attack cal" not in cal_page


def test_a_page_without_talk_says_so_and_offers_the_form(api, client, table):
    (ann, _ben, _cal), game_id = table
    html = client.get(link_path(api, game_id, ann)).get_data(as_text=True)
    assert "Nobody has said anything at this table yet." in html
    form = TALK_FORM.search(html).group(0)
    assert 'action="/play/%d/chat"' % game_id in form
    assert re.findall(r'<option value="(\d*)"[^>]*>([^<]*)</option>', form) == [
        ("", "everyone"), ("1", "only ben"), ("2", "only cal")]


def test_the_talk_form_says_a_message_once_however_often_the_browser_sends_it(api, client, table):
    """The form carries a key of its own: sent twice (a double click, a resent form), the
    message is said once and both answers lead back to the page's talk."""
    (ann, ben, cal), game_id = table
    path = link_path(api, game_id, ann)
    html = client.get(path).get_data(as_text=True)
    form = {"t": token_of(path), "key": form_field(html, "key"), "text": "Shall we trade?", "to": "1"}
    for _ in range(2):
        sent = client.post(f"/play/{game_id}/chat", data=form)
        assert sent.status_code == 303
        assert sent.headers["Location"].startswith(f"/play/{game_id}?t=")
        assert sent.headers["Location"].endswith("#talk-heading")
    assert messages(api, game_id, ben) == ["Shall we trade?"]
    assert messages(api, game_id, cal) == []  # (said to ben alone)
    again = client.get(path).get_data(as_text=True)
    assert [line.split(": ", 1)[1] for line in talk_of(again)] == ["Shall we trade?"]
    assert form_field(again, "key") != form["key"]  # a new form, a new message


def test_another_message_sent_with_a_used_form_is_refused_never_dropped(api, client, table):
    """A browser may restore an old form (its key already used) with a new message typed in it:
    that message is not said under the old key without a word, but refused beside the box, the
    text kept, and the page's fresh form says it."""
    (ann, ben, _cal), game_id = table
    path = link_path(api, game_id, ann)
    html = client.get(path).get_data(as_text=True)
    form = {"t": token_of(path), "key": form_field(html, "key"), "text": "Shall we trade?", "to": "1"}
    assert client.post(f"/play/{game_id}/chat", data=form).status_code == 303
    refused = client.post(f"/play/{game_id}/chat", data={**form, "text": "Then again, no."})
    page = refused.get_data(as_text=True)
    assert refused.status_code == 409 and "said another message already" in alert(page)
    assert "Then again, no." in TALK_FORM.search(page).group(0)
    fresh = {**form, "key": form_field(page, "key"), "text": "Then again, no."}
    assert client.post(f"/play/{game_id}/chat", data=fresh).status_code == 303
    assert messages(api, game_id, ben) == ["Shall we trade?", "Then again, no."]
    to_everyone = client.post(f"/play/{game_id}/chat", data={**fresh, "to": ""})  # the same text, to others
    assert to_everyone.status_code == 409
    assert api.call("POST", f"/games/{game_id}/chat", ann, json={"text": "x", "key": "api-1"}).status_code == 201
    other = api.call("POST", f"/games/{game_id}/chat", ann, json={"text": "y", "key": "api-1"})
    assert other.status_code == 409 and other.json["error"]["code"] == "key-used"


def test_a_refused_message_comes_back_in_the_box_with_its_reason(api, client, table):
    """Nothing typed is lost: the page comes back with the refusal beside the talk box (the API's
    status and sentence), the text still in it and the recipient still chosen."""
    (ann, ben, _cal), game_id = table
    path = link_path(api, game_id, ann)
    long_text = "Attack! " * 130
    refused = client.post(f"/play/{game_id}/chat", data={"t": token_of(path), "text": long_text, "to": "1"})
    html = refused.get_data(as_text=True)
    assert refused.status_code == 422
    assert alert(html) == "A message holds at most 1000 characters, not %d." % len(long_text.strip())
    form = TALK_FORM.search(html).group(0)
    assert 'aria-invalid="true"' in form and 'id="talk-error"' in form
    assert unescape(re.search(r"<textarea[^>]*>(.*?)</textarea>", form, re.S).group(1)) == long_text
    assert '<option value="1" selected>' in form
    empty = client.post(f"/play/{game_id}/chat", data={"t": token_of(path), "text": "  "})
    assert empty.status_code == 422 and alert(empty.get_data(as_text=True)) == "The message is empty."
    nobody = client.post(f"/play/{game_id}/chat", data={"t": token_of(path), "text": "hi", "to": "7"})
    assert nobody.status_code == 422 and "This game has no seat 7" in alert(nobody.get_data(as_text=True))
    for odd in ("\u00b2", "-1", "1.0", "99999"):  # (a digit to Python that int() refuses; not a seat at all)
        refused = client.post(f"/play/{game_id}/chat", data={"t": token_of(path), "text": "hi", "to": odd})
        assert refused.status_code == 422 and refused.mimetype == "text/html", odd
    assert messages(api, game_id, ben) == []


def test_the_cookie_alone_cannot_talk(api, client, table):
    """As with moves, the form must carry the link itself: another site cannot make a player
    talk with the page's cookie."""
    (ann, ben, _cal), game_id = table
    client.get(link_path(api, game_id, ann))  # the cookie is set
    refused = client.post(f"/play/{game_id}/chat", data={"text": "I was made to say this"})
    assert refused.status_code == 401 and refused.mimetype == "text/html"
    assert messages(api, game_id, ben) == []


def test_the_talk_forms_address_opened_in_a_browser_goes_back_to_the_page(api, client, table):
    (ann, _ben, _cal), game_id = table
    client.get(link_path(api, game_id, ann))
    back = client.get(f"/play/{game_id}/chat")
    assert back.status_code == 303 and back.headers["Location"] == f"/play/{game_id}"


def test_the_talk_speaks_the_pages_language(api, client, table):
    (ann, ben, _cal), game_id = table
    say(api, game_id, ben, "Hej!", to=[0])
    html = client.get(link_path(api, game_id, ann) + "&lang=sv").get_data(as_text=True)
    assert "Bordssnack" in html and "(bara till dig)" in html and "Säg vid bordet" in html


def test_a_message_sent_again_with_its_key_is_said_once_through_the_api(api, table):
    """POST /games/{id}/chat with `key`: a retried request answers the first message."""
    (ann, ben, _cal), game_id = table
    first = api.call("POST", f"/games/{game_id}/chat", ann, json={"text": "Once", "key": "retry-1"})
    again = api.call("POST", f"/games/{game_id}/chat", ann, json={"text": "Once", "key": "retry-1"})
    assert first.status_code == again.status_code == 201 and first.json == again.json
    other = api.call("POST", f"/games/{game_id}/chat", ben, json={"text": "Mine", "key": "retry-1"})
    assert other.status_code == 201 and other.json["id"] != first.json["id"]  # a key is its sender's own
    assert messages(api, game_id, ann) == ["Once", "Mine"]
    bad = api.call("POST", f"/games/{game_id}/chat", ann, json={"text": "x", "key": "no spaces"})
    assert bad.status_code == 422 and bad.json["error"]["code"] == "invalid-input"
    assert "1-64 letters" in str(bad.json["error"])


def test_a_key_said_meanwhile_by_another_request_answers_that_message(api, table, monkeypatch):
    """Two requests with one key at once: the second finds no message before its transaction,
    and the database's unique key refuses its row; it answers the first one's message."""
    from server.table import chat

    (ann, ben, _cal), game_id = table
    first = api.call("POST", f"/games/{game_id}/chat", ann, json={"text": "Once", "key": "race"})
    looked = []
    found = chat._said_with

    def not_yet_on_the_first_look(key, caller, game):
        looked.append(key)
        return None if len(looked) == 1 else found(key, caller, game)

    monkeypatch.setattr(chat, "_said_with", not_yet_on_the_first_look)
    again = api.call("POST", f"/games/{game_id}/chat", ann, json={"text": "Once", "key": "race"})
    assert len(looked) == 2 and again.status_code == 201 and again.json == first.json
    assert messages(api, game_id, ben) == ["Once"]


def test_a_note_to_oneself_reads_only_to_you(api, client, table):
    (ann, _ben, _cal), game_id = table
    assert api.call("POST", f"/games/{game_id}/chat", ann, json={"text": "remember the wall", "to": []}).status_code == 201
    [line] = talk_of(client.get(link_path(api, game_id, ann)).get_data(as_text=True))
    assert line.startswith("ann (only to you) ") and line.endswith(": remember the wall")
