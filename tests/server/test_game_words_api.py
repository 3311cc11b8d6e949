"""The API says a game's texts in its reader's language (issue 27): the player's setting,
else Accept-Language, else English; codes, rule IDs and notation stay as they are, and an
English reader reads exactly what the engine wrote."""
from __future__ import annotations

from core.castle_assault.notation import MOVES as GAME_MOVES

OUT_OF_TURN = {"move": {"pass": True}}


def test_a_refusal_by_the_rules_is_said_in_the_players_language(api, toy_game):
    ann, stina = api.register("ann"), api.register("stina")
    assert api.call("PATCH", "/players/me", stina, json={"language": "sv"}).status_code == 200
    game = api.start_game([ann, stina])
    assert api.game(game, ann)["prompted"][0]["seat"] == 0  # ann's turn: stina waits
    refused = api.call("PUT", f"/games/{game}/moves/0", stina, json=OUT_OF_TURN)
    assert refused.json["error"]["details"]["reason"] == "not-your-turn" and refused.json["error"]["rule"] == "TOY-1"
    message = refused.json["error"]["message"]
    assert message.startswith("Du behöver inte bestämma något just nu ("), message
    assert "{P" not in message and "ann" in message  # the waiting text names the player asked


def test_without_a_setting_the_browser_language_says_it(api, toy_game):
    ann = api.register("ann")
    bad = {"ruleset": toy_game.name, "seats": 2, "options": {"target": "many"}}
    hungarian = api.call("POST", "/games", ann, json=bad, headers={"Accept-Language": "hu-HU,hu;q=0.9,en;q=0.5"})
    english = api.call("POST", "/games", ann, json=bad)
    assert hungarian.json["error"]["code"] == english.json["error"]["code"] == "bad-option"
    assert english.json["error"]["message"] == "Option target takes a whole number, not 'many'."
    assert hungarian.json["error"]["message"] == "A target beállítás értéke egész szám, nem 'many'."


def test_the_question_the_board_and_a_patterns_help_are_said_in_the_players_language(api):
    """GET /games/{id}, /me/next, /render and /legal (what `herald next`, `show` and `moves` print) say the
    game's own texts in the reader's language, as the page and the mails do; the moves' notation
    stays as it is, a pattern's placeholders are said, and an English reader reads the engine's
    own words."""
    from core.castle_assault import GAME
    from server.web.i18n.gamewords import said

    ann, stina = api.register("ann"), api.register("stina")
    assert api.call("PATCH", "/players/me", stina, json={"language": "sv"}).status_code == 200
    game = api.start_game([stina, ann], "castle-assault", {"first-player": 0})
    english_prompt = GAME.prompts(GAME.setup(2, GAME.normalize_options({"first-player": 0}), "x"))[0].text
    [asked] = api.game(game, stina)["prompted"]
    assert asked["text"] == said(english_prompt, "sv", "castle-assault") != english_prompt
    assert [entry["text"] for entry in api.call("GET", "/me/next", stina).json] == [asked["text"]]
    board = api.call("GET", f"/games/{game}/render", stina).json["text"]
    assert board.startswith("Castle Assault, 2 spelare") and "stina (du)" in board
    legal = api.legal(game, stina)["moves"]
    attack = next(m for m in legal if m.get("pattern") and m["text"].startswith("attack "))
    # the keywords and card names as they are, the placeholders' words in Swedish
    assert attack["text"] == "attack <plats>/<C|W1..|utplacerat kort> <kort> [<kort>...]"
    assert attack["help"] == said(GAME_MOVES["attack"].help, "sv", "castle-assault") != GAME_MOVES["attack"].help
    assert api.call("GET", f"/games/{game}/render", ann).json["text"].startswith("Castle Assault, 2 players")
    assert api.call("PATCH", "/players/me", stina, json={"language": "en"}).status_code == 200
    english = next(m for m in api.legal(game, stina)["moves"] if m.get("pattern") and m["text"].startswith("attack "))
    assert english["text"] == GAME_MOVES["attack"].notation == "attack <seat>/<C|W1..|stationed card> <card> [<card>...]"


def test_a_battles_target_names_the_player_in_the_readers_language(api):
    """The view's battle target (what `herald show --json` prints) names the defender, not a
    `{P1}` slot, and is said in the reader's language as the board is (CA-ACT-ATTACK-1)."""
    ann, stina = api.register("ann"), api.register("stina")
    assert api.call("PATCH", "/players/me", stina, json={"language": "es"}).status_code == 200
    game = api.start_game([ann, stina], "castle-assault", {"first-player": 0})
    for _ in range(60):
        seen = api.game(game, ann)
        if seen["view"]["battle"] is not None or seen["status"] != "active":
            break
        mover = ann if seen["prompted"][0]["seat"] == 0 else stina
        legal = api.legal(game, mover)
        concrete = [m for m in legal["moves"] if "move" in m]
        chosen = next((m for m in concrete if m["move"].get("type") == "attack"), concrete[0])
        played = api.call("PUT", f"/games/{game}/moves/{legal['version']}", mover, json={"move": chosen["move"]})
        assert played.status_code == 201, played.json
    english = api.game(game, ann)["view"]["battle"]["target_text"]
    spanish = api.game(game, stina)["view"]["battle"]["target_text"]
    assert "{P" not in english and "{P" not in spanish
    assert "stina" in english or "ann" in english, english
    assert spanish != english and ("stina" in spanish or "ann" in spanish), spanish


def test_a_games_title_is_the_one_the_readers_language_gives_it(api):
    """`herald show` and `herald next` gave a Hungarian reader 'Castle Assault (...)' under a
    board headed 'Várostrom': the title is said as the reader's term list names the game, as
    the mails already did; an English reader reads it as stored."""
    ann, dani = api.register("ann"), api.register("dani")
    assert api.call("PATCH", "/players/me", dani, json={"language": "hu"}).status_code == 200
    game = api.start_game([ann, dani], "castle-assault", {"first-player": 1})
    assert api.game(game, ann)["title"] == "Castle Assault (Castlecards: ¡Asalto al Castillo!)"
    assert api.game(game, dani)["title"] == "Várostrom (Castlecards: ¡Asalto al Castillo!)"
    [asked] = api.call("GET", "/me/next", dani).json
    assert asked["title"] == "Várostrom (Castlecards: ¡Asalto al Castillo!)"


def test_a_finished_views_reason_names_the_players_in_the_readers_words(api):
    """`herald show --json` of a finished Castle Assault gave view.reason as stored: '{P0}
    resigned: {P1} wins.', English for every reader. It names the players now, and is said in
    the reader's language as the result's reason is."""
    ann, stina = api.register("ann"), api.register("stina")
    assert api.call("PATCH", "/players/me", stina, json={"language": "es"}).status_code == 200
    game = api.start_game([ann, stina], "castle-assault", {"first-player": 0})
    assert api.call("PUT", f"/games/{game}/moves/0", ann, json={"text": "resign"}).status_code == 201
    english, spanish = api.game(game, ann), api.game(game, stina)
    assert english["view"]["reason"] == english["result"]["reason"] == "ann resigned: stina wins."
    assert spanish["view"]["reason"] == spanish["result"]["reason"] != english["view"]["reason"]
    assert "{P" not in spanish["view"]["reason"] and "stina" in spanish["view"]["reason"]


def test_no_answer_shows_a_stored_message_and_the_prompts_in_a_view_are_said(api):
    """A Wizard's Quest view's prompts and a dry run's prompted entries carried the stored
    message ('msg': an English id with '{P0}' in its arguments) that no other answer shows.
    They give the question itself, named and said in the reader's language."""
    ann, dani = api.register("ann"), api.register("dani")
    assert api.call("PATCH", "/players/me", dani, json={"language": "hu"}).status_code == 200
    game = api.start_game([ann, dani], "wizards-quest")
    for reader in (ann, dani):
        shown = api.game(game, reader)
        assert shown["view"]["prompts"] and all("msg" not in p for p in shown["view"]["prompts"])
    english = api.game(game, ann)["view"]["prompts"][0]["text"]
    assert api.game(game, dani)["view"]["prompts"][0]["text"] not in ("", english)
    mover = next(p for p in (ann, dani) if any(q["seat"] == (0 if p is ann else 1) for q in api.game(game, p)["prompted"]))
    legal = api.legal(game, mover)
    move = next(m["move"] for m in legal["moves"] if "move" in m)
    dry = api.call("PUT", f"/games/{game}/moves/{legal['version']}?dry_run=1", mover, json={"move": move})
    assert dry.status_code == 200, dry.json
    assert all("msg" not in p for p in dry.json.get("prompted") or [])
    assert "msg" not in dry.get_data(as_text=True).replace('"msg":null', "")


def test_a_refusals_move_forms_say_their_placeholders_in_the_players_language(api):
    """A move the notation cannot read is answered with the form to write (CA-ACT-ATTACK-1) or every
    form: their keywords as they are, their placeholders' words in the reader's language."""
    ann, stina = api.register("ann"), api.register("stina")
    assert api.call("PATCH", "/players/me", stina, json={"language": "sv"}).status_code == 200
    game = api.start_game([stina, ann], "castle-assault", {"first-player": 0})
    short = api.call("PUT", f"/games/{game}/moves/0", stina, json={"text": "attack"}).json["error"]
    assert short["rule"] == "CA-ACT-ATTACK-1" and short["message"] == "Skriv: attack <plats>/<C|W1..> <kort> [<kort>...]"
    unknown = api.call("PUT", f"/games/{game}/moves/0", stina, json={"text": "fly away"}).json["error"]
    assert "build <4 kort>; explore <utforskare>" in unknown["message"], unknown["message"]
    assert "academy <hertig> <guld> <guld>" in unknown["message"]
