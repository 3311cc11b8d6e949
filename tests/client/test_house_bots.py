"""House bots: `herald new ... --bot 1=greedy` seats the server's bot, `herald server bots`
plays it through the ordinary move path, and `herald server bot-seat` hands a deserted seat
to a bot. All on a real server and a real SQLite file, driven through `herald` only."""
from __future__ import annotations

from click.testing import CliRunner

from client import exitcodes
from client.api import ApiError, HeraldApi
from client.cli import cli
from core.rng import Rng


def operator(herald, tmp_path, *args):
    """`herald server ...` on the server's own database, as the operator runs it."""
    env = {"HERALD_DATABASE_URL": f"sqlite:///{tmp_path / 'herald.db'}", "HERALD_MAIL_DIR": str(tmp_path / "mail")}
    return CliRunner().invoke(cli, ["server", *map(str, args)], env=env, catch_exceptions=False)


def play_until_over(herald, tmp_path, game: int, people: dict, rng: Rng, limit: int = 3000) -> None:
    """People (seat -> token) play random listed moves; the house bots move between them."""
    for _ in range(limit):
        state = HeraldApi(herald.server, next(iter(people.values()))).game(str(game))
        if state["status"] == "finished":
            return
        moved = False
        for seat, token in people.items():
            listed = HeraldApi(herald.server, token).legal(str(game), seat)
            if listed["prompted"]:
                moves = [m["text"] for m in listed["moves"] if "move" in m and m["move"].get("type") != "standing"]
                herald.json("play", game, moves[rng.below(len(moves))], "--seat", seat, token=token)
                moved = True
        if not moved:
            result = operator(herald, tmp_path, "bots", "--once", "--budget", "10")
            assert result.exit_code == 0, result.output
    raise AssertionError("the game did not end")


def test_new_with_a_house_bot_plays_to_the_end(herald, tmp_path):
    alice = herald.register("alice")
    created = herald.json("new", "medieval-mastery", "--seats", 2, "--option", "skirmish=true",
                          "--bot", "1=greedy", token=alice)
    assert [i["seat"] for i in created["invites"]] == [0] and created["bots"] == [{"seat": 1, "level": "greedy"}]
    herald.json("join", created["invites"][0]["code"], token=alice)
    game = created["id"]
    state = herald.json("show", game, token=alice)
    assert state["status"] == "active" and state["seats"][1]["name"] == "[greedy bot]"
    play_until_over(herald, tmp_path, game, {0: alice}, Rng("house"))
    log = herald.json("log", game, token=alice)["moves"]
    assert {entry.get("seat") for entry in log} >= {0, 1}
    assert operator(herald, tmp_path, "verify").exit_code == 0


def test_a_deserted_seat_is_handed_to_a_bot(herald, tmp_path):
    alice, bob = herald.register("alice"), herald.register("bob")
    created = herald.json("new", "castle-assault", "--seats", 2, token=alice)
    codes = {i["seat"]: i["code"] for i in created["invites"]}
    herald.json("join", codes[0], token=alice)
    herald.json("join", codes[1], token=bob)
    game = created["id"]
    handed = operator(herald, tmp_path, "bot-seat", game, 1, "--level", "random")
    assert handed.exit_code == 0 and "handed from bob to the random house bot" in handed.output
    assert herald("moves", game, token=bob).exit_code == exitcodes.REJECTED      # no longer bob's seat
    play_until_over(herald, tmp_path, game, {0: alice}, Rng("handed"))
    assert herald.json("show", game, token=alice)["status"] == "finished"


def test_only_the_creator_seats_bots_and_only_real_levels(herald):
    alice, bob = herald.register("alice"), herald.register("bob")
    created = herald.json("new", "castle-assault", "--seats", 2, token=alice)
    path = HeraldApi.game_path(str(created["id"]), "bots")
    for token, body, code in ((bob, {"seat": 1, "level": "search"}, "forbidden"),
                              (alice, {"seat": 1, "level": "genius"}, "invalid-input")):
        try:
            HeraldApi(herald.server, token).request("POST", path, body=body)
        except ApiError as error:
            assert error.code == code, error.message
        else:
            raise AssertionError(f"{body} was accepted")
