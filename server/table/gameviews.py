"""What GET /games/{id}, /render, /legal and /wait answer, from the caller's seat."""
from __future__ import annotations


from core.records import message_of, without_message
from server.config import current_settings
from server.players import localtime
from server.table import clocks, prompts
from server.store import longpoll, state_cache, statements
from server.table.engine_errors import engine_call
from server.errors import ApiError, inconsistent_game, msg, no_such_game
from server.store.models import Game, Seat
from server.rulesets import engine as find_engine
from server.players.seats import my_seats, name_players, named_texts, resolve_seat, seats_of, titled, viewing_seat

MAX_WAIT = 60  # seconds; a long-poll must not hold a worker forever


def load_game(game_id: int) -> Game:
    """The games row, by SQL built once (statements.select_by_id): peewee builds a query's text
    anew each time, about ten times the cost of reading the row, on every read of a game."""
    game = statements.select_by_id(Game, game_id)
    if game is None:
        raise no_such_game(game_id)
    return game


def current_state(game_id: int):
    """(games row, engine, state) read consistently even while another worker appends."""
    seen = None
    for _ in range(5):
        game = load_game(game_id)
        engine = find_engine(game.ruleset)
        if game.status == "open":
            return game, engine, None
        try:
            return game, engine, state_cache.get(game, engine)
        except LookupError:
            if game.version == seen:
                raise inconsistent_game(game.id) from None
            seen = game.version  # a move landed between the two reads: read again
    raise ApiError(503, "busy", msg("The game is changing quickly; try again."))


def seat_list(seats) -> list[dict]:
    return [{"seat": s.seat, "player": s.player, "name": s.name} for s in seats]


def detail(game_id: int, caller, requested: int | None) -> dict:
    game, engine, state = current_state(game_id)
    seat = viewing_seat(game, caller, requested)
    seats = seats_of(game)
    body = {"id": game.id, "ruleset": game.ruleset, "title": titled(game.title, game.ruleset), "status": game.status,
            "options": game.options, "seats": seat_list(seats), "version": game.version,
            "seed_hash": game.seed_hash,
            "prompted": [{"seat": p["seat"], "kind": p["kind"], "text": name_players(message_of(p), seats)}
                         for p in prompts.visible(game.prompted or [], my_seats(game, caller), game.ruleset)],
            "my_seat": seat, "my_seats": my_seats(game, caller),
            "view": named_texts(_view(engine, game, state, seat), seats) if state is not None else None,
            "result": named_result(game.result, seats), "created": _stamp(game.created),
            "public": game.public, "clock": _clock(game, caller)}
    if game.status == "finished":
        body["seed"] = game.seed
    if game.status == "open" and game.creator_id == caller.id:
        taken = {s.seat for s in seats if s.player is not None}
        body["invites"] = [{"seat": s.seat, "code": s.invite}
                           for s in Seat.select(Seat.seat, Seat.invite).where(Seat.game == game.id).order_by(Seat.seat)
                           if s.seat not in taken]
    return body


def _clock(game, caller) -> dict | None:
    """The clock, its deadlines also written as the caller reads dates (one more query, for
    clocked games only)."""
    if not game.days_per_move:
        return None
    return clocks.clock(game, my_seats(game, caller), reader=localtime.requester(caller.id))


def _view(engine, game, state, seat):
    with engine_call(game.id, game.version, "showing the game"):
        return engine.view(state, seat)


def named_result(result, seats):
    """A game's result with players' names in place of `{P0}` (a dry run's shows so too)."""
    if result is None:
        return None
    return {**without_message(result), "reason": name_players(message_of(result, "reason"), seats),
            "winner_names": [name_players(f"{{P{w}}}", seats) for w in result["winners"]]}


def _stamp(moment) -> str | None:
    return moment.isoformat(timespec="seconds") + "Z" if moment else None


def render(game_id: int, caller, requested: int | None) -> dict:
    game, engine, state = current_state(game_id)
    seat = viewing_seat(game, caller, requested)
    if state is None:
        filled = sum(1 for s in seats_of(game) if s.player is not None)
        return {"text": msg("%(title)s: waiting for players (%(seated)s/%(seats)s seated).", title=game.title,
                            seated=filled, seats=game.players)}
    return {"text": board_text(game, engine, state, seat)}


def board_text(game, engine, state, seat: int | None) -> str:
    """The board as text for `seat` (None: a spectator), the players named: what `render`
    answers and the game page gives as its picture's text alternative."""
    with engine_call(game.id, game.version, "drawing the game"):
        text = engine.render(engine.view(state, seat), seat)
    return name_players(text, seats_of(game))


def legal(game_id: int, caller, requested: int | None) -> dict:
    game, engine, state = current_state(game_id)
    seat = resolve_seat(game, caller, requested)
    prompted = any(p["seat"] == seat for p in game.prompted or [])
    moves = []
    if state is not None and game.status == "active":
        with engine_call(game.id, game.version, "listing legal moves"):
            for move in engine.legal_moves(state, seat):
                if "pattern" in move:
                    moves.append({"text": move["pattern"], "pattern": True, "help": move.get("help", "")})
                else:
                    moves.append({"text": engine.format(move), "move": move})
    return {"version": game.version, "seat": seat, "prompted": prompted, "moves": moves}


def wait(game_id: int, caller, requested: int | None, timeout: int) -> dict:
    """Long-poll: return once the caller's seat is prompted, the game ends, or time runs out.
    While it waits the request makes no query of its own: the process's notifier wakes it."""
    game = load_game(game_id)
    seat = viewing_seat(game, caller, requested)
    if not longpoll.ready(game.status, game.prompted, seat):
        def is_ready() -> bool:
            again = load_game(game_id)
            return longpoll.ready(again.status, again.prompted, seat)

        config = current_settings()  # the notifier's own connection may bypass PgBouncer
        longpoll.wait_until_ready(config.wait_database_url or config.database_url, game_id, seat,
                                 max(0, min(timeout, MAX_WAIT)), is_ready)
    return detail(game_id, caller, seat)

