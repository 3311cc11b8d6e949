"""Where the client takes its server and token from: option > environment > saved file > default."""
import json
import os
import stat

import pytest

from client import config


def env_for(tmp_path, **extra):
    return {"HERALD_CLIENT_CONFIG": str(tmp_path / "herald.json"), **extra}


def test_without_anything_the_local_default_server_and_no_token_are_used(tmp_path):
    chosen = config.resolve(environ=env_for(tmp_path))
    assert chosen == config.Settings(server="http://127.0.0.1:8000", token=None)


def test_saved_file_is_used_when_the_environment_is_silent(tmp_path):
    environ = env_for(tmp_path)
    config.save(config.Settings("https://herald.example.org/", "saved-token"), environ)
    assert config.resolve(environ=environ) == config.Settings("https://herald.example.org", "saved-token")


def test_environment_overrides_the_saved_file_and_options_override_both(tmp_path):
    environ = env_for(tmp_path, HERALD_SERVER="http://env:1", HERALD_TOKEN="env-token")
    config.save(config.Settings("http://file:1", "file-token"), environ)
    assert config.resolve(environ=environ) == config.Settings("http://env:1", "env-token")
    assert config.resolve("http://opt:1", "opt-token", environ) == config.Settings("http://opt:1", "opt-token")


def test_saved_token_file_is_readable_by_its_owner_only(tmp_path):
    path = config.save(config.Settings("http://h:1", "secret"), env_for(tmp_path))
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert json.loads(path.read_text()) == {"server": "http://h:1", "token": "secret"}


def test_default_location_follows_xdg_config_home(tmp_path):
    assert config.config_path({"XDG_CONFIG_HOME": str(tmp_path)}) == tmp_path / "herald" / "config.json"


def test_a_broken_config_file_is_reported_not_ignored(tmp_path):
    environ = env_for(tmp_path)
    (tmp_path / "herald.json").write_text("{not json")
    with pytest.raises(config.ConfigError, match="not valid JSON"):
        config.resolve(environ=environ)
