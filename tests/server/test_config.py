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


def test_a_misspelt_key_in_the_config_file_is_refused_with_the_setting_meant(tmp_path):
    """`pool_sise = 3` in the file was ignored without a word, the pool left at its default."""
    path = tmp_path / "herald.toml"
    path.write_text('pool_sise = 3\n')
    with pytest.raises(ConfigError, match=r"pool_sise is not a setting \(did you mean pool_size\?\)"):
        load_config({"HERALD_CONFIG": str(path)})


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

    assert load_config({})["POOL_SIZE"] == POOL_SIZE == 10  # 2 servers x 2 workers x 13 + timers fit 100
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


# One typed Settings, checked once at start (issue 25).

# The defaults as they stood before Settings held them (server/config.py's DEFAULTS dict, as
# load_config returned them): an operator who sets nothing gets the same server.
OLD_DEFAULTS = {
    "DATABASE_URL": "sqlite:///herald.db", "SMTP_HOST": None, "SMTP_PORT": 25, "SMTP_USER": None,
    "SMTP_PASSWORD": None, "SMTP_TLS": "none", "SMTP_CAFILE": None, "MAIL_FROM": "herald@localhost",
    "MAIL_DIR": "./mail", "PUBLIC_URL": "http://127.0.0.1:8000", "SECRET_KEY": None, "REGISTRATION": "open",
    "SQLITE_SYNCHRONOUS": "full", "POOL_SIZE": 10, "WAIT_DATABASE_URL": None, "PREPARED_STATEMENTS": True, "GROUP_COMMIT": 4,
    "SMTP_TIMEOUT": 20.0,
    "MAIL_RETRY_DAYS": 3.0, "MAIL_RETENTION_DAYS": 30.0, "EMAIL_CHECK_DNS": False, "RATELIMIT_ENABLED": True,
    "RATELIMIT_STORAGE_URI": "memory://", "PROXIES": 0, "RATELIMIT_REGISTER": "10 per minute;100 per day",
    "RATELIMIT_NAME_TAKEN": "5 per minute;30 per day", "RATELIMIT_JOIN": "30 per minute;300 per day",
    "RATELIMIT_AUTH_FAILURES": "20 per minute;200 per day", "RATELIMIT_MAIL_REQUESTS": "20 per hour;100 per day",
    "RATELIMIT_MAIL_TO": "5 per hour;20 per day", "REPLY_ADDRESS": None, "MAIL_IN_SENDER": "strict",
    "VACATION_DAYS": 30,  # was the string "30", read as a number at each request
    "WEBHOOK_ALLOW_NETWORKS": (),
}


def test_the_defaults_are_the_old_defaults():
    from server.config import Settings

    assert dict(Settings()) == OLD_DEFAULTS
    assert load_config({}) == OLD_DEFAULTS


def test_settings_are_typed_attributes_and_every_one_is_documented():
    from dataclasses import fields

    from server.config import Settings, load_settings

    settings = load_settings({"HERALD_VACATION_DAYS": "12", "HERALD_SMTP_TLS": "SSL", "HERALD_EMAIL_CHECK_DNS": "yes"})
    assert (settings.vacation_days, settings.smtp_tls, settings.smtp_port, settings.email_check_dns) == (12, "ssl", 465,
                                                                                                         True)
    assert settings["VACATION_DAYS"] == 12  # the old names still read, as Flask's app.config has them
    assert all(spec.metadata["doc"] for spec in fields(Settings))


@pytest.mark.parametrize("name, value, message", [
    ("VACATION_DAYS", "abc", "HERALD_VACATION_DAYS must be a whole number, not 'abc'"),
    ("VACATION_DAYS", "-3", "HERALD_VACATION_DAYS must be 0 or more"),
    ("MAIL_IN_SENDER", "anyone", "HERALD_MAIL_IN_SENDER must be one of strict, any"),
    ("REPLY_ADDRESS", "turns", "HERALD_REPLY_ADDRESS must be a mail address"),
])
def test_a_bad_value_names_its_setting(name, value, message):
    with pytest.raises(ConfigError, match=message):
        load_config({f"HERALD_{name}": value})


def test_a_reply_address_needs_the_key_that_signs_it():
    with pytest.raises(ConfigError, match="HERALD_SECRET_KEY must be set when HERALD_REPLY_ADDRESS is"):
        load_config({"HERALD_REPLY_ADDRESS": "turns@play.example.org"})


def example_secret_key() -> str:
    """The HERALD_SECRET_KEY value deploy/herald.env.example ships."""
    import re
    from pathlib import Path

    example = (Path(__file__).resolve().parents[2] / "deploy" / "herald.env.example").read_text(encoding="utf-8")
    return re.search(r"^HERALD_SECRET_KEY=(.*)$", example, re.M).group(1)


@pytest.mark.parametrize("key, words", [(example_secret_key(), "is the example's placeholder"),
                                        ("k" * 15, "is too short (15 characters, at least 16)")])
def test_a_published_or_short_secret_key_is_refused_saying_how_to_make_one(key, words):
    """The example file's key signed game-page links, reply addresses and recovery codes with a
    value anyone can read, and nothing said so. Refused in one line that never repeats the key."""
    with pytest.raises(ConfigError) as refused:
        load_config({"HERALD_SECRET_KEY": key, "HERALD_REPLY_ADDRESS": "turns@play.example.org"})
    message = str(refused.value)
    assert message.startswith(f"HERALD_SECRET_KEY {words}") and "\n" not in message and key not in message
    assert message.endswith("make one with python3 -c 'import secrets; print(secrets.token_urlsafe(32))'")


def test_the_key_the_refusal_says_how_to_make_is_taken():
    import shlex
    import subprocess

    from server.config import MAKE_A_KEY

    command = shlex.split(MAKE_A_KEY.removeprefix("make one with "))
    made = subprocess.run(command, capture_output=True, text=True, check=True, timeout=60).stdout.strip()
    assert load_config({"HERALD_SECRET_KEY": made})["SECRET_KEY"] == made
    assert load_config({"HERALD_SECRET_KEY": "k" * 16})["SECRET_KEY"] == "k" * 16


@pytest.mark.parametrize("command", [["run", "--port", "0"], ["notify"], ["verify"]])
def test_a_real_start_with_a_bad_value_stops_with_one_line(command, tmp_path):
    """`herald server ...` in its own process, as an operator starts it: nothing is served or
    made (no database file), and the one line on stderr names the setting."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "HERALD_VACATION_DAYS": "abc", "HERALD_CONFIG": "", "PYTHONPATH": str(root),
           "HERALD_DATABASE_URL": f"sqlite:///{tmp_path / 'herald.db'}"}
    done = subprocess.run([sys.executable, "-m", "client.cli", "server", "--create", *command], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == ["Error: HERALD_VACATION_DAYS must be a whole number, not 'abc'"]
    assert not (tmp_path / "herald.db").exists()


@pytest.mark.parametrize("url,words", [
    ("postgresql://herald:S3cret/PW@127.0.0.1:5432/herald", "must be URL-encoded"),
    ("postgresql://herald:S3#cret@127.0.0.1/herald", "must be URL-encoded"),
    ("postgresq://herald:S3cret@127.0.0.1/herald", "not one with the scheme postgresq://"),
])
def test_a_database_url_it_cannot_read_stops_in_one_line_without_its_password(url, words, tmp_path):
    """A password with '/' or '#' in it, not URL-encoded, was read as the port: the start printed
    the URL with the password, then a 45-line traceback. It stops in one line, the value not in it."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "HERALD_CONFIG": "", "PYTHONPATH": str(root), "HERALD_DATABASE_URL": url}
    done = subprocess.run([sys.executable, "-m", "client.cli", "server", "verify"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "S3" not in done.stdout + done.stderr
    [line] = done.stderr.strip().splitlines()
    assert line.startswith("Error: HERALD_DATABASE_URL ") and words in line, line


@pytest.mark.parametrize("url", ["mysql://herald:S3cret@db.example.org/herald",
                                 "cockroachdb://herald:S3cret@db.example.org/herald",
                                 "postgresext://herald:S3cret@db.example.org/herald"])
def test_a_database_herald_does_not_run_on_is_refused_in_one_line(url, tmp_path):
    """Herald runs on SQLite or PostgreSQL (deploy/README.md). peewee opens more kinds of
    database, so a mysql:// URL passed the check and every `herald server` command ended in
    peewee's traceback ("MySQL driver not installed!"). It stops in one line naming the setting."""
    from click.testing import CliRunner

    from server.cli import server

    env = {"HERALD_DATABASE_URL": url, "HERALD_CONFIG": "", "HERALD_MAIL_DIR": str(tmp_path / "mail")}
    result = CliRunner().invoke(server, ["players"], env=env)
    scheme = url.split("://", 1)[0]
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.output.strip().splitlines() == [
        f"Error: HERALD_DATABASE_URL must be a database URL (sqlite:///herald.db or postgresql://...), "
        f"not one with the scheme {scheme}://"]


@pytest.mark.parametrize("url", ["sqlite:///herald.db", "sqlite:////srv/herald/var/herald.db",
                                 "postgresql://herald:pw@127.0.0.1/herald", "postgres://herald@db.example.org/herald"])
def test_the_database_urls_herald_opens_are_taken(url):
    assert load_config({"HERALD_DATABASE_URL": url})["DATABASE_URL"] == url


def test_a_database_urls_password_is_never_shown():
    from server.ops.command_base import displayed_url

    for url in ("postgresql://herald:S3cret/PW@127.0.0.1:5432/load", "postgresql://u:p@ss@h/db",
                "postgresql://herald:S3cret@h/db"):
        assert "S3" not in displayed_url(url) and "ss@h" not in displayed_url(url) and ":***@" in displayed_url(url)


def test_create_app_checks_its_settings_before_anything(tmp_path):
    from server.app import create_app

    with pytest.raises(ConfigError, match="HERALD_POOL_SIZE must be a whole number"):
        create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'h.db'}", "POOL_SIZE": "many"})
    assert not (tmp_path / "h.db").exists()


def test_the_operators_guide_lists_every_setting_as_the_class_says():
    """docs/operating.md's table is `python -m server.config`'s output."""
    from pathlib import Path

    from server.config import settings_table

    guide = (Path(__file__).resolve().parents[2] / "docs" / "operating.md").read_text(encoding="utf-8")
    start = guide.index("<!-- settings: python -m server.config -->\n") + len("<!-- settings: python -m server.config -->\n")
    assert guide[start:guide.index("<!-- end of settings -->", start)] == settings_table()


def test_server_code_reads_no_setting_by_its_name():
    """Defaults live in Settings alone: no module looks a setting up in a dict (`config["X"]`,
    `config.get("X", default)`) where a default could be repeated."""
    import ast
    from pathlib import Path

    from server.config import NAMES

    server = Path(__file__).resolve().parents[2] / "server"
    found = []
    for path in server.rglob("*.py"):
        if path.name == "config.py" and path.parent == server:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            key = None
            if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
                key = node.slice.value
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
                  and node.args and isinstance(node.args[0], ast.Constant)):
                key = node.args[0].value
            if key in NAMES:
                found.append(f"{path.relative_to(server)}:{node.lineno} {key}")
    assert found == []
