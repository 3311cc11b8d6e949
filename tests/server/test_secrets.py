"""No view, log entry or mail shows another seat's hand, the deck, or the seed before the end."""
import json
import re

from server.notify.channels.mail import deliver_pending
from server.store.models import Snapshot
from tests.support.toygame import GAME as TOY


def hidden_now(game_id, seat):
    """What the game says `seat` must not see in the current (server-side) state."""
    state = TOY.from_json(json.loads(Snapshot.get(Snapshot.game == game_id).state))
    return TOY.hidden_from(state, seat)


def shows(text, token):
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(token)}(?![0-9])", text) is not None


def test_nothing_leaks_during_a_whole_game(api, config, tmp_path):
    players = [api.register(n) for n in ("alice", "bob", "carol")]
    game_id = api.start_game(players, options={"target": 40})
    mail_dir = tmp_path / "mail"
    read_mails = set()
    detail = api.game(game_id, players[0])
    secret_seed = json.loads(Snapshot.get(Snapshot.game == game_id).state)["seed"]  # the toy state carries it
    checked_mails = 0
    while True:
        seed = api.call("GET", f"/games/{game_id}", players[0]).json.get("seed")
        deliver_pending(config)
        fresh = sorted(set(mail_dir.glob("*.eml")) - read_mails) if mail_dir.exists() else []
        read_mails.update(fresh)
        shown = {seat: [] for seat in range(3)}
        for path in fresh:
            text = path.read_text()
            seat = next(i for i, p in enumerate(players) if f"To: {p['email']}" in text)
            shown[seat].append(text)
            checked_mails += 1
        if detail["status"] != "active":
            break
        for seat, player in enumerate(players):
            for path in ("", "/render", "/legal", "/moves"):
                shown[seat].append(json.dumps(api.call("GET", f"/games/{game_id}{path}", player).json))
        for seat in range(3):
            text = "\n".join(shown[seat])
            assert seed is None and secret_seed not in text
            hidden = hidden_now(game_id, seat)
            assert hidden, "the toy game always hides something while it runs"
            leaked = [card for card in hidden if shows(text, card)]
            assert not leaked, (seat, leaked)
        response = api.play_first_legal(game_id, players)
        mover = response.json["seat"]
        answer = json.dumps(response.json)
        assert not [card for card in hidden_now(game_id, mover) if shows(answer, card)]
        detail = api.game(game_id, players[0])
    assert checked_mails >= 6


def test_seed_never_shown_before_the_end(api, alice_bob, config, tmp_path):
    game_id = api.start_game(alice_bob, options={"target": 30})
    for _ in range(4):
        api.play_first_legal(game_id, alice_bob)
    seed = Snapshot.get(Snapshot.game == game_id)  # the toy state carries the seed
    secret = json.loads(seed.state)["seed"]
    deliver_pending(config)
    everything = [path.read_text() for path in (tmp_path / "mail").glob("*.eml")]
    for player in alice_bob:
        for path in ("", "/render", "/legal", "/moves", "/wait?timeout=0"):
            everything.append(api.call("GET", f"/games/{game_id}{path}", player).get_data(as_text=True))
        everything.append(api.call("GET", "/games?mine=1", player).get_data(as_text=True))
    assert everything and not any(secret in text for text in everything)
