"""Random games played through the API: after every move, no seat's page or picture holds
another seat's hidden ids (Game.hidden_from, on the stored state) or the seed.

The page's log is checked for the seed only, like GET /games/{id}/moves in
tests/e2e/test_secrets_real_games.py: its events tell what every seat saw happen, and a card
shown then (a stationed defender taken as spoils) may be face down in a pile now."""
from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

import pytest

from core import games
from core.rng import Rng
from server.config import load_config
from server.store.models import Game, Snapshot
from server.table.seeds import SOURCE
from tests.server.conftest import Api

MOVES = 20


@pytest.fixture
def config(tmp_path, game_seeds):
    return {**load_config({"HERALD_DATABASE_URL": f"sqlite:///{tmp_path / 'herald.db'}",
                           "HERALD_MAIL_DIR": str(tmp_path / "mail"), "HERALD_SECRET_KEY": "s" * 32}),
            SOURCE: game_seeds}


def words(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z0-9]+", text))


def without_log_and_tokens(page: str) -> str:
    """The page minus its log (see the module's docstring), its script nonce and its signed link
    token: random text that says nothing of the game, whose pieces between "-" and "_" once read
    as a card id ("D3", "S0")."""
    page = re.sub(r'<ol class="log".*?</ol>', "", page, flags=re.S)
    return re.sub(r'nonce="[^"]*"|<input type="hidden" name="t" value="[^"]*">', "", page)


@pytest.mark.parametrize("ruleset", sorted(games))
def test_pages_and_pictures_never_show_a_secret(client, ruleset):
    api = Api(client)
    engine = games[ruleset]
    players = [api.register(f"p{i}") for i in range(3)]
    game_id = api.start_game(players, ruleset)
    pages = {}
    for seat, player in enumerate(players):
        url = urlsplit(api.call("GET", f"/games/{game_id}/link", player).json["url"])
        pages[seat] = f"{url.path}?{url.query}"
    seed = Game.get_by_id(game_id).seed
    rng = Rng(f"secrets-{ruleset}")
    for _ in range(MOVES):
        row = Game.get_by_id(game_id)
        if row.status != "active":
            break
        state = engine.from_json(json.loads(Snapshot.get_by_id(game_id).state))
        for seat, player in enumerate(players):
            hidden = set(engine.hidden_from(state, seat))
            page = client.get(pages[seat]).get_data(as_text=True)
            svg = api.call("GET", f"/games/{game_id}/picture.svg", player).get_data(as_text=True)
            assert seed not in page and seed not in svg
            for shown in (without_log_and_tokens(page), svg):
                assert not words(shown) & hidden, f"seat {seat} sees {sorted(words(shown) & hidden)}"
        seat = row.prompted[0]["seat"]
        move = engine.random_move(state, seat, rng)
        answer = api.call("PUT", f"/games/{game_id}/moves/{row.version}", players[seat], json={"move": move})
        assert answer.status_code == 201, answer.json
