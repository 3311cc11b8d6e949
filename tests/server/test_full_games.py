"""Whole games of every real ruleset through the API with random legal moves, then verified."""
import html
import json
import re
from email import message_from_bytes, policy

import pytest

from core import games
from core.rng import Rng, seed_hash
from server.store import state_cache
from server.notify.channels.mail import deliver_pending
from server.store.models import Game, Snapshot
from server.store.verify import verify_all


def prompted_seats(api, game_id, seated):
    """Every prompted seat, each as its own player sees it (a window's prompt is shown only
    to the seat asked)."""
    return sorted({p["seat"] for seat, player in enumerate(seated)
                   for p in api.game(game_id, player)["prompted"] if p["seat"] == seat})


def engine_of(ruleset):
    return games[ruleset]  # every registered ruleset is part of the product: missing is a failure


@pytest.mark.parametrize("ruleset,players", [("castle-assault", 2), ("castle-assault", 3),
                                             ("medieval-mastery", 3), ("wizards-quest", 3)])
def test_full_game_with_random_legal_moves(api, ruleset, players):
    engine = engine_of(ruleset)
    seated = [api.register(f"p{i}") for i in range(players)]
    game_id = api.start_game(seated, ruleset=ruleset)
    rng = Rng(f"e2e:{ruleset}:{players}")
    detail = api.game(game_id, seated[0])
    moves = 0
    while detail["status"] == "active" and moves < 3000:
        asked = prompted_seats(api, game_id, seated)
        seat = asked[rng.below(len(asked))]
        player = seated[seat]
        legal = api.call("GET", f"/games/{game_id}/legal", player).json
        assert legal["prompted"] and legal["moves"], legal
        for entry in legal["moves"]:
            if entry.get("pattern"):  # an unbounded choice: described, not listed
                assert entry["text"] and "help" in entry and "move" not in entry
            else:
                assert entry["text"] and isinstance(entry["move"], dict)
        if moves % 10 == 0:
            assert api.call("GET", f"/games/{game_id}/render", player).json["text"].strip()
        # As an operator would: the server's own state picks a random legal move for that seat.
        state = engine.from_json(json.loads(Snapshot.get(Snapshot.game == game_id).state))
        move = engine.random_move(state, seat, rng)
        body = {"text": engine.format(move)} if moves % 2 else {"move": move}
        if moves % 3 == 0:  # as after an eviction or another worker's move: the state comes from the snapshot
            state_cache.clear()
        response = api.call("PUT", f"/games/{game_id}/moves/{detail['version']}", player, json=body)
        assert response.status_code == 201, (body, response.json)
        assert response.json["version"] == detail["version"] + 1
        moves += 1
        detail = api.game(game_id, seated[0])
    assert detail["status"] == "finished", f"no result after {moves} moves"
    assert detail["result"]["reason"] and "{P" not in detail["result"]["reason"]
    assert seed_hash(detail["seed"]) == detail["seed_hash"]
    for player in seated:
        log = api.call("GET", f"/games/{game_id}/moves", player).json
        assert log["version"] == moves and [e["seq"] for e in log["moves"]] == list(range(moves))
    reports = verify_all()
    assert [r.problems for r in reports] == [[]] and reports[0].moves == moves


def shows(text: str, token: str) -> bool:
    """`token` appears as a whole word (card c1 must not match c12)."""
    return re.search(rf"(?<![A-Za-z0-9_-]){re.escape(token)}(?![A-Za-z0-9_])", text) is not None


RECAP = re.compile(r"^Since (your last move|the game began):\r?\n(.*?)(?:\r?\n)(?=Now: )", re.S | re.M)


def split_recap(body: str) -> tuple[str, list[str]]:
    """A turn mail without its recap, and the recap's lines. The recap retells what the seat
    was shown when it happened (a card it drew may be hidden from it today), so it is checked
    against the seat's own log instead of today's secrets."""
    found = RECAP.search(body)
    if not found:
        return body, []
    lines: list[str] = []
    for line in found.group(2).splitlines():  # a wrapped line goes on four spaces deeper
        if not line.strip():  # (the HTML part's paragraphs)
            continue
        if lines and len(line) - len(line.lstrip()) >= 4:
            lines[-1] += " " + line.strip()
        else:
            lines.append(line.strip())
    return body[:found.start()] + body[found.end():], lines


def readable(part) -> str:
    """A text part as its reader sees it: the HTML part (which retells the recap too) as text."""
    if part.get_content_subtype() != "html":
        return part.get_content()
    return html.unescape(re.sub(r"<[^>]+>", "\n", part.get_content()))


def read_mail(path):
    return message_from_bytes(path.read_bytes(), policy=policy.default)


def mail_text(mail) -> str:
    """Every text part of a mail: the plain text, and the HTML beside the board's picture."""
    return "\n".join(part.get_content() for part in mail.walk() if part.get_content_maintype() == "text")


def server_state(engine, game_id):
    return engine.from_json(json.loads(Snapshot.get(Snapshot.game == game_id).state))


@pytest.mark.parametrize("ruleset", ["castle-assault", "medieval-mastery", "wizards-quest"])
def test_no_seat_is_shown_what_the_game_hides_from_it(api, config, tmp_path, ruleset):
    """After every move, each seat's view, picture, legal list and new mails are checked
    against the game's own `hidden_from(state, seat)` and the seed; the move's log entry
    as each seat sees it holds exactly the events visible to that seat, and the mover and
    move only where the game calls the move public (`Game.public_move`)."""
    engine = engine_of(ruleset)
    seated = [api.register(f"p{i}") for i in range(3)]
    game_id = api.start_game(seated, ruleset=ruleset)
    rng = Rng(f"secrets:{ruleset}")
    mail_dir, read = tmp_path / "mail", set()
    seed = Game.get_by_id(game_id).seed
    detail = api.game(game_id, seated[0])
    state = server_state(engine, game_id)
    moves = 0
    while True:
        deliver_pending(config)
        fresh = sorted(set(mail_dir.glob("*.eml")) - read)
        read.update(fresh)
        for seat, player in enumerate(seated):
            bodies = [split_recap(readable(part)) for mail in map(read_mail, fresh)
                      if mail["To"] == f"p{seat}@example.org"
                      for part in mail.walk() if part.get_content_maintype() == "text"]
            shown = [body for body, _ in bodies]
            told = {line for _, recap in bodies for line in recap if not line.startswith("(...")}
            if told:
                seen = api.call("GET", f"/games/{game_id}/moves", player).json["moves"]
                log_lines = {e for entry in seen for e in entry["events"]}
                played = {f"p{entry['seat']} played: {entry['text']}" for entry in seen if "text" in entry}
                told = {html.unescape(line) for line in told}
                assert told <= log_lines | played, (ruleset, moves, seat, sorted(told - log_lines - played)[:3])
            if detail["status"] == "active":
                shown += [api.call("GET", f"/games/{game_id}{path}", player).get_data(as_text=True)
                          for path in ("", "/render", "/legal")]
                assert seed not in "\n".join(shown)
            text = "\n".join(shown)
            leaked = [token for token in engine.hidden_from(state, seat) if shows(text, token)]
            assert not leaked, (ruleset, moves, seat, leaked[:5])
        if detail["status"] != "active" or moves >= 400:
            break
        asked = prompted_seats(api, game_id, seated)
        seat = asked[rng.below(len(asked))]
        move = engine.random_move(state, seat, rng)
        response = api.call("PUT", f"/games/{game_id}/moves/{detail['version']}", seated[seat], json={"move": move})
        assert response.status_code == 201, response.json
        before, state = state, server_state(engine, game_id)
        _, events = engine.apply(before, seat, move)
        public = engine.public_move(before, seat, move)
        over = engine.result(state) is not None  # a finished game's log shows every move
        for viewer, player in enumerate(seated):
            entry = api.call("GET", f"/games/{game_id}/moves?from={moves}", player).json["moves"][0]
            assert entry["events"] == [re.sub(r"\{P(\d+)\}", r"p\1", e.text) for e in events if e.visible_to(viewer)]
            if public or viewer == seat or over:
                assert (entry["seat"], entry["move"]) == (seat, move)
            else:
                assert set(entry) == {"seq", "events", "created"}, (ruleset, moves, viewer, entry)
            if detail["status"] == "active":
                assert seed not in json.dumps(entry)
        moves += 1
        detail = api.game(game_id, seated[0])
    assert moves > 10 and read, "the game and its mails were checked"
