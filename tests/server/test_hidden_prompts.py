"""Who a secret window is waiting for stays secret: in a "fast" window only the seat holding
an answer is prompted, so listing that prompt to anyone else would show what they hold."""
import json

import pytest

from core import games
from tests.server.trapgame import GAME as TRAP


@pytest.fixture
def trap_game(app):
    games.register(TRAP.name, TRAP)
    yield TRAP
    games.unregister(TRAP.name)


def start_trap_game(api, seated, creator):
    created = api.call("POST", "/games", creator, json={"ruleset": "toy-trap", "seats": len(seated)})
    assert created.status_code == 201, created.json
    for player, invite in zip(seated, created.json["invites"]):
        assert api.call("POST", "/games/join", player, json={"invite": invite["code"]}).status_code == 200
    return created.json["id"]


def open_the_window(api, game_id, seated):
    """Seats say go in turn until one who does not hold the trap does: (mover, holder, answer)."""
    holder = next(seat for seat, p in enumerate(seated) if api.game(game_id, p)["view"]["trap"])
    for seq in range(len(seated)):
        mover = api.game(game_id, seated[0])["view"]["turn"]
        answer = api.call("PUT", f"/games/{game_id}/moves/{seq}", seated[mover], json={"text": "go"})
        assert answer.status_code == 201, answer.json
        if mover != holder:
            return mover, holder, answer.json
        # the holder's own go opens no window: the next seat's turn is public
    raise AssertionError("a window always opens within one round")


def test_nobody_else_sees_that_the_trap_holder_is_asked(api, trap_game):
    seated = [api.register(n) for n in ("alice", "bob", "carol")]
    spectator = api.register("dave")  # creates the game and watches it without a seat
    game_id = start_trap_game(api, seated, spectator)
    mover, holder, answer = open_the_window(api, game_id, seated)
    bystander = ({0, 1, 2} - {mover, holder}).pop()

    # The holder is asked, and is told so everywhere it looks.
    own = api.game(game_id, seated[holder])
    assert [(p["seat"], p["kind"]) for p in own["prompted"]] == [(holder, "reaction")]
    assert api.call("GET", f"/games/{game_id}/legal", seated[holder]).json["prompted"] is True
    mine = api.call("GET", "/games?mine=1", seated[holder]).json
    assert mine[0]["prompted"] == [holder]

    # Nobody else can tell who is asked: not the mover's answer, not anyone's game, list, wait or log.
    assert holder not in [p["seat"] for p in answer["prompted"]]
    for viewer in (seated[mover], seated[bystander], spectator):
        seen = [api.game(game_id, viewer),
                api.call("GET", f"/games/{game_id}/wait?timeout=0", viewer).json]
        for detail in seen:
            assert detail["version"] == answer["version"]
            assert holder not in [p["seat"] for p in detail["prompted"]], detail["prompted"]
        listed = api.call("GET", "/games?mine=1", viewer).json
        assert holder not in listed[0]["prompted"]

    # Only the holder is mailed about the window.
    from server.store.models import Notification
    window_mails = Notification.select().where((Notification.game == game_id)
                                               & (Notification.version == answer["version"]))
    assert [n.seat for n in window_mails] == [holder]

    # The holder passes: the log shows the others a move, not who made it.
    passed = api.call("PUT", f"/games/{game_id}/moves/{answer['version']}", seated[holder], json={"text": "pass"})
    assert passed.status_code == 201, passed.json
    for viewer in (seated[mover], seated[bystander], spectator):
        entry = api.call("GET", f"/games/{game_id}/moves?from={answer['version']}", viewer).json["moves"][0]
        assert "seat" not in entry and "move" not in entry and json.dumps(entry).count("pass") == 0


def test_whose_turn_it_is_stays_public(api, trap_game):
    seated = [api.register(n) for n in ("alice", "bob", "carol")]
    game_id = start_trap_game(api, seated, seated[0])
    for viewer in seated:
        assert api.game(game_id, viewer)["prompted"] == [{"seat": 0, "kind": "turn", "text": "Say go."}]
        assert api.call("GET", "/games?mine=1", viewer).json[0]["prompted"] == [0]


def test_once_the_game_is_over_every_move_is_shown_so_anyone_can_replay_it(api, trap_game):
    """The seed is revealed at the end so players can check nothing was rigged; that takes
    every move, so the log stops hiding who passed in a window once the game is finished."""
    from core.protocol import replay

    seated = [api.register(n) for n in ("alice", "bob", "carol")]
    spectator = api.register("dave")
    game_id = start_trap_game(api, seated, spectator)
    hidden_seen = False
    while (detail := api.game(game_id, spectator))["status"] == "active":
        asked = [(s, p) for s, p in enumerate(seated) for q in api.game(game_id, p)["prompted"] if q["seat"] == s]
        seat, player = asked[0]
        text = "pass" if api.game(game_id, player)["prompted"][0]["kind"] == "reaction" else "go"
        answer = api.call("PUT", f"/games/{game_id}/moves/{detail['version']}", player, json={"text": text})
        assert answer.status_code == 201, answer.json
        if text == "pass":
            entry = api.call("GET", f"/games/{game_id}/moves?from={detail['version']}", spectator).json["moves"][0]
            hidden_seen = hidden_seen or "seat" not in entry
    assert hidden_seen, "a pass was hidden while the game ran"
    for viewer in seated + [spectator]:
        log = api.call("GET", f"/games/{game_id}/moves", viewer).json["moves"]
        assert all("seat" in e and "move" in e and "text" in e for e in log)
        finished = api.game(game_id, viewer)
        replayed = replay(TRAP, 3, finished["options"], finished["seed"], [(e["seat"], e["move"]) for e in log])
        assert TRAP.result(replayed.state).to_json() == {k: finished["result"][k] for k in ("winners", "reason", "code")}


def test_a_game_whose_prompts_are_public_shows_everyone_who_is_asked(api):
    """Wizard's Quest has no secret window (WQ-TABLE-11): who is asked, and what, follows from
    the map and the round, and its board says it to every seat. Its other prompts (the setup's
    castles here) are shown to every seat too, not only its turns: the other player read the
    board's "Waiting for P1" but no "waiting for seat 1" in the game, the list or the mover's
    answer."""
    seated = [api.register(n) for n in ("alice", "bob")]
    game_id = api.start_game(seated, "wizards-quest")
    asked = api.game(game_id, seated[0])["prompted"]
    assert [(p["seat"], p["kind"]) for p in asked] == [(1, "setup")]
    assert api.game(game_id, seated[1])["prompted"] == asked
    assert api.call("GET", "/games?mine=1", seated[0]).json[0]["prompted"] == [1]
    castle = next(m for m in api.legal(game_id, seated[1])["moves"] if not m.get("pattern"))["text"]
    answer = api.call("PUT", f"/games/{game_id}/moves/0", seated[1], json={"text": castle})
    assert answer.status_code == 201, answer.json
    assert [p["seat"] for p in answer.json["prompted"]] == [0]
    assert [p["seat"] for p in api.game(game_id, seated[1])["prompted"]] == [0]


@pytest.mark.parametrize("ruleset", ["castle-assault", "medieval-mastery"])
def test_a_move_out_of_turn_is_refused_without_naming_a_seat_asked_in_secret(ruleset):
    """The refusal of a move out of turn says whom the game waits for: a seat asked in a fast
    window (only a holder of an answer card is asked there) is named to itself alone, so the
    refusal reads the same in every world the refused seat cannot tell from the real one."""
    from core.protocol import IllegalMove
    from core.rng import Rng
    from tests.core.bots.positions import positions

    game = games[ruleset]

    def refusal(state, seat):
        try:
            game.apply(state, seat, {"type": "pass"})
        except IllegalMove as exc:
            return str(exc.message)
        return "accepted"

    checked = 0
    for n, state in enumerate(positions(ruleset, 300, Rng(f"hidden-refusal:{ruleset}"), per_game=10)):
        hidden = [p for p in game.prompts(state) if p.kind != "turn"]
        if game.result(state) is not None or not hidden:
            continue
        for seat in set(range(game.player_count(state))) - {p.seat for p in game.prompts(state)}:
            real = refusal(state, seat)
            assert all(f"seat {p.seat}," not in real and f"P{p.seat}," not in real for p in hidden), real
            known = game.known_state(state, seat)
            worlds = {refusal(game.sample_state(known, seat, Rng(f"{n}:{seat}:{i}")), seat) for i in range(6)}
            assert worlds == {real}, f"seat {seat}: {real!r} here, {sorted(worlds)} in worlds it cannot tell apart"
            checked += 1
    assert checked >= 5, "too few secret windows met: widen the search"
