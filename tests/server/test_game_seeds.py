"""Game seeds (server/table/seeds.py): tests choose them, so that a deal is the same on every run;
nothing else can, and production games still get their own secret random seeds."""
from __future__ import annotations

import json

import pytest

from core.rng import seed_hash
from server.config import ConfigError, load_config
from server.store.models import Game
from server.table.seeds import SOURCE
from tests.server.conftest import Api
from tests.support.seeds import PerTestSeeds


def hands(api, game_id, players) -> list:
    return [api.game(game_id, player)["view"]["hand"] for player in players]


def castle_games(api, count: int) -> tuple[list, list[int]]:
    players = [api.register(name) for name in ("ann", "ben")]
    return players, [api.start_game(players, "castle-assault") for _ in range(count)]


def test_games_under_one_pinned_seed_deal_the_same_cards(api, game_seeds):
    game_seeds.pin("the same deal twice")
    players, (first, second) = castle_games(api, 2)
    assert Game.get_by_id(first).seed == Game.get_by_id(second).seed == "the same deal twice"
    assert hands(api, first, players) == hands(api, second, players)
    assert api.game(first, players[0])["seed_hash"] == seed_hash("the same deal twice")


def test_each_test_has_its_own_seeds_the_same_on_every_run(api, game_seeds, request):
    players, games = castle_games(api, 2)
    seeds = [Game.get_by_id(game).seed for game in games]
    again = PerTestSeeds(request.node.nodeid)
    assert seeds == [again(), again()] and seeds[0] != seeds[1]
    assert PerTestSeeds("another test")() not in seeds
    assert hands(api, games[0], players) != hands(api, games[1], players)


@pytest.fixture
def production_api(tmp_path, toy_game):
    """An app configured as a server is: from settings only, so no seed source."""
    from server.app import create_app
    from server.store.db import database

    app = create_app(load_config({"HERALD_DATABASE_URL": f"sqlite:///{tmp_path / 'herald.db'}",
                                  "HERALD_MAIL_DIR": str(tmp_path / "mail"), "HERALD_RATELIMIT_ENABLED": "0",
                                  "HERALD_SEED_SOURCE": "pinned"}))  # not a setting: ignored
    yield Api(app.test_client())
    database.close()


def test_production_games_get_distinct_secret_seeds(production_api):
    api = production_api
    players = [api.register(name) for name in ("ann", "ben")]
    seeds = [Game.get_by_id(api.start_game(players)).seed for _ in range(3)]
    assert len(set(seeds)) == 3 and all(len(seed) == 32 and int(seed, 16) >= 0 for seed in seeds)
    # No client can choose one: a seed in the body is refused, not used.
    chosen = api.call("POST", "/games", players[0], json={"ruleset": "toy-race", "seats": 2, "seed": "pinned"})
    assert chosen.status_code == 422 and "seed" in chosen.json["error"]["message"]


def test_a_config_file_cannot_pin_seeds(tmp_path):
    from server.app import create_app

    settings = tmp_path / "herald.json"
    settings.write_text(json.dumps({"database_url": f"sqlite:///{tmp_path / 'herald.db'}",
                                    "mail_dir": str(tmp_path / "mail"), "seed_source": "pinned"}))
    with pytest.raises(ConfigError, match="SEED_SOURCE cannot be set"):
        create_app(load_config({"HERALD_CONFIG": str(settings)}))
    with pytest.raises(ConfigError, match="SEED_SOURCE cannot be set"):
        create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'other.db'}", SOURCE: "pinned"})
