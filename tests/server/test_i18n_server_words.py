"""The server's own sentences in the reader's language (issue 27), beyond the mails and pages
of tests/server/test_i18n.py: the API's refusals (the player's setting, else Accept-Language,
else English; the code the same in every language), the answers to replies by mail, the story
a turn mail tells, the undo entry of the log (stored with its message id, said per reader),
and a first-release database's log and recap read after the upgrade."""
from __future__ import annotations

import re

import shutil
from pathlib import Path

import pytest

from server.web.i18n.gametext import render_event_text
from tests.support.untranslated import sentences, untranslated

FIXTURES = Path(__file__).parent.parent / "fixtures"


def language(api, player: dict, code: str | None) -> None:
    assert api.call("PATCH", "/players/me", player, json={"language": code}).status_code == 200


# --- the API's refusals -----------------------------------------------------------------------

def refusals(api, game_id: int, stina: dict, other: dict) -> dict:
    """The same refused requests, by name: (status, code, message, Content-Language)."""
    version = api.game(game_id, stina)["version"]
    asked = {"ahead": ("PUT", f"/games/{game_id}/moves/{version + 5}", stina, {"json": {"text": "pass"}}),
             "no game": ("GET", "/games/4711", stina, {}),
             "no seat": ("GET", f"/games/{game_id}?seat=3", stina, {}),
             "bad move": ("PUT", f"/games/{game_id}/moves/{version}", stina, {"json": {"move": {"x": 0.5}}}),
             "out of turn": ("PUT", f"/games/{game_id}/moves/{version}", other, {"json": {"text": "play t1"}}),
             "no seat to talk": ("POST", f"/games/{game_id}/chat?seat=7", stina, {"json": {"text": "hej"}})}
    found = {}
    for name, (method, path, player, kwargs) in asked.items():
        answer = api.call(method, path, player, **kwargs)
        assert answer.status_code >= 400, (name, answer.json)
        found[name] = (answer.status_code, answer.json["error"]["code"], answer.json["error"]["message"],
                       answer.headers.get("Content-Language"))
    return found


def test_a_swedish_players_refusals_are_swedish_and_keep_their_codes(api):
    stina, ed = api.register("stina"), api.register("ed")
    game_id = api.start_game([stina, ed])
    mover = api.game(game_id, stina)["prompted"][0]["seat"]
    players = [stina, ed]
    first, other = players[mover], players[1 - mover]
    english = refusals(api, game_id, first, other)
    language(api, first, "sv")
    language(api, other, "sv")
    swedish = refusals(api, game_id, first, other)
    for name in english:
        status, code, message, spoken = swedish[name]
        assert (status, code) == english[name][:2], name  # the code is the same in every language
        if name == "out of turn":  # the rules' refusal (TOY-1), said with core's words
            assert code == "illegal-move" and spoken == "sv", (message, spoken)
            assert message.startswith("Du behöver inte bestämma något just nu (")
            continue
        assert english[name][3] == "en" and spoken == "sv", name
        assert message != english[name][2] and not untranslated(english[name][2], message), (name, message)
    assert swedish["ahead"][2] == f"Drag {api.game(game_id, first)['version'] + 5} kan inte skickas än: partiet är vid drag 0."
    assert swedish["no game"][2] == "Det finns inget parti 4711."
    assert swedish["no seat"][2] == "Plats 3 i det här partiet är inte din."


def test_accept_language_speaks_for_a_request_without_a_player(api):
    """No player known: the browser's Accept-Language (Babel's negotiation, as the pages do)."""
    hungarian = api.client.get("/games/1", headers={"Accept-Language": "hu-HU,hu;q=0.9,en;q=0.5"})
    assert hungarian.status_code == 401 and hungarian.json["error"]["code"] == "unauthorized"
    assert hungarian.json["error"]["message"] == "Az API-tokenedet így küldd: 'Authorization: Bearer <token>'."
    assert hungarian.headers["Content-Language"] == "hu" and "Accept-Language" in hungarian.headers["Vary"]
    bad = api.client.post("/players", json={"name": "_x", "email": "x@example.org"}, headers={"Accept-Language": "hu"})
    assert bad.status_code == 422 and bad.headers["Content-Language"] == "hu"
    assert "A név 1–40 betűből" in bad.json["error"]["message"]
    assert bad.json["error"]["details"]["fields"]["json"]["name"] == [
        "Names are 1-40 letters, digits, spaces or _.'- and start with a letter or digit."]  # details: as written
    unknown = api.client.get("/no/such/page", headers={"Accept-Language": "ru"})
    assert unknown.status_code == 404 and unknown.json["error"]["message"] == "По этому адресу ничего нет."
    plain = api.client.get("/games/1")
    assert plain.headers["Content-Language"] == "en" and plain.json["error"]["message"].startswith("Send your API token")
    # a player's own setting speaks over the browser's
    olga = api.register("olga")
    language(api, olga, "ru")
    answer = api.call("GET", "/games/4711", olga, headers={"Accept-Language": "hu"})
    assert answer.json["error"]["message"] == "Партии 4711 нет." and answer.headers["Content-Language"] == "ru"


def test_a_rate_limit_refusal_speaks_the_browsers_language(config, toy_game):
    from server.app import create_app
    from server.store.db import database

    client = create_app({**config, "RATELIMIT_ENABLED": "1", "RATELIMIT_REGISTER": "1 per minute"}).test_client()
    try:
        client.post("/players", json={"name": "ann", "email": "ann@example.org"})
        refused = client.post("/players", json={"name": "ben", "email": "ben@example.org"},
                              headers={"Accept-Language": "es"})
    finally:
        database.close()
    assert refused.status_code == 429 and refused.json["error"]["code"] == "rate-limited"
    assert refused.json["error"]["message"].startswith("Demasiados registros desde tu dirección; vuelve a intentarlo dentro de ")
    assert refused.headers["Content-Language"] == "es"


def test_marshmallows_field_messages_speak_the_browsers_language(api):
    """marshmallow's own messages (a missing field, not an integer, out of range) are said in
    the requester's language; details.fields keeps them as marshmallow wrote them."""
    ann = api.register("ann")
    hungarian = {**api.auth(ann), "Accept-Language": "hu"}
    missing = api.client.post("/games", json={"ruleset": "toy-race"}, headers=hungarian)
    assert missing.status_code == 422 and missing.headers["Content-Language"] == "hu"
    assert missing.json["error"]["message"] == "seats: Hiányzik egy kötelező mező."
    assert missing.json["error"]["details"]["fields"]["json"]["seats"] == ["Missing data for required field."]
    word = api.client.post("/games", json={"ruleset": "toy-race", "seats": "two"}, headers=hungarian)
    assert word.json["error"]["message"] == "seats: Nem érvényes egész szám."
    many = api.client.post("/games", json={"ruleset": "toy-race", "seats": 0}, headers=hungarian)
    assert many.status_code == 422 and many.headers["Content-Language"] == "hu", many.json
    assert many.json["error"]["message"].startswith("seats: Legalább 1 és legfeljebb "), many.json
    query = api.client.get("/games/1/chat?after=abc", headers=hungarian)
    assert query.json["error"]["message"] == "after: Nem érvényes egész szám."
    english = api.client.post("/games", json={"ruleset": "toy-race"}, headers=api.auth(ann))
    assert english.json["error"]["message"] == "seats: Missing data for required field."
    assert english.headers["Content-Language"] == "en"


def test_an_exhausted_connection_pool_answers_busy_in_the_browsers_language(config, toy_game, monkeypatch):
    """No pooled connection free (server/store/pooling.py): 503 busy, said by Accept-Language
    (the database is not asked), English with Content-Language en without one."""
    import threading

    from server.app import create_app
    from server.store.db import database

    client = create_app({**config, "POOL_SIZE": 1}).test_client()
    monkeypatch.setattr(database.obj, "_wait_timeout", 0.2)  # POOL_WAIT is 10 s: a test waits less
    held, done = threading.Event(), threading.Event()

    def hold():
        with database.connection_context():  # the pool's one connection, in another thread
            held.set()
            done.wait(10)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert held.wait(10)
        hungarian = client.get("/games", headers={"Accept-Language": "hu-HU,hu;q=0.9"})
        english = client.get("/games")
    finally:
        done.set()
        holder.join()
        database.close()
    assert hungarian.status_code == 503 and hungarian.json["error"]["code"] == "busy"
    assert hungarian.json["error"]["message"] == "A szerver foglalt; kérlek, próbáld újra egy kis idő múlva."
    assert hungarian.headers["Content-Language"] == "hu" and hungarian.headers["Retry-After"] == "2"
    assert english.status_code == 503 and english.headers["Content-Language"] == "en"
    assert english.json["error"]["message"] == "The server is busy; please try again in a moment."


# --- answers by mail -----------------------------------------------------------------------------

def engine_sentences(game_id: int, seat: int) -> set[str]:
    """The English the toy engine itself writes into an answer (its prompt and position):
    the engines' texts are translated apart from the server's (not this module's business)."""
    from core import games
    from server.store import state_cache
    from server.store.models import Game
    from server.players.seats import name_players, seats_of
    from server.table import outbox

    game = Game.get_by_id(game_id)
    engine = games[game.ruleset]
    state = state_cache.get(game, engine)
    seats = seats_of(game)
    texts = [name_players(p["text"], seats) for p in game.prompted] + [outbox.seat_summary(engine, state, seat, seats)]
    return set().union(*(sentences(text) for text in texts))


BAD_COMMANDS = "mail sometimes\nquiet 9\ntimezone Mars/Olympus_Mons\nlanguage\nlog"


def test_a_hungarian_players_bad_commands_are_answered_in_hungarian(table):
    """Over real SMTP, both ways: every sentence of the answer Herald's own, in Hungarian, and
    the mail says Content-Language: hu; the same answer to an English player, for comparison."""
    from tests.server.test_mailin import answer, body, started

    game_id, turn, players = started(table)
    language(table.api, players[0], "hu")
    [hungarian] = answer(table, turn, BAD_COMMANDS)
    language(table.api, players[0], None)
    [english] = answer(table, turn, BAD_COMMANDS)
    assert hungarian["Content-Language"] == "hu" and english["Content-Language"] == "en"
    magyar, plain = body(hungarian), body(english)
    assert "Írd ezt: 'mail turns', 'mail digest' vagy 'mail off'." in magyar
    assert "'9' nem időszak: a csendes órák a napod egy szakasza" in magyar
    assert "nem olyan időzóna, amelyet Herald ismer" in magyar and "A legutóbbi lépések:" in magyar
    assert "Herald magyarul ír neked (hu)" in magyar  # the language named in its own sentence
    assert "Say 'mail turns', 'mail digest' or 'mail off'." in plain
    left = untranslated(plain, magyar) - engine_sentences(game_id, 0)
    assert not left, left


def test_an_answer_with_a_refused_line_names_the_rule_in_swedish(table):
    """What the sender reads around the engine's refusal is Swedish; the refusal itself (TOY-2)
    is the engine's text, beside its rule and the legal moves."""
    from tests.server.test_mailin import answer, body, started

    game_id, turn, players = started(table)
    language(table.api, players[0], "sv")
    [reply] = answer(table, turn, "play t99")
    text = body(reply)
    assert "'play t99' spelades inte: " in text and "(regel TOY-2)" in text and "Tillåtna drag nu:" in text
    assert "Nu tillfrågas du (drag 0): " in text and "Svara på det här brevet med ditt nästa drag" in text


# --- the story and the log: what the server stored, said per reader ---------------------------------

def test_a_stored_event_is_said_in_each_readers_language():
    stored = {"text": "{P1}'s move 7 is taken back by consent.", "to": None, "data": None,
              "msg": {"id": "{player}'s move {seq} is taken back by consent.", "args": {"player": "{P1}", "seq": 7}}}
    assert render_event_text(stored, "en") == stored["text"]
    assert render_event_text(stored, "sv") == "Drag 7 av {P1} tas tillbaka med allas samtycke."  # {P1}: named later
    assert render_event_text(stored, "ru") == "Ход 7 игрока {P1} отменён с общего согласия."
    old = {"text": "alice played 4; total 4.", "to": None, "data": None}  # any log written before, and the engines'
    assert {render_event_text(old, code) for code in ("en", "sv", "hu")} == {old["text"]}
    unknown = {**stored, "msg": {"id": "A template no catalog has: {who} and {P0}", "args": {"who": "x"}}}
    assert render_event_text(unknown, "hu") == "A template no catalog has: x and {P0}"  # unknown slots left alone
    broken = {**stored, "msg": {"id": "{player}'s move {seq} is taken back by consent.", "args": None}}
    assert render_event_text(broken, "es") == stored["text"]  # a message that cannot be said: the stored English
    assert render_event_text({**stored, "msg": "not a dict"}, "sv") == stored["text"]


def test_an_undo_entry_reads_in_each_players_language(api):
    """The undo's event is stored as English text plus its message id and values: the API's log
    says it in the reader's language, the stored text stays the English one."""
    from server.store.models import Move
    from tests.server.table.test_undo import a_deterministic_move

    players, game_id, before, mover, others = a_deterministic_move(api)
    api.call("PUT", f"/games/{game_id}/undo-standing", others[0], json={"always_accept": True})
    proposal = api.call("POST", f"/games/{game_id}/undo", mover).json
    assert api.call("POST", f"/games/{game_id}/undo/{proposal['seq']}", others[1],
                    json={"answer": "accept"}).json["status"] == "accepted"
    stored = Move.get((Move.game == game_id) & (Move.seq == before["version"] + 1)).events[0]
    name = mover["name"]
    assert stored["text"] == f"{{P{players.index(mover)}}}'s move {before['version']} is taken back by consent."
    assert stored["msg"]["id"] == "{player}'s move {seq} is taken back by consent."
    language(api, others[0], "nl")
    dutch = api.call("GET", f"/games/{game_id}/moves", others[0]).json["moves"][-1]["events"]
    english = api.call("GET", f"/games/{game_id}/moves", others[1]).json["moves"][-1]["events"]
    assert dutch == [f"Zet {before['version']} van {name} wordt met instemming van iedereen teruggenomen."]
    assert english == [f"{name}'s move {before['version']} is taken back by consent."]
    hungarian = api.call("GET", f"/games/{game_id}/moves", others[1], headers={"Accept-Language": "hu"}).json
    assert hungarian["moves"][-1]["events"] == [f"{name} {before['version']}. lépése közös megegyezéssel visszavonva."]


def test_the_story_of_a_turn_mail_speaks_its_readers_language(api):
    from server.notify import story
    from server.store.models import Game

    players = [api.register(n) for n in ("ana", "ben", "cal")]
    game_id = api.start_game(players, options={"target": 60})
    for _ in range(4):
        assert api.play_first_legal(game_id, players).status_code == 201
    game = Game.get_by_id(game_id)
    seat = game.prompted[0]["seat"]
    english = story.recap_context(game_id, seat, game.version, "en")["recap"]
    swedish = story.recap_context(game_id, seat, game.version, "sv")["recap"]
    assert english == story.recap_context(game_id, seat, game.version)["recap"]  # no language: English, as before
    played = [line for line in english if " played: " in line]
    assert played and all(f"{line.split(' played: ')[0]} spelade: {line.split(' played: ')[1]}" in swedish
                          for line in played)
    assert [line for line in english if " played: " not in line] == [line for line in swedish if " spelade: " not in line]


def test_a_long_story_says_how_many_lines_it_left_out_in_the_readers_words(api, monkeypatch):
    from server.notify import story
    from server.store.models import Game

    players = [api.register(n) for n in ("ana", "ben")]
    game_id = api.start_game(players, options={"target": 60})
    for _ in range(6):
        assert api.play_first_legal(game_id, players).status_code == 201
    monkeypatch.setattr(story, "RECAP_LINES", 1)
    game = Game.get_by_id(game_id)
    seat = game.prompted[0]["seat"]
    first = {code: story.recap_context(game_id, seat, game.version, code)["recap"][0] for code in ("en", "ru", "es")}
    hidden = int(first["en"].split()[1])
    one = hidden == 1
    assert first["en"] == f"(... {hidden} earlier {'line' if one else 'lines'}: herald log {game_id})"
    russian = "строка" if hidden % 10 == 1 and hidden % 100 != 11 else "строки" if 2 <= hidden % 10 <= 4 and not \
        12 <= hidden % 100 <= 14 else "строк"
    assert first["ru"] == f"(... ещё {hidden} {russian} раньше: herald log {game_id})"
    assert first["es"] == f"(... {hidden} {'línea anterior' if one else 'líneas anteriores'}: herald log {game_id})"


# --- a first-release database, read after the upgrade ------------------------------------------

@pytest.fixture
def release1(tmp_path):
    from server.store import startup
    from server.store.db import database, open_database

    path = tmp_path / "release1.db"
    shutil.copy(FIXTURES / "release1.db", path)
    open_database(f"sqlite:///{path}")
    database.connect(reuse_if_open=True)
    startup.migrate()
    yield path
    database.close()


def old_recap(game_id: int, seat: int, upto: int) -> list[str]:
    """The recap as the first release wrote it: who played what, and the events the seat may see."""
    from core.protocol import visible
    from server.players.seats import name_players, seats_of
    from server.store.models import Game, Move

    seats = seats_of(Game.get_by_id(game_id))
    last_own = (Move.select(Move.seq).where((Move.game == game_id) & (Move.seat == seat) & (Move.seq < upto))
                .order_by(Move.seq.desc()).limit(1).scalar())
    lines = []
    for move in Move.select().where((Move.game == game_id) & (Move.seq > (-1 if last_own is None else last_own))
                                    & (Move.seq < upto)).order_by(Move.seq):
        if move.public:
            lines.append(name_players(f"{{P{move.seat}}} played: {move.text}", seats))
        lines += [f"  {name_players(e['text'], seats)}" for e in move.events if visible(e.get("to"), seat)]
    if len(lines) > 40:
        lines = [f"(... {len(lines) - 40} earlier lines: herald log {game_id})"] + lines[-40:]
    return lines


def test_a_first_release_log_reads_as_it_did_in_english_and_whole_in_swedish(release1):
    """The first release stored events as English text only: an English reader reads exactly
    that; a Swedish reader gets the server's own words in Swedish and the stored events as they
    are, and nothing fails."""
    from server.notify import story
    from server.players.auth import Caller
    from server.store.models import Game, Move, Seat
    from server.table import movelog

    checked = 0
    for game in Game.select().where(Game.status != "open"):
        seat_row = Seat.get((Seat.game == game.id) & (Seat.seat == 0))
        caller = Caller(seat_row.player_id, "p", "p@example.org")
        stored = movelog.read_log(caller, game.id, 0, 0)
        english = movelog.read_log(caller, game.id, 0, 0, text_of=lambda e: render_event_text(e, "en"))
        swedish = movelog.read_log(caller, game.id, 0, 0, text_of=lambda e: render_event_text(e, "sv"))
        assert english == stored == swedish  # no stored event has a message id: the same text for all
        assert all(not any("msg" in e for e in move.events) for move in Move.select().where(Move.game == game.id))
        for seat in range(game.players):
            recap = story.recap_context(game.id, seat, game.version, "en")
            assert recap["recap"] == old_recap(game.id, seat, game.version)
            said = story.recap_context(game.id, seat, game.version, "sv")["recap"]
            assert len(said) == len(recap["recap"])
            assert all(" played: " not in line for line in said)
            checked += 1
    assert checked >= 9


def test_a_first_release_game_through_the_api_for_a_swedish_player(release1, tmp_path):
    """The upgraded server answers a first-release player who chose Swedish: the log as stored,
    the server's refusals in Swedish."""
    from server.app import create_app
    from server.players.auth import hash_token
    from server.store.models import Game, Player, Seat

    app = create_app({"DATABASE_URL": f"sqlite:///{release1}", "MAIL_DIR": str(tmp_path / "mail")})
    client = app.test_client()
    game = Game.select().where(Game.status == "finished").first()
    player = Seat.get((Seat.game == game.id) & (Seat.seat == 0)).player_id
    Player.update(token_hash=hash_token("token-sv"), language="sv").where(Player.id == player).execute()
    auth = {"Authorization": "Bearer token-sv"}
    log = client.get(f"/games/{game.id}/moves", headers=auth)
    assert log.status_code == 200 and log.json["moves"]
    from server.players.auth import Caller
    from server.table import movelog

    assert log.json == movelog.read_log(Caller(player, "p", "p@example.org"), game.id, 0, None)
    refused = client.put(f"/games/{game.id}/moves/{game.version}", json={"text": "pass"}, headers=auth)
    assert refused.status_code == 409 and refused.json["error"]["code"] == "game-not-active"
    assert refused.json["error"]["message"] == "Partiet är avslutat; det tar inte emot drag."
    assert refused.headers["Content-Language"] == "sv"


# --- webhooks: a chat message in its hook's player's language ------------------------------------

@pytest.fixture
def config(config):
    """The server tests' settings, allowing webhooks to this machine (tests/server/table/receiver.py)."""
    return {**config, "WEBHOOK_ALLOW_NETWORKS": "127.0.0.0/8"}


def test_a_slack_hook_speaks_its_players_language_and_json_stays_as_written(api, config):
    from server.notify.channels import webhook as webhooks
    from tests.server.table.receiver import Receiver

    receiver = Receiver().start()
    try:
        ana, ben = api.register("ana"), api.register("ben")
        game_id = api.start_game([ana, ben], options={"target": 10})
        language(api, ben, "es")
        api.call("POST", "/webhooks", ben, json={"url": receiver.url, "format": "slack", "game": game_id})
        api.call("POST", "/webhooks", ana, json={"url": receiver.url, "format": "discord", "game": game_id})
        while api.game(game_id, ana)["status"] == "active":
            assert api.play_first_legal(game_id, [ana, ben]).status_code == 201
        assert webhooks.deliver_pending(config).sent == len(receiver.received) > 2
    finally:
        receiver.stop()
    spanish = [d["body"]["text"] for d in receiver.received if "text" in d["body"]]
    english = [d["body"]["content"] for d in receiver.received if "content" in d["body"]]
    assert spanish and all(text.startswith(("Partida ", "La partida ")) for text in spanish), spanish
    assert any(f"La partida {game_id} (" in text and "ha terminado:" in text for text in spanish)
    assert any(f"Game {game_id} (" in text and "is over:" in text for text in english)


# --- a deadline that passed, as the mail about it says it -------------------------------------------

def test_a_passed_deadline_is_named_in_the_readers_language(api, config, tmp_path):
    """`herald server deadlines --after 1d12h`: the mail saying what was played names that
    deadline in its reader's words ("1 dag 12 timmar"), an English reader's as before."""
    from datetime import timedelta
    from email import message_from_bytes, policy

    from core import games
    from server.notify.channels.mail import deliver_pending
    from server.store.models import utcnow
    from server.table.deadlines import apply_defaults
    from tests.server.test_deadlines import PatientGame

    games.register("toy-patient", PatientGame())
    try:
        for first, code in (("sara", "sv"), ("erik", None)):
            players = [api.register(first), api.register(f"{first}2")]
            language(api, players[0], code)
            api.start_game(players, ruleset="toy-patient")
        assert len(apply_defaults(timedelta(days=1, hours=12), now=utcnow() + timedelta(days=2)).applied) == 2
        deliver_pending(config)
    finally:
        games.unregister("toy-patient")
    mails = [message_from_bytes(p.read_bytes(), policy=policy.default) for p in (tmp_path / "mail").glob("*.eml")]
    told = {str(m["To"]): m.get_body(("plain",)).get_content() for m in mails
            if str(m["Subject"]).endswith(("your time ran out", "din tid tog slut"))}
    swedish = " ".join(told["sara@example.org"].split())
    assert "(1 dag 12 timmar)" in swedish, swedish
    assert "(1 day 12 hours)" in " ".join(told["erik@example.org"].split())


def test_a_command_written_in_the_players_language_is_understood(table):
    """A Spanish player who wrote 'ayuda' or 'tablero' was told 'Unknown move' beside the
    notation's forms: the commands asked most are read in each language's words too, and each
    language's help names exactly its own."""
    from server.mailin.dispatch import NATIVE_WORDS
    from tests.server.test_mailin import answer, body, started

    game_id, turn, players = started(table)
    language(table.api, players[0], "es")
    [helped] = answer(table, turn, "ayuda\ntablero\nreglas")
    text = body(helped)
    assert "no se jugó" not in text.lower() and "Jugada desconocida" not in text, text
    assert "Las órdenes también se pueden escribir en español: " in text
    for code, words in NATIVE_WORDS.items():  # each command with words of the language: one of them named
        language(table.api, players[0], code)
        [said] = answer(table, turn, "help")
        lines = body(said).split("\n")
        after_help = next(i for i, line in enumerate(lines) if line.startswith("  help ")) + 1
        ending = lines.index("", after_help)  # (the words may take two lines: the help's block ends at a blank one)
        named = set(re.findall(r"\w+", " ".join(lines[after_help:ending])))
        assert {english for word, english in words.items() if word in named} == set(words.values()), code


@pytest.mark.parametrize("code,line,chosen", [("es", "idioma inglés", "en"), ("sv", "språk engelska", "en"),
                                              ("ru", "язык английский", "en"), ("nl", "taal Spaans", "es"),
                                              ("hu", "nyelv orosz", "ru"), ("en", "language Hungarian", "hu"),
                                              ("es", "idioma ingles", "en")])
def test_a_language_is_chosen_by_its_name_in_the_players_language(table, code, line, chosen):
    """'idioma' is a Spanish command word, but 'idioma inglés' was refused: only a language's own
    name ('English', 'Svenska') or its code was understood, not its name in the player's words."""
    from tests.server.test_mailin import answer, started

    game_id, turn, players = started(table)
    language(table.api, players[0], code)
    answer(table, turn, line)
    assert table.api.call("GET", "/players/me", players[0]).json["language"] == chosen


def test_every_language_is_named_in_each_of_the_six():
    """Each language Herald speaks is understood by its name in each of them (and by its own)."""
    from server.web.i18n.languages import NAMED, NAMES, normalise

    assert set(NAMED) == set(NAMES)
    for code, names in NAMED.items():
        assert len(names) >= 6 and all(normalise(name) == code for name in (*names, NAMES[code])), code


@pytest.mark.parametrize("code,line", [("ru", "часовой пояс Europe/Moscow"), ("es", "Zona horaria Europe/Madrid"),
                                       ("ru", "пояс Europe/Moscow")])
def test_the_time_zone_command_in_two_words_of_the_players_language(table, code, line):
    """Russian and Spanish say 'time zone' in two words: 'часовой пояс Europe/Moscow' was refused
    as an unreadable move; it now sets the zone, as 'timezone' does."""
    from tests.server.test_mailin import answer, started

    game_id, turn, players = started(table)
    language(table.api, players[0], code)
    answer(table, turn, line)
    zone = table.api.call("GET", "/players/me", players[0]).json["timezone"]
    assert zone == line.split()[-1], zone


def test_a_chat_hook_says_the_games_question_and_ending_in_its_players_language(api, config):
    """A Discord or Slack message of a Russian player said its frame in Russian and the game's
    own words in English ('cat: Your turn: step 2 ...', '... ben has the only castle left
    standing.'). The question, the ending's reason and the title are now said in the player's
    language; a JSON hook's body carries no stored message (`msg`), as no other answer does."""
    from core.castle_assault import GAME
    from server.notify.channels import webhook as webhooks
    from server.web.i18n.gamewords import said
    from tests.server.table.receiver import Receiver

    receiver = Receiver().start()
    try:
        ana, ben = api.register("ana"), api.register("ben")
        game_id = api.start_game([ana, ben], "castle-assault", {"first-player": 0})
        language(api, ben, "es")
        api.call("POST", "/webhooks", ben, json={"url": receiver.url, "format": "slack", "game": game_id})
        api.call("POST", "/webhooks", ana, json={"url": receiver.url, "format": "json", "game": game_id})
        first = next(m["move"] for m in api.legal(game_id, ana)["moves"]
                     if "move" in m and m["move"]["type"] not in ("attack", "night"))  # (no battle: ben may resign)
        assert api.call("PUT", f"/games/{game_id}/moves/0", ana, json={"move": first}).status_code == 201
        assert api.call("PUT", f"/games/{game_id}/moves/1", ben, json={"text": "resign"}).status_code == 201
        assert webhooks.deliver_pending(config).sent == len(receiver.received) > 2
    finally:
        receiver.stop()
    spanish = [d["body"]["text"] for d in receiver.received if "text" in d["body"]]
    bodies = [d["body"] for d in receiver.received if "event" in d["body"]]
    question = GAME.prompts(GAME.setup(2, GAME.normalize_options({"first-player": 0}), "x"))[0].text
    assert any(said(question, "es", "castle-assault") in text for text in spanish), spanish
    assert not any(str(question) in text for text in spanish)
    [over] = [text for text in spanish if "ha terminado" in text]
    assert "resigned" not in over and "ana" in over, over
    assert bodies and all("msg" not in p for body in bodies for p in body.get("prompted", []))
