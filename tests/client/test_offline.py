"""CLI behaviour that needs no running server: exit codes for setup mistakes, help, `herald server`."""
import sys

import pytest
from click.testing import CliRunner

from client import exitcodes
from client.cli import cli, main


def test_server_down_exits_6_with_one_line_on_stderr(offline_herald):
    result = offline_herald("games", token="any-token")
    assert result.exit_code == exitcodes.UNREACHABLE
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Cannot reach the Herald server" in result.stderr and offline_herald.server in result.stderr


def test_missing_token_exits_7_before_any_request(offline_herald):
    # The server is down: exit 7 (not 6) proves the client refused before connecting.
    result = offline_herald("games")
    assert result.exit_code == exitcodes.AUTH
    assert "HERALD_TOKEN" in result.stderr


def test_server_and_token_options_beat_the_environment_before_or_after_the_subcommand(offline_herald, dead_url):
    after = offline_herald("show", "1", "--token", "t", "--server", dead_url, server="http://127.0.0.1:9")
    before = offline_herald("--server", dead_url, "--token", "t", "show", "1", server="http://127.0.0.1:9")
    for result in (after, before):
        assert result.exit_code == exitcodes.UNREACHABLE
        assert dead_url in result.stderr


def test_click_usage_errors_exit_2(offline_herald):
    assert offline_herald("no-such-command").exit_code == exitcodes.USAGE
    assert offline_herald("new", "toy-race", token="t").exit_code == exitcodes.USAGE  # --seats missing
    bad_option = offline_herald("new", "toy-race", "--seats", "2", "--option", "target", token="t")
    assert bad_option.exit_code == exitcodes.USAGE and "KEY=VALUE" in bad_option.stderr


def test_help_documents_every_exit_code(offline_herald):
    result = offline_herald("--help")
    assert result.exit_code == 0
    for code, text in exitcodes.TABLE:
        assert f"{code}  {text}" in result.stdout


def test_help_lists_server_commands_without_importing_the_server(offline_herald, monkeypatch):
    monkeypatch.setitem(sys.modules, "server.cli", None)  # importing it now raises ImportError
    result = offline_herald("--help")
    assert result.exit_code == 0 and "server" in result.stdout


def test_herald_server_without_server_dependencies_says_what_to_install(offline_herald, monkeypatch):
    for name in [name for name in sys.modules if name == "server" or name.startswith("server.")]:
        monkeypatch.delitem(sys.modules, name)  # imported afresh, and restored after the test
    monkeypatch.setitem(sys.modules, "peewee", None)  # as if the server extra were not installed
    result = offline_herald("server", "run", "--port", "1")
    assert result.exit_code == exitcodes.ERROR
    assert "needs the server's libraries" in result.stderr and "pip install '.[server]'" in result.stderr
    assert result.stderr.count("\n") == 1


def test_a_broken_server_import_is_not_disguised_as_a_missing_extra(offline_herald, monkeypatch):
    monkeypatch.setitem(sys.modules, "server.cli", None)  # our own module failing: a bug, loud
    with pytest.raises(ModuleNotFoundError):
        offline_herald("server", "run", "--port", "1")


def test_main_is_the_console_entry_point(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    assert "Play slow board games" in capsys.readouterr().out


def test_herald_server_mounts_the_operator_commands():
    result = CliRunner().invoke(cli, ["server", "--help"])
    assert result.exit_code == 0
    for command in ("run", "notify", "remind", "verify"):
        assert f"  {command} " in result.stdout


@pytest.mark.parametrize("command", ["show", "moves", "log", "wait"])
def test_a_game_that_is_not_a_number_is_a_usage_error_before_any_request(offline_herald, command):
    # The server is down: exit 2 (not 6) proves the client refused before connecting.
    result = offline_herald(command, "abc", token="t")
    assert result.exit_code == exitcodes.USAGE
    assert "'abc' is not a game number" in result.stderr
    assert offline_herald("show", "#3", token="t").exit_code == exitcodes.UNREACHABLE, "'#3' is game 3"


def test_an_empty_move_is_a_usage_error_before_any_request(offline_herald):
    result = offline_herald("play", "1", "  ", token="t")
    assert result.exit_code == exitcodes.USAGE
    assert "the move is empty" in result.stderr and "herald moves" in result.stderr
