"""Where the client takes its server and token from: option > environment > saved file > default."""
import errno
import json
import os
import re
import stat
from pathlib import Path

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


def test_a_full_disk_while_saving_keeps_every_token_saved_before(tmp_path, monkeypatch):
    """The disk fills up while `register --save` writes a third profile: the save fails, and the
    two tokens saved before are still there (the file was emptied in place, losing both)."""
    environ = env_for(tmp_path)
    config.save(config.Settings("https://herald.example.org", "token-of-ana", "ana"), environ, profile="ana")
    config.save(config.Settings("https://herald.example.org", "token-of-ben", "ben"), environ, profile="ben")

    def disk_full(data, handle, **options):  # a few bytes reach the disk, then ENOSPC
        handle.write(json.dumps(data)[:10])
        handle.flush()
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    with monkeypatch.context() as patched:
        patched.setattr(json, "dump", disk_full)
        with pytest.raises(OSError):
            config.save(config.Settings("https://herald.example.org", "token-of-cat", "cat"), environ, profile="cat")
    saved = config.profiles(environ)
    assert (saved["ana"]["token"], saved["ben"]["token"]) == ("token-of-ana", "token-of-ben")
    assert [p.name for p in tmp_path.iterdir()] == ["herald.json"]  # no half-written file left beside it


def test_a_token_is_never_written_into_a_file_others_may_read(tmp_path, monkeypatch):
    """A config file made by hand (or by an older client) with mode 0644: the new token went into
    it while others could still read it, and only then was the file made owner-only."""
    path = tmp_path / "herald.json"
    path.write_text("{}\n")
    path.chmod(0o644)
    modes = []
    real_dump = json.dump

    def watching(data, handle, **options):
        real_dump(data, handle, **options)
        modes.append(stat.S_IMODE(os.fstat(handle.fileno()).st_mode))  # the file the token is written into

    monkeypatch.setattr(json, "dump", watching)
    config.save(config.Settings("https://herald.example.org", "secret-token", "ana"), env_for(tmp_path))
    assert modes == [0o600] and stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert config.resolve(environ=env_for(tmp_path)).token == "secret-token"


def test_a_symlinked_config_file_stays_a_link(tmp_path):
    """A config kept with one's dotfiles and linked into place: saving writes where the link points,
    and leaves the link."""
    (tmp_path / "dotfiles").mkdir()
    kept = tmp_path / "dotfiles" / "herald.json"
    kept.write_text("{}\n")
    (tmp_path / "herald.json").symlink_to(kept)
    config.save(config.Settings("http://h:1", "secret"), env_for(tmp_path))
    assert (tmp_path / "herald.json").is_symlink() and json.loads(kept.read_text())["token"] == "secret"


def test_every_variable_the_client_reads_is_in_its_documentation():
    """HERALD_CLIENT_CONFIG and XDG_CONFIG_HOME decide where the saved tokens are, and docs/cli.md
    named neither: a script author could not point a run at a token file of its own, and a player
    with XDG_CONFIG_HOME set looked for the saved token in ~/.config/herald, where it is not."""
    root = Path(__file__).resolve().parents[2]
    read = set()
    for source in (root / "client").glob("*.py"):
        read |= set(re.findall(r"""(?:environ(?:\.get)?\(|environ\[|getenv\(|envvar=)["']([A-Z][A-Z0-9_]+)["']""",
                               source.read_text(encoding="utf-8")))
    documented = (root / "docs" / "cli.md").read_text(encoding="utf-8")
    assert {"HERALD_CLIENT_CONFIG", "XDG_CONFIG_HOME", "HERALD_TOKEN"} <= read  # (the pattern still finds them)
    shells_own = {"COMP_WORDS"}  # set by bash while it completes, for the completion script
    assert sorted(name for name in read - shells_own if not re.search(rf"\b{name}\b", documented)) == []
