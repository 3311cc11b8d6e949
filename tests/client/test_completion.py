"""Shell completion through Click's entry point (`_HERALD_COMPLETE=..._complete`) against a
real server: commands, options, my game numbers and the legal moves of `herald play GAME`."""
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.shell_completion import split_arg_string

from tests.client.conftest import Herald


def complete(herald: Herald, line: str, token=None, shell: str = "bash") -> list[str]:
    """What the shell would be offered for `line`, completing its last word (a trailing space
    starts a new one), parsed from Click's bash/zsh/fish protocol. For bash, the words are read
    back as bash reads an inserted completion (`play\\ t1` is the one word `play t1`)."""
    env = {**herald.env(token), "_HERALD_COMPLETE": f"{shell}_complete", "COMP_WORDS": line,
           "COMP_CWORD": current_word(line)}
    if shell == "fish":  # fish passes the word being completed itself
        env["COMP_CWORD"] = line.rsplit(" ", 1)[-1]
    result = herald.runner.invoke(herald_cli(), [], env=env, prog_name="herald")
    assert result.exit_code == 0, result.output
    if shell == "zsh":  # type, value, help: three lines per item
        lines = result.stdout.splitlines()
        return [lines[i + 1] for i in range(0, len(lines) - 2, 3)]
    # bash: "type,value"; fish: "type,value<TAB>help"
    values = [line.split(",", 1)[1].split("\t")[0] for line in result.stdout.splitlines() if line]
    if shell == "bash":  # as bash's `read` (no -r) and then its parser take each value
        return [shlex.split(re.sub(r"\\(.)", r"\1", value))[0] for value in values]
    return values


def current_word(line: str) -> str:
    """COMP_CWORD as bash sets it: the index of the last word (quotes keep a word together)."""
    return str(len(split_arg_string(line)) - (0 if line.endswith(" ") else 1))


def raw_bash(herald: Herald, line: str, token=None) -> list[str]:
    """The completions exactly as Click hands them to bash."""
    env = {**herald.env(token), "_HERALD_COMPLETE": "bash_complete", "COMP_WORDS": line,
           "COMP_CWORD": current_word(line)}
    result = herald.runner.invoke(herald_cli(), [], env=env, prog_name="herald")
    return [line.split(",", 1)[1] for line in result.stdout.splitlines() if line]


def herald_cli():
    from client.cli import cli

    return cli


def test_commands_and_options_complete(herald):
    assert {"next", "play", "moves", "wait", "server"} <= set(complete(herald, "herald "))
    assert complete(herald, "herald wa") == ["wait"]
    assert "--retry-for" in complete(herald, "herald wait 1 --re")


def test_game_numbers_complete_from_my_games(herald, two_player_game):
    game, alice, bob = two_player_game
    carol = herald.register("carol")
    assert complete(herald, "herald show ", token=alice) == [str(game)]
    assert complete(herald, "herald show ", token=carol) == []  # not carol's game
    assert complete(herald, "herald wait ", token=alice, shell="zsh") == [str(game)]


def test_play_completes_the_legal_moves_of_that_game(herald, two_player_game):
    game, alice, bob = two_player_game
    legal = sorted(m["text"] for m in herald.json("moves", game, token=alice))
    assert legal and all(text.startswith("play t") for text in legal)
    assert sorted(complete(herald, f"herald play {game} ", token=alice)) == legal
    assert sorted(complete(herald, f"herald play {game} ", token=alice, shell="zsh")) == legal
    assert sorted(complete(herald, f"herald play {game} ", token=alice, shell="fish")) == legal
    assert complete(herald, f"herald play {game} ", token=bob) == []  # not bob's turn: nothing is legal


def test_bash_gets_a_move_with_spaces_as_one_word(herald, two_player_game):
    game, alice, bob = two_player_game
    legal = sorted(m["text"] for m in herald.json("moves", game, token=alice))
    bare = sorted(raw_bash(herald, f"herald play {game} ", token=alice))
    assert bare == [text.replace(" ", "\\\\ ") for text in legal]  # escaped outside quotes (twice: see _for_shell)
    whole = next(text for text in legal if not any(o != text and o.startswith(text) for o in legal))
    quoted = raw_bash(herald, f'herald play {game} "{whole}', token=alice)  # (t1 would also offer t14)
    assert quoted == [whole]  # inside an open quote, as it is


def test_completion_stays_silent_when_the_server_is_away(offline_herald):
    assert complete(offline_herald, "herald play 1 ", token="t") == []
    assert complete(offline_herald, "herald show ", token="t") == []


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")
def test_real_bash_offers_the_moves_through_the_sourced_script(herald, two_player_game):
    """The script from `_HERALD_COMPLETE=bash_source herald`, sourced into a real bash and called
    as bash calls it on TAB, fills COMPREPLY with the legal moves, each one word."""
    scripts = Path(sys.executable).parent
    if not (scripts / "herald").exists():
        pytest.skip("the herald console script is not installed beside this Python")
    game, alice, bob = two_player_game
    legal = sorted(m["text"] for m in herald.json("moves", game, token=alice))
    program = ('eval "$(_HERALD_COMPLETE=bash_source herald)"\n'
               f'COMP_WORDS=(herald play {game} ""); COMP_CWORD=3\n'
               '_herald_completion herald\n'
               'printf "%s\\n" "${COMPREPLY[@]}"\n')
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("HERALD_")},
           **{k: v for k, v in herald.env(alice).items() if v is not None},
           "PATH": f"{scripts}{os.pathsep}{os.environ.get('PATH', '')}"}
    shown = subprocess.run(["bash", "--norc", "-c", program], capture_output=True, text=True, env=env, timeout=60)
    assert sorted(shown.stdout.splitlines()) == [text.replace(" ", "\\ ") for text in legal], shown.stderr


def test_each_shells_start_up_line_gives_that_shells_script():
    """The three start-up lines of docs/cli.md: each asks for its shell's script, which defines
    that shell's completion of `herald` (bash a function, zsh compdef, fish `complete`)."""
    scripts = Path(sys.executable).parent
    if not (scripts / "herald").exists():
        pytest.skip("the herald console script is not installed beside this Python")
    wanted = {"bash": "complete -o nosort -F _herald_completion herald", "zsh": "compdef _herald_completion herald",
              "fish": "complete --no-files --command herald"}
    for shell, definition in wanted.items():
        env = {**os.environ, "_HERALD_COMPLETE": f"{shell}_source"}
        script = subprocess.run([str(scripts / "herald")], capture_output=True, text=True, env=env, timeout=60)
        assert script.returncode == 0 and definition in script.stdout, (shell, script.stdout[-400:])
