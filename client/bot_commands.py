"""`herald bot`: a bot that plays as an ordinary player over HTTP, in all of its games.

It holds a token like anyone else. Whenever one of its seats is prompted it asks the server
what that seat knows (GET /games/{id}/known: the state less everything hidden from the seat),
lets the chosen level decide (core.bots, docs/bots.md) and submits the move through the same
PUT /games/{id}/moves/{seq} as every player. Between moves it long-polls GET /games/{id}/wait.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING

import click

from client import output
from client.api import ApiError, HeraldApi
from client.i18n import _, ngettext
# The engines are imported when a bot plays, not when `herald` starts: a client-only install
# runs every other command without core (the bot itself needs the rules to search).
if TYPE_CHECKING:
    from core.bots.levels import Bot, Budget
LEVEL_NAMES = ("random", "greedy", "search")  # core.bots.levels.LEVELS (tests/core/bots check they agree)

RACE_CODES = ("seq-taken", "seq-ahead", "game-not-active")
IDLE_WAIT = 30          # seconds of one long-poll when the bot has a single game
SHARED_WAIT = 2         # per game when it has several (each is looked at in turn)
NEW_GAME_POLL = 5       # with --forever and no game: how often to look for one


def house_bot_seats(pairs: tuple[str, ...], seats: int) -> list[tuple[int, str]]:
    """`--bot 2=search ...` read and checked before the game is made: (seat, level) pairs, each a
    seat of the game, none twice, each a level bots have (a usage error, and no game, otherwise)."""
    chosen: list[tuple[int, str]] = []
    for pair in pairs:
        seat, sep, level = pair.partition("=")
        level = level.strip() or "search"
        if not sep or not (seat.strip().isascii() and seat.strip().isdigit()) or level not in LEVEL_NAMES:
            raise click.BadParameter(_("{pair} is not SEAT=LEVEL (like 2=search).").format(pair=repr(pair)), param_hint="--bot")
        if int(seat) >= seats or int(seat) in dict(chosen):
            raise click.BadParameter(_("{pair}: the game's seats are 0 to {last}, each once.").format(
                pair=repr(pair), last=seats - 1), param_hint="--bot")
        chosen.append((int(seat), level))
    return chosen


def seat_house_bots(client: HeraldApi, created: dict, chosen: list[tuple[int, str]]) -> None:
    """`herald new ... --bot 2=search`: seat the server's house bots, and drop their invites
    from what is printed (they are used)."""
    for seat, level in chosen:
        client.change("POST", HeraldApi.game_path(str(created["id"]), "bots"), body={"seat": seat, "level": level})
        created["invites"] = [i for i in created["invites"] if i["seat"] != seat]
        created.setdefault("bots", []).append({"seat": seat, "level": level})


class BotPlayer:
    """One token's seats, played by one level."""

    def __init__(self, client: HeraldApi, level: str, budget: Budget, seed: str, echo=click.echo):
        self.client, self.level, self.budget, self.seed, self.echo = client, level, budget, seed, echo
        self.bots: dict[str, Bot] = {}
        self.played = 0

    def bot_for(self, ruleset: str) -> Bot:
        if ruleset not in self.bots:
            from core import games as engines
            from core.bots.levels import Bot

            self.bots[ruleset] = Bot(engines[ruleset], self.level, self.budget)
        return self.bots[ruleset]

    def my_games(self, only: tuple[int, ...]) -> list[dict]:
        return [g for g in self.client.all_games() if g["status"] in ("open", "active") and (not only or g["id"] in only)]

    def run(self, only: tuple[int, ...] = (), forever: bool = False, max_moves: int | None = None) -> int:
        """Play until none of the bot's games is open or active (or for ever); returns moves made."""
        while max_moves is None or self.played < max_moves:
            mine = self.my_games(only)
            if not mine:
                if not forever:
                    break
                time.sleep(NEW_GAME_POLL)
                continue
            acted = False
            for summary in mine:
                for seat in sorted(set(summary["prompted"]) & set(summary["my_seats"])):
                    acted = self.move(summary["id"], seat) or acted
            if not acted:
                self.idle(mine)
        return self.played

    def idle(self, mine: list[dict]) -> None:
        """Long-poll the games in turn until one of them asks a seat of ours (or time passes)."""
        seconds = IDLE_WAIT if len(mine) == 1 else SHARED_WAIT
        for summary in mine:
            seat = summary["my_seats"][0] if summary["my_seats"] else None
            if seat is None:
                continue
            state = self.client.wait(str(summary["id"]), seconds, seat)
            if state.get("status") != "active" or any(p["seat"] in summary["my_seats"]
                                                       for p in state.get("prompted") or []):
                return
        if not any(s["my_seats"] for s in mine):
            time.sleep(SHARED_WAIT)     # created but not seated yet: nothing to wait on

    def move(self, game_id: int, seat: int) -> bool:
        """Decide and submit one move for a prompted seat. False when there was nothing to do."""
        path = HeraldApi.game_path(str(game_id), "known")
        answer = self.client.request("GET", path, params={"seat": seat})
        if not answer["prompted"]:
            return False
        from core import games as engines
        from core.rng import Rng

        engine = engines[answer["ruleset"]]
        version = answer["version"]
        rng = Rng(f"{self.seed}:{game_id}:{version}:{seat}")
        move = self.bot_for(answer["ruleset"]).choose(answer["known"], seat, rng)
        text = engine.format(move)
        try:
            self.submit(game_id, version, seat, move)
        except ApiError as error:
            if error.status == 409 and error.code in RACE_CODES:
                return True          # the game moved meanwhile: look again
            if error.code != "illegal-move" and error.status != 422:
                raise
            # A move the bot thought legal was refused: a bug in a sampler or a bot. Say so
            # loudly, then keep the game going with a move the server itself lists.
            click.echo(_("Error: {message}").format(message=_(
                "game {game} seat {seat}: the {level} bot's move {move} was refused: {reason} ({code}). "
                "Playing a listed legal move instead.").format(game=game_id, seat=seat, level=self.level, move=repr(text),
                                                              reason=error.message, code=error.code)), err=True)
            move = self.fallback(game_id, seat)
            text = engine.format(move)
            self.submit(game_id, version, seat, move)
        self.played += 1
        self.echo(_("game {game} seat {seat} move {seq}: {move}").format(game=game_id, seat=seat, seq=version, move=text))
        return True

    def submit(self, game_id: int, version: int, seat: int, move: dict) -> None:
        self.client.submit(str(game_id), version, {"move": move}, seat)

    def fallback(self, game_id: int, seat: int) -> dict:
        listed = self.client.legal(str(game_id), seat).get("moves") or []
        concrete = [m["move"] for m in listed if "move" in m and m["move"].get("type") != "standing"]
        if not concrete:
            raise click.ClickException(_("Game {game}: no legal move is listed for seat {seat}.").format(game=game_id, seat=seat))
        return concrete[0]


def command(connection_options, api) -> click.Command:
    """The `herald bot` command, built with the CLI's own connection options and client (passed in,
    so that this module does not import client.cli, which attaches the command)."""

    @click.command("bot")
    @click.option("--level", type=click.Choice(LEVEL_NAMES), default="search", show_default=True,
                  help="How well to play: the random player, one-move lookahead, or Monte Carlo search.")
    @click.option("--budget", default=None, metavar="BUDGET",
                  help="Thinking per move for search: a time (2s) or a number of iterations "
                       "(default: the game's, 500; Castle Assault 1,500, Wizard's Quest 800).")
    @click.option("--game", "only", type=int, metavar="GAME", multiple=True, help="Play only this game (repeat for several).")
    @click.option("--seed", default="herald-bot", show_default=True,
                  help="The bot's own randomness: the same seed makes the same choices in the same positions.")
    @click.option("--forever", is_flag=True, help="Keep watching for new games instead of stopping when none is left.")
    @connection_options
    def bot(level, budget, only, seed, forever):
        """Play every prompted seat of this token's games with a bot, until the games end."""
        try:
            from core.bots.levels import Budget

            chosen = Budget.parse(budget, time.monotonic)
        except ValueError:  # (core's sentence is English: the player reads the client's own words)
            raise click.BadParameter(_("A budget is a time like 2s or a number of iterations like 500, not {budget}.")
                                     .format(budget=repr(budget)), param_hint="--budget") from None
        player = BotPlayer(api(), level, chosen, seed, echo=output.emit)
        played = player.run(tuple(only), forever)
        output.emit(ngettext("No game left to play; {count} move made.", "No game left to play; {count} moves made.",
                             played).format(count=played))

    return bot
