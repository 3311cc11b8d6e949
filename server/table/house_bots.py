"""House bots: players the server itself runs, one per level, seated like anyone else.

A house bot is an ordinary player row named "[search bot]" (brackets: no person can register
such a name, so it is never taken) whose token nobody knows, at an address no person can have
(addresses.HOUSE_BOT): no mail is ever queued for it (outbox.write) nor sent (the mailer). It takes a seat through the same
invite path as a person (`lobby.seat_bot`, for the game's creator while the game is open), or an
operator hands it the seat of a player who left (`hand_over`). `herald server bots` plays every
prompted house-bot seat through `movelog.submit`, the very path of PUT /games/{id}/moves/{seq},
from `known_state(state, seat)` only - the same input `herald bot` gets over HTTP.
"""
from __future__ import annotations

import re
import secrets
from typing import Callable

from core.bots.levels import LEVELS, Bot, Budget
from core.protocol import Game as Rules
from core.rng import Rng
from server.table import gameviews, movelog
from server.players import seats as seat_table
from server.players.addresses import HOUSE_BOT
from server.players.auth import hash_token
from server.store.claims import GameClaims
from server.store.db import write_transaction
from server.errors import ApiError, msg, status_word
from server.store.models import Game, Player, Seat, lock_game
from server.rulesets import engine as find_engine

NAME = "[{level} bot]"
NAME_PATTERN = re.compile(r"\[(\w+) bot\]")
RACES = ("seq-taken", "seq-ahead", "game-not-active")


def level_of(name: str | None) -> str | None:
    """The level of a house bot's player name, or None for a person."""
    found = NAME_PATTERN.fullmatch(name or "")
    return found.group(1) if found and found.group(1) in LEVELS else None


def house_player(level: str) -> Player:
    if level not in LEVELS:
        raise ApiError(422, "bad-level", msg("There is no bot level %(level)s: choose one of %(levels)s.",
                                             level=repr(level), levels=", ".join(LEVELS)))
    name = NAME.format(level=level)
    player = Player.get_or_none(Player.name == name)
    if player is None:
        with write_transaction():
            player = Player.get_or_none(Player.name == name) or Player.create(
                name=name, email=HOUSE_BOT, token_hash=hash_token(secrets.token_urlsafe(32)))
    return player


def has_bots(engine) -> bool:
    return type(engine).known_state is not Rules.known_state


def supports_bots(game: Game) -> bool:
    return has_bots(find_engine(game.ruleset))


def choose_for_seat(game: Game, engine, state, seat: int, level: str, rng: Rng) -> dict:
    """A house bot's move for `seat`, from what that seat may know only (a passed deadline)."""
    return Bot(engine, level, Budget()).choose(engine.known_state(state, seat), seat, rng)


def check_creator(caller, game: Game) -> None:
    if game.creator_id != caller.id:
        raise ApiError(403, "forbidden", msg("Only the game's creator may seat house bots."))


def hand_over(game_id: int, seat: int, level: str) -> str:
    """Operator: give an active game's seat to a house bot (its player left). Returns who had it."""
    game = gameviews.load_game(game_id)
    if game.status != "active":
        raise ApiError(409, "game-not-active", msg("Game %(game)s is %(status)s: only a game being played "
                                                   "needs a seat handed over.", game=game_id,
                                                   status=status_word(game.status)))
    if not supports_bots(game):
        raise ApiError(409, "no-bots", msg("%(title)s has no bots.", title=game.title))
    bot = house_player(level)
    with write_transaction():
        locked = lock_game(game.id)  # the move path's lock: no move of the old holder's after this
        if locked is None:  # deleted since it was read
            raise ApiError(404, "not-found", f"There is no game {game_id}.")
        game = locked
        row = Seat.get_or_none((Seat.game == game.id) & (Seat.seat == seat))
        if row is None:
            raise ApiError(404, "not-found", msg("Game %(game)s has no seat %(seat)s.", game=game_id, seat=seat))
        before = Player.get_or_none(Player.id == row.player_id)
        seat_table.hand_to(game, row.id, bot.id)
    return before.name if before else "nobody"


class HouseBots:
    """Plays every prompted seat of every house bot, once per `play_pending` call. On
    PostgreSQL several hosts may run it: each game is claimed while a bot plays in it, and a
    game claimed by another host is left to that one (server/store/claims.py)."""

    def __init__(self, budget: Budget, seed: str = "house", echo: Callable[[str], None] = print):
        self.budget, self.seed, self.echo = budget, seed, echo
        self.bots: dict[tuple[str, str], Bot] = {}
        self.claims = GameClaims()

    def bot(self, ruleset: str, level: str) -> Bot:
        if (ruleset, level) not in self.bots:
            self.bots[ruleset, level] = Bot(find_engine(ruleset), level, self.budget)
        return self.bots[ruleset, level]

    def pending(self) -> list[tuple[int, int, Player]]:
        """(game, seat, house player) for each prompted seat a house bot holds."""
        houses = {p.id: p for p in Player.select().where(Player.name.startswith("[")) if level_of(p.name)}
        if not houses:
            return []
        rows = (Seat.select(Seat.game, Seat.seat, Seat.player).join(Game)
                .where((Game.status == "active") & Seat.player.in_(list(houses))))
        found = []
        for row in rows:
            game = Game.get_by_id(row.game_id)
            if row.player_id in houses and any(p["seat"] == row.seat for p in game.prompted or []):
                found.append((row.game_id, row.seat, houses[row.player_id]))
        return found

    def play_pending(self) -> int:
        made = 0
        for game_id, seat, player in self.pending():
            with self.claims.claim(game_id) as mine:
                if mine:  # else another host's bot is playing in it
                    made += self.play(game_id, seat, player)
        return made

    def play(self, game_id: int, seat: int, player: Player) -> int:
        game, engine, state = gameviews.current_state(game_id)
        if not any(p["seat"] == seat for p in game.prompted or []):
            return 0  # answered since pending() looked (by another host's bot)
        level = level_of(player.name)
        if level is None:  # pending() gives house bots' seats only
            raise ValueError(f"{player.name} is not a house bot")
        known = engine.known_state(state, seat)
        move = self.bot(game.ruleset, level).choose(known, seat, Rng(f"{self.seed}:{game_id}:{game.version}:{seat}"))
        try:
            movelog.submit(player, game_id, game.version, seat, move, None)
        except ApiError as error:
            if error.code in RACES:
                return 0          # someone else moved first: the next round looks again
            raise
        self.echo(f"game {game_id} seat {seat} ({level} bot) move {game.version}: {engine.format(move)}")
        return 1
