"""The API says a game's texts in its reader's language (issue 27): the player's setting,
else Accept-Language, else English; codes, rule IDs and notation stay as they are, and an
English reader reads exactly what the engine wrote."""
from __future__ import annotations

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
    assert hungarian.json["error"]["message"] == "A(z) target beállítás értéke egész szám, nem 'many'."
