"""Configuration: defaults, a JSON or TOML file, and the environment overriding the file."""
import json

import pytest

from server.config import ConfigError, load_config


def test_defaults_are_local_sqlite_and_a_mail_folder():
    config = load_config({})
    assert config["DATABASE_URL"] == "sqlite:///herald.db"
    assert config["MAIL_DIR"] == "./mail"
    assert config["SMTP_HOST"] is None
    assert config["SMTP_TLS"] == "none" and config["SMTP_PORT"] == 25


def test_toml_file_is_read_and_environment_wins(tmp_path):
    path = tmp_path / "herald.toml"
    path.write_text('database_url = "sqlite:///from-file.db"\nsmtp_host = "mail.example.org"\n'
                    'SMTP_TLS = "starttls"\nmail_from = "file@example.org"\n')
    config = load_config({"HERALD_CONFIG": str(path), "HERALD_MAIL_FROM": "env@example.org"})
    assert config["DATABASE_URL"] == "sqlite:///from-file.db"
    assert config["SMTP_HOST"] == "mail.example.org"
    assert config["SMTP_PORT"] == 587  # the starttls default port
    assert config["MAIL_FROM"] == "env@example.org"


def test_json_file_with_prefixed_keys(tmp_path):
    path = tmp_path / "herald.json"
    path.write_text(json.dumps({"HERALD_SMTP_PORT": "2525", "HERALD_PUBLIC_URL": "https://h.example.org/"}))
    config = load_config({"HERALD_CONFIG": str(path)})
    assert config["SMTP_PORT"] == 2525
    assert config["PUBLIC_URL"] == "https://h.example.org"


@pytest.mark.parametrize("environ", [{"HERALD_SMTP_TLS": "maybe"}, {"HERALD_SMTP_PORT": "twenty-five"},
                                     {"HERALD_CONFIG": "/nonexistent/herald.toml"}])
def test_bad_settings_are_refused_with_a_message(environ):
    with pytest.raises(ConfigError):
        load_config(environ)


def test_create_app_without_arguments_reads_the_environment(tmp_path, monkeypatch):
    from server.app import create_app
    from server.store.db import database

    settings = tmp_path / "herald.toml"
    settings.write_text(f'database_url = "sqlite:///{tmp_path / "from-file.db"}"\n')
    monkeypatch.delenv("HERALD_DATABASE_URL", raising=False)  # the file's value must be the one used
    monkeypatch.setenv("HERALD_CONFIG", str(settings))
    monkeypatch.setenv("HERALD_PUBLIC_URL", "https://play.example.org/")
    app = create_app()
    database.close()
    assert (tmp_path / "from-file.db").exists()
    assert app.config["PUBLIC_URL"] == "https://play.example.org"
    assert app.test_client().get("/health").json["ok"] is True


@pytest.mark.parametrize("value, message", [("0", "1 or more"), ("ten", "whole number"), ("1001", "at most 1000")])
def test_the_pool_size_is_a_whole_number_from_1_to_1000(value, message):
    with pytest.raises(ConfigError, match=f"HERALD_POOL_SIZE must be {message}|HERALD_POOL_SIZE must be a {message}"):
        load_config({"HERALD_POOL_SIZE": value})


def test_the_pool_size_bounds_the_connections_a_server_process_holds(tmp_path):
    from server.app import create_app
    from server.store.db import POOL_SIZE, database

    assert load_config({})["POOL_SIZE"] == POOL_SIZE == 10  # 3 servers x 2 workers x 11 fit max_connections 100
    create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'h.db'}", "MAIL_DIR": str(tmp_path / "mail"),
                "POOL_SIZE": load_config({"HERALD_POOL_SIZE": "3"})["POOL_SIZE"]})
    assert database.obj._max_connections == 3
    database.close()


@pytest.mark.parametrize("database, wait", [("sqlite:///herald.db", "postgresql://herald@db.example.org/herald"),
                                            ("postgresql://herald@127.0.0.1:6432/herald", "sqlite:///herald.db"),
                                            ("postgresql://herald@127.0.0.1:6432/herald", "db.example.org:5432")])
def test_the_waiters_own_database_url_is_postgresql_beside_postgresql(database, wait):
    with pytest.raises(ConfigError, match="HERALD_WAIT_DATABASE_URL .* both must be postgresql:// URLs") as refused:
        load_config({"HERALD_DATABASE_URL": database, "HERALD_WAIT_DATABASE_URL": wait + "?password=secret"})
    assert "secret" not in str(refused.value)
    assert load_config({"HERALD_DATABASE_URL": database})["WAIT_DATABASE_URL"] is None
    through, direct = "postgresql://herald@127.0.0.1:6432/herald", "postgresql://herald:pw@10.0.0.20/herald"
    assert load_config({"HERALD_DATABASE_URL": through,
                        "HERALD_WAIT_DATABASE_URL": f" {direct} "})["WAIT_DATABASE_URL"] == direct
