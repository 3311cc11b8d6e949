"""Whole games played only by replying to Herald's mail: invitations answered 'join', every
turn answered with a move copied from the mail, in several mail programs' styles (quoted
original, signature, HTML only, Swedish attribution, subject line only), delivered over
SMTP to the real mail-in listener; Herald's own mail caught by a real SMTP server."""
from __future__ import annotations

import pytest

from core.rng import Rng
from server.store.models import Game, Player
from server.store.verify import verify_all
from tests.server.mailplay import STYLES, answer_everything, invite_all, offered_moves


def finish_by_mail(table, ruleset: str, options: dict | None = None, players: int = 2):
    creator = table.api.register("p0", "p0@example.org")
    emails = [f"p{i}@example.org" for i in range(players)]
    game_id = invite_all(table.api, creator, ruleset, emails, options)
    table.deliver()  # what the `notify` timer does for the invitations; mail-in sends the rest itself
    counts = answer_everything(table, Rng(f"mail:{ruleset}"))
    game = Game.get_by_id(game_id)
    assert game.status == "finished", counts
    assert {p.email for p in Player.select()} == set(emails)  # the others were made by replying 'join'
    over = [m for m in table.mailbox.all_messages() if "is over" in str(m["Subject"])]
    assert sorted(str(m["To"]) for m in over) == emails
    assert set(counts["styles"]) == set(STYLES)
    reports = verify_all()
    assert [r.problems for r in reports] == [[]] and reports[0].moves == game.version
    return game, counts


@pytest.mark.parametrize("ruleset,options", [("castle-assault", {}), ("medieval-mastery", {"skirmish": True}),
                                             ("wizards-quest", {})])
def test_a_whole_game_by_mail(table, ruleset, options):
    game, counts = finish_by_mail(table, ruleset, options)
    assert counts["replies"] >= game.version + 2  # every move, and the two joins, came by mail


def test_toy_game_by_mail_answers_every_reply_in_its_thread(table):
    game, counts = finish_by_mail(table, "toy-race")
    answers = [m for m in table.mailbox.all_messages() if str(m["Subject"]).startswith("Re:")]
    assert answers and all(m["In-Reply-To"] and m["References"] for m in answers)
    for answer in answers:  # each answer is in the player's one thread for the game
        player = Player.get(Player.email == str(answer["To"]))
        assert f"<herald.g{game.id}.p{player.id}@play.example.org>" in str(answer["References"])


def test_a_turn_of_several_steps_in_one_mail(table):
    """Two lines in one reply are two moves at consecutive move numbers by the same seat.
    The test, as the operator, reads the server's state to find a move after which the
    same seat is still asked, and a legal second step."""
    import json
    import re
    from email.utils import parseaddr

    from core import games
    from server.store.models import Snapshot
    from tests.server.mailplay import reply_to

    engine = games["wizards-quest"]
    players = [table.api.register("p0"), table.api.register("p1")]
    game_id = table.api.start_game(players, ruleset="wizards-quest")
    table.deliver()
    pending = table.new_mail()
    for _ in range(200):
        turn = next(m for m in reversed(pending) if offered_moves(m))
        seat = int(re.search(r"\.s(\d+)\.m", str(turn["Reply-To"])).group(1))
        game = Game.get_by_id(game_id)
        state = engine.from_json(json.loads(Snapshot.get(Snapshot.game == game_id).state))
        for text in offered_moves(turn):
            after, _ = engine.apply(state, seat, engine.parse(state, seat, text))
            if engine.result(after) is None and any(p.seat == seat for p in engine.prompts(after)):
                second = engine.format(next(m for m in engine.legal_moves(after, seat) if "pattern" not in m))
                sender = parseaddr(str(turn["To"]))[1]
                table.send(reply_to(turn, f"{text}\n{second}"), parseaddr(str(turn["Reply-To"]))[1], sender)
                answer = next(m for m in table.new_mail() if str(m["To"]) == sender)
                body = answer.get_body(preferencelist=("plain",)).get_content()
                assert f"Played move {game.version}: {text}" in body
                assert f"Played move {game.version + 1}: {second}" in body
                assert Game.get_by_id(game_id).version == game.version + 2
                return
        sender = parseaddr(str(turn["To"]))[1]
        table.send(reply_to(turn, offered_moves(turn)[0]), parseaddr(str(turn["Reply-To"]))[1], sender)
        pending = table.new_mail()
    raise AssertionError("no turn of several steps came up")
