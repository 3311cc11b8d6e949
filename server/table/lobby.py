"""Creating games, handing out invites, seating players and starting a full game."""
from __future__ import annotations

import re
import secrets

from core import canonical
from core.protocol import IllegalMove
from core.rng import seed_hash
from server.table import due_times, gameviews, handover, house_bots, outbox
from server.players import seats as seat_table
from server.store import announcements, state_cache
from server.table import seeds
from server.store.db import write_transaction
from server.table.engine_errors import engine_call
from server.errors import ApiError, from_illegal, msg
from server.store.models import Game, Player, Seat, Snapshot, lock_game, utcnow
from server.players.seats import invite_code
from server.rulesets import engine as find_engine
from server.table.timeouts import check_action

INVITE_ALPHABET = re.compile(r"[A-Za-z0-9_-]+")


def create_game(caller, ruleset: str, players: int, options: dict, public: bool = False,
                days_per_move: int | None = None, on_timeout: str = "default", rated: bool = True,
                reserve_days: int | None = None) -> dict:
    """A new open game with one invite per seat; the creator joins like everyone else.
    A public game is listed for everyone and can also be joined without an invite."""
    engine = find_engine(ruleset)
    _check_clock(engine.name, days_per_move, reserve_days, on_timeout)
    try:
        engine.check_players(players)
    except IllegalMove as exc:
        raise from_illegal(exc) from None
    try:
        with engine_call(None, None, f"checking options for a new {engine.name} game"):
            options = engine.normalize_options(options)
    except IllegalMove as exc:
        raise from_illegal(exc, code="bad-option") from None
    _trial_setup(engine, players, options)
    seed = seeds.new_seed()
    with write_transaction():
        game = Game.create(ruleset=engine.name, title=engine.title, players=players, options=options,
                           seed=seed, seed_hash=seed_hash(seed), status="open",
                           version=0, chain_head=seed_hash(seed), prompted=[], creator=caller.id,
                           rules_version=engine.rules_version, state_format=engine.state_format,
                           public=public, days_per_move=days_per_move, on_timeout=on_timeout, rated=rated,
                           reserve_days=reserve_days or None, seating=seat_table.new_tag())
        invites = [{"seat": s, "code": invite_code()} for s in range(players)]
        Seat.insert_many([{"game": game.id, "seat": i["seat"], "invite": i["code"]} for i in invites]).execute()
    return {"id": game.id, "ruleset": game.ruleset, "seats": players, "options": options,
            "seed_hash": game.seed_hash, "invites": invites, "status": game.status, "public": public,
            "days_per_move": days_per_move, "reserve_days": reserve_days or None, "on_timeout": on_timeout,
            "rated": rated}


def _check_clock(ruleset: str, days_per_move: int | None, reserve_days: int | None, on_timeout: str) -> None:
    """A reserve belongs to a clock; the deadline's action must be one the game can carry out."""
    if reserve_days and not days_per_move:
        raise ApiError(422, "bad-clock", msg("A reserve needs days per move too (a clock like 3d+7d)."))
    check_action(ruleset, on_timeout)


def _trial_setup(engine, players: int, options: dict) -> None:
    """Refuse option combinations the game cannot start with now, not at the last join."""
    try:
        with engine_call(None, None, f"setting up a trial {engine.name} game"):
            engine.setup(players, options, secrets.token_hex(16))
    except IllegalMove as exc:
        raise from_illegal(exc, code="bad-option") from None


def join_game(caller, invite: str, another_seat: bool = False) -> dict:
    """Take the invite's seat; the last join sets the game up and prompts the first seats.
    A second seat in the same game only with `another_seat` (one person playing two seats):
    otherwise a player who pasted the wrong code would lock the invited person out."""
    # Codes are base32 (older ones urlsafe base64): anything else is unknown without asking
    # the database (PostgreSQL refuses a NUL character in a query outright).
    seat_row = None
    if INVITE_ALPHABET.fullmatch(invite):
        seat_row = Seat.select(Seat.id, Seat.game).where(Seat.invite == invite).first()
    if seat_row is None:
        raise ApiError(404, "not-found", msg("There is no such invite."))
    return take_seat(caller, seat_row, another_seat)


def seat_bot(caller, game_id: int, seat: int, level: str) -> dict:
    """The creator seats a house bot at a free seat of an open game (it joins by its invite)."""
    game = gameviews.load_game(game_id)
    house_bots.check_creator(caller, game)
    if not house_bots.supports_bots(game):
        raise ApiError(409, "no-bots", msg("%(title)s has no bots.", title=game.title))
    row = Seat.get_or_none((Seat.game == game.id) & (Seat.seat == seat))
    if row is None:
        raise ApiError(404, "not-found", msg("Game %(game)s has no seat %(seat)s.", game=game_id, seat=seat))
    # Only a free seat of a game still taking players: a seat held (even one being handed over,
    # whose code takes it from its holder) is its holder's to give, by `handover`.
    if game.status != "open":
        raise ApiError(409, "game-not-open", msg("That game is no longer taking players."))
    if row.player_id is not None:
        raise ApiError(409, "seat-taken", msg("Seat %(seat)s is not free in game %(game)s.", seat=seat, game=game.id))
    return join_game(house_bots.house_player(level), row.invite, another_seat=True)  # a bot may hold several


def take_seat(caller, seat_row, another_seat: bool = False) -> dict:
    """Seat the caller in `seat_row` (its id and game); the last seat filled starts the game."""
    with write_transaction():  # (a rolled-back join's seating tag is never current: see server/players/seats.py)
        game, seat, state = _take_seat(caller, seat_row, another_seat)
    if state is not None:
        state_cache.put(game.id, state_cache.mark(game), state)
        announcements.announce(game.id)  # the game has begun: its first seat's waiters wake now
    return {"game": game.id, "seat": seat.seat}


def _take_seat(caller, seat_row, another_seat: bool):
    """Inside the write transaction: (game, seat, state if this join started the game)."""
    game = lock_game(seat_row.game_id)
    if game is None:  # deleted since the invite was read, and the seat with it
        raise ApiError(404, "not-found", "There is no such invite.")
    seat = Seat.get_by_id(seat_row.id)
    if seat.player_id == caller.id:
        return game, seat, None  # a retried join (the first answer was lost): the same answer
    if seat.player_id is not None and not seat.handover:
        raise ApiError(409, "invite-used", msg("That invite has already been used."))
    if seat.handover:  # (refused to a player at the table already, with another_seat too)
        handover.accept(caller, game, seat)
        return game, seat, None
    if not another_seat:
        _refuse_second_seat(caller, game, seat)
    if game.status != "open":
        raise ApiError(409, "game-not-open", msg("That game is no longer taking players."))
    seat.player = caller.id
    seat.joined = utcnow()
    seat.save()
    seat_table.reseated(game)
    free = Seat.select().where((Seat.game == game.id) & Seat.player.is_null()).count()
    if free:
        seated = seat_table.seats_of(game)
        joiner = next(s for s in seated if s.seat == seat.seat)
        creator = Player.get_by_id(game.creator_id)
        outbox.write(outbox.queue_joined(game, find_engine(game.ruleset), joiner, seated,
                                         outbox.Unseated(creator.id, creator.name, creator.email)))
    return game, seat, (_start(game) if free == 0 else None)


def _refuse_second_seat(caller, game, seat) -> None:
    """409 `already-seated` when the caller holds another seat of this game."""
    held = seat_table.held_now(game.id, caller.id)
    if held:
        raise ApiError(409, "already-seated",
                       msg("You already hold seat %(held)s in game %(game)s, so this code would give you seat "
                           "%(seat)s too and lock out the person it was meant for. To play both seats yourself, "
                           "join with --another-seat (API: \"another_seat\": true); else pass the code on.",
                           held=held[0], game=game.id, seat=seat.seat),
                       details={"seats": held, "seat": seat.seat})


def _start(game):
    """Set up the state from the secret seed, write snapshot 0 and the first turn mails."""
    engine = find_engine(game.ruleset)
    try:
        with engine_call(game.id, 0, "starting the game"):
            state = engine.setup(game.players, game.options, game.seed, rules_version=game.rules_version)
            data = engine.to_json(state)
            prompts = engine.prompts(state)
            result = engine.result(state)
    except IllegalMove as exc:
        raise from_illegal(exc, code="bad-option") from None
    text = canonical.dumps(data)
    digest = canonical.digest(data)
    Snapshot.insert(game=game.id, version=0, state=text, state_hash=digest,
                    state_format=engine.state_format).execute()
    now = utcnow()
    fresh = outbox.changed_prompts([], prompts, None)
    game.status = "active"
    game.prompted = outbox.prompted_rows([], prompts, fresh, None, now)
    if result is not None:
        game.status, game.result, game.finished = "finished", result.to_json(), now
    Game.update(status=game.status, prompted=game.prompted, result=game.result, finished=game.finished,
                **due_times.columns(game, game.prompted if result is None else [])).where(Game.id == game.id).execute()
    seats = seat_table.seats_of(game)
    with engine_call(game.id, 0, "writing the first turn mails"):
        rows = outbox.queue_turns(game, engine, fresh, seats, 0) + outbox.queue_started(
            game, engine, fresh, seats)
    outbox.write(rows)
    return state
