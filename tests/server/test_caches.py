"""The in-process caches drop their least recently used entry when full, not everything:
a busy server keeps the states of the games being played."""
import pytest

from server.store import state_cache
from server.store.db import database


def test_a_full_state_cache_drops_the_least_recently_used_game_only(app):
    state_cache.clear()
    state_cache.put(1, 7, "the state of game 1 at move 7")
    for game in range(2, state_cache.LIMIT + 1):
        state_cache.put(game, 0, f"state {game}")
    assert state_cache.get(1, 7, engine=None) == "the state of game 1 at move 7"  # used: now the newest
    state_cache.put(state_cache.LIMIT + 1, 0, "one game too many")
    assert state_cache.get(1, 7, engine=None) == "the state of game 1 at move 7"
    assert state_cache.get(3, 0, engine=None) == "state 3"
    with database.connection_context(), pytest.raises(LookupError):
        state_cache.get(2, 0, engine=None)  # the least recently used: gone, so read from the database (none there)
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
