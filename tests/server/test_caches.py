"""The in-process caches drop their least recently used entry when full, not everything:
a busy server keeps the states of the games being played."""
from types import SimpleNamespace

import pytest

from server.store import state_cache
from server.store.db import database


def row(game: int, version: int):
    """A games row as the cache reads one: its id and mark (version, chain head)."""
    return SimpleNamespace(id=game, version=version, chain_head=f"chain of {game} at {version}")


def test_a_full_state_cache_drops_the_least_recently_used_game_only(app):
    state_cache.clear()
    state_cache.put(1, state_cache.mark(row(1, 7)), "the state of game 1 at move 7")
    for game in range(2, state_cache.LIMIT + 1):
        state_cache.put(game, state_cache.mark(row(game, 0)), f"state {game}")
    assert state_cache.get(row(1, 7), engine=None) == "the state of game 1 at move 7"  # used: now the newest
    state_cache.put(state_cache.LIMIT + 1, state_cache.mark(row(state_cache.LIMIT + 1, 0)), "one game too many")
    assert state_cache.get(row(1, 7), engine=None) == "the state of game 1 at move 7"
    assert state_cache.get(row(3, 0), engine=None) == "state 3"
    with database.connection_context(), pytest.raises(LookupError):
        state_cache.get(row(2, 0), engine=None)  # the least recently used: gone, so read from the database (none there)
    state_cache.clear()


def test_the_seat_cache_holds_only_while_the_games_seating_tag_is_unchanged(api, alice_bob):
    """Another process (a second server, an operator's command) hands a seat over: this one's
    cached seats must not let the old holder move, nor serve its view, from the next request on."""
    from server.players import seats
    from server.store.models import Game, Player, Seat

    alice, bob = alice_bob
    carl = api.register("carl")
    game = api.start_game(alice_bob)
    detail = api.game(game, alice)
    seat, version = detail["prompted"][0]["seat"], detail["version"]
    holder = alice_bob[seat]
    move = api.legal(game, holder)["moves"][0]["move"]  # this process has the seats cached
    row = Game.get_by_id(game)
    assert seats.seats_of(row) is seats.seats_of(Game.get_by_id(game))  # the same tag: the cached list
    # What another process does (server/players/seats.py hand_to), without this process's forgetting:
    with database.atomic():
        Seat.update(player=Player.get(Player.name == "carl").id).where(
            (Seat.game == game) & (Seat.seat == seat)).execute()
        Game.update(seating=seats.new_tag()).where(Game.id == game).execute()
    refused = api.call("PUT", f"/games/{game}/moves/{version}", holder, json={"move": move})
    assert refused.status_code == 403 and refused.json["error"]["code"] == "forbidden"
    assert api.call("GET", f"/games/{game}/legal", holder).status_code == 403
    assert api.call("PUT", f"/games/{game}/moves/{version}", carl, json={"move": move}).status_code == 201


def test_a_token_replaced_or_a_player_disabled_elsewhere_is_refused_at_the_next_request(api, alice_bob):
    """No process keeps a token it has accepted: what another process wrote holds at once."""
    from server.players.auth import new_token
    from server.store.models import Player

    alice, bob = alice_bob
    assert api.call("GET", "/players/me", alice).status_code == 200
    assert api.call("GET", "/players/me", bob).status_code == 200
    with database.atomic():  # as another server's rotation and the operator's `players disable` write
        Player.update(token_hash=new_token()[1]).where(Player.name == "alice").execute()
        Player.update(disabled=True).where(Player.name == "bob").execute()
    assert api.call("GET", "/players/me", alice).status_code == 401
    refused = api.call("GET", "/games", bob)
    assert refused.status_code == 403 and refused.json["error"]["code"] == "player-disabled"


def test_a_state_cached_in_a_transaction_that_rolled_back_is_never_served(app, api, alice_bob, monkeypatch):
    """A move made inside an outer transaction (a request under an Idempotency-Key, a mailed
    reply) cached its new state as its own savepoint ended. When the outer transaction then
    rolled back, the cache kept a position the database never held, under the very version
    another process's move then gave the game: this process served the rolled-back position as
    the game's. The cache's mark holds the chain head too, which no committed row shares."""
    from server.players.auth import Caller
    from server.store.db import write_transaction
    from server.table import movelog

    game_id = api.start_game(alice_bob)
    seat = api.game(game_id, alice_bob[0])["prompted"][0]["seat"]
    mover = alice_bob[seat]
    first, second = [m["move"] for m in api.legal(game_id, mover)["moves"][:2]]
    caller = Caller(mover["id"], mover["name"], mover["email"])

    class RolledBack(Exception):
        pass

    with app.app_context(), pytest.raises(RolledBack), write_transaction():
        assert movelog.submit(caller, game_id, 0, seat, first, None)[0] == 201  # its own savepoint: cached
        raise RolledBack  # the outer transaction fails after it: nothing of the move is stored
    with monkeypatch.context() as other_process:  # the same version, made where this process learns no state
        other_process.setattr(state_cache, "put", lambda *args: None)
        made = api.call("PUT", f"/games/{game_id}/moves/0", mover, json={"move": second})
        assert made.status_code == 201, made.json
    from core.registry import games
    from server.store.models import Game

    with app.app_context(), database.connection_context():
        row = Game.get_by_id(game_id)
        engine = games[row.ruleset]
        served = state_cache.get(row, engine)
    made_so = engine.apply(engine.setup(row.players, row.options, row.seed, rules_version=row.rules_version),
                           seat, second)[0]
    assert row.version == 1 and engine.state_hash(served) == engine.state_hash(made_so)
    assert api.game(game_id, mover)["view"] == engine.view(made_so, seat)  # what the player is shown
