"""`herald bot` plays as an ordinary player over HTTP: a whole game on a real server between
three bot processes (`herald bot`, each with its own token and level) and one scripted human
who plays through the same API. Every seat moves, the game ends, no bot move is refused."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from client.api import ApiError, HeraldApi
from core.rng import Rng

LEVELS = ("random", "greedy", "search")
RULESET = "medieval-mastery"     # Fracture windows and support answers: out-of-turn questions too
# (Skirmish: 11 VP win, a shorter game)
SEATS = 4
HUMAN_SEAT = 0


def start_bot(herald, token: str, level: str, game: int, tmp_path) -> subprocess.Popen:
    env = {**os.environ, **herald.env(token)}
    command = [sys.executable, "-m", "client.cli", "bot", "--level", level, "--game", str(game),
               "--seed", f"test-{level}"]
    if level == "search":
        command += ["--budget", "20"]     # a few iterations: this checks the path, not the strength
    return subprocess.Popen(command, env=env, stdout=open(tmp_path / f"{level}.out", "w"),
                            stderr=open(tmp_path / f"{level}.err", "w"))


def human_plays(client: HeraldApi, game: int, rng: Rng, limit: int = 2000) -> int:
    """A script: wait until asked, then play a random listed move (never a standing answer)."""
    made = 0
    for _ in range(limit):
        state = client.wait(str(game), 20, HUMAN_SEAT)
        if state["status"] == "finished":
            return made
        if not any(p["seat"] == HUMAN_SEAT for p in state["prompted"]):
            continue
        listed = client.legal(str(game), HUMAN_SEAT)
        moves = [m["move"] for m in listed["moves"] if "move" in m and m["move"].get("type") != "standing"]
        try:
            client.request("PUT", HeraldApi.game_path(str(game), "moves", str(listed["version"])),
                           params={"seat": HUMAN_SEAT}, body={"move": moves[rng.below(len(moves))]})
            made += 1
        except ApiError as error:
            assert error.code in ("seq-taken", "seq-ahead"), error.message   # a bot moved meanwhile
    raise AssertionError("the game did not end")


@pytest.mark.slow  # a whole game played by three bot processes (30 s)
def test_three_bot_processes_and_a_human_finish_a_game(herald, tmp_path):
    tokens = [herald.register(f"p{seat}") for seat in range(SEATS)]
    created = herald.json("new", RULESET, "--seats", SEATS, "--option", "skirmish=true", token=tokens[0])
    for invite in created["invites"]:
        herald.json("join", invite["code"], token=tokens[invite["seat"]])
    game = created["id"]
    bots = [start_bot(herald, tokens[seat], level, game, tmp_path)
            for seat, level in zip(range(1, SEATS), LEVELS)]
    try:
        human_moves = human_plays(HeraldApi(herald.server, tokens[HUMAN_SEAT]), game, Rng("human"))
        codes = [bot.wait(timeout=120) for bot in bots]
    finally:
        for bot in bots:
            if bot.poll() is None:
                bot.kill()
                bot.wait()
    errors = {level: (tmp_path / f"{level}.err").read_text() for level in LEVELS}
    outputs = {level: (tmp_path / f"{level}.out").read_text() for level in LEVELS}
    assert codes == [0, 0, 0], errors
    assert not any(errors.values()), errors
    final = HeraldApi(herald.server, tokens[0]).game(str(game))
    assert final["status"] == "finished" and final["result"]["reason"]
    log = HeraldApi(herald.server, tokens[0]).log(str(game))["moves"]
    movers = {entry["seat"] for entry in log if "seat" in entry}
    assert movers == set(range(SEATS)), movers            # every seat, the bots' included, moved
    assert human_moves > 0
    for level in LEVELS:
        made = [line for line in outputs[level].splitlines() if line.startswith(f"game {game} seat ")]
        assert made and outputs[level].rstrip().endswith(f"{len(made)} moves made."), outputs[level]
