"""Complete games of every real ruleset played through the `herald` CLI alone, against a
real server over HTTP, the way a script in a shell would: each seat is a player with its
own token, and whoever `wait` says is prompted picks from `moves --json` and `play`s it.
Every few rounds, as cron would, the outbox is delivered to a real SMTP server by
`herald server notify`."""
from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from client.cli import cli
from core.rng import Rng
from tests.client.conftest import Herald, make_app
from tests.server.live import serving
from tests.server.mailbox import Mailbox

CASES = [("castle-assault", 2), ("castle-assault", 3), ("medieval-mastery", 4), ("wizards-quest", 3)]
MOVE_CAP = 4000


def choose(options: list[dict], rng: Rng) -> str:
    """A scripted player: a random kind of move (its first word), then a random move of it."""
    texts = [m["text"] for m in options if not m.get("pattern")]
    assert texts, f"only patterns offered, a script cannot move: {options[:3]}"
    kinds = sorted({t.split()[0] for t in texts})
    kind = kinds[rng.below(len(kinds))]
    of_kind = [t for t in texts if t.split()[0] == kind]
    return of_kind[rng.below(len(of_kind))]


@pytest.fixture
def live(tmp_path, game_seeds):
    with serving(make_app(tmp_path, game_seeds)) as url:
        yield Herald(url, tmp_path)


def seated_game(herald: Herald, ruleset: str, seats: int) -> tuple[int, list[str]]:
    tokens = [herald.register(f"p{seat}") for seat in range(seats)]
    created = herald.json("new", ruleset, "--seats", seats, token=tokens[0])
    assert len(created["invites"]) == seats
    for invite in created["invites"]:
        joined = herald.json("join", invite["code"], token=tokens[invite["seat"]])
        assert joined == {"game": created["id"], "seat": invite["seat"]} or (
            joined["game"] == created["id"] and joined["seat"] == invite["seat"])
    return created["id"], tokens


def play_out(herald: Herald, game: int, tokens: list[str], seed: str, every_round=None) -> int:
    """Loop wait -> moves --json -> play for every seat until every `wait` exits 3, calling
    `every_round(n)` before round n (the operator's cron)."""
    rng = Rng(seed)
    played = rounds = 0
    while played < MOVE_CAP:
        if every_round is not None:
            every_round(rounds)
        rounds += 1
        over = 0
        for token in tokens:
            waited = herald("wait", game, "--timeout", "0", "--json", token=token)
            if waited.exit_code == 3:
                over += 1
                continue
            if waited.exit_code != 0:
                assert waited.exit_code == 5, (waited.exit_code, waited.stdout, waited.stderr)
                continue
            move = choose(herald.json("moves", game, token=token), rng)
            result = herald("play", game, move, token=token)
            # 4 only when another seat prompted at the same time moved first (a new position).
            assert result.exit_code in (0, 4), (move, result.stdout, result.stderr)
            played += result.exit_code == 0
        if over == len(tokens):
            return played
    pytest.fail(f"game {game} did not end within {MOVE_CAP} moves")


@pytest.mark.parametrize("ruleset,seats", CASES, ids=[f"{r}-{s}p" for r, s in CASES])
def test_a_scripted_game_runs_to_its_end_through_the_cli(live, ruleset, seats, tmp_path):
    game, tokens = seated_game(live, ruleset, seats)
    mailbox = Mailbox()
    mailbox.start()
    env = {"HERALD_DATABASE_URL": f"sqlite:///{tmp_path / 'herald.db'}", "HERALD_SMTP_HOST": "127.0.0.1",
           "HERALD_SMTP_PORT": str(mailbox.port), "HERALD_MAIL_FROM": "herald@example.org"}

    def notify(round_number: int) -> None:
        if round_number % 10 == 0:
            sent = CliRunner().invoke(cli, ["server", "notify"], env=env, catch_exceptions=False)
            assert sent.exit_code == 0, sent.output

    try:
        played = play_out(live, game, tokens, f"e2e-{ruleset}-{seats}", every_round=notify)
        assert played > 0

        final = live.json("show", game, token=tokens[0])
        assert final["status"] == "finished"
        assert final["result"]["winners"], "the game ended with a winner"
        assert final["seed"], "the seed is revealed at the end"
        entries, page = [], {"moves": [None]}
        while page["moves"]:  # the server answers at most 1,000 entries a call: page as a script would
            page = live.json("log", game, "--from", len(entries), token=tokens[1])
            entries += page["moves"]
        assert [e["seq"] for e in entries] == list(range(final["version"])) and final["version"] >= played
        notify(0)
    finally:
        mailbox.stop()
    mails = mailbox.all_messages()
    texts = [m.get_body(("plain",)).get_content() for m in mails]  # turn mails are multipart: text + board
    recipients = {m["To"] for m in mails}
    assert recipients == {f"p{seat}@example.org" for seat in range(seats)}, "every player was mailed"
    assert any(f"herald play {game}" in text for text in texts), "a turn mail says how to answer"
    assert sum("is over" in m["Subject"] for m in mails) == seats
    turn_mails = [text for text in texts if f"herald play {game}" in text]
    examples = [re.search(rf'herald play {game} "([^"]*)"', text).group(1) for text in turn_mails]
    assert examples and not [e for e in examples if "<" in e], "the mail's example is a move one can paste"
    assert all(final["seed"] not in text for text in turn_mails), "no turn mail shows the seed"
