"""Where the client finds its server and token.

Precedence, strongest first: command-line option, environment (HERALD_SERVER,
HERALD_TOKEN), the config file written by `herald register --save`, the default
server. The file lives at $HERALD_CLIENT_CONFIG, else $XDG_CONFIG_HOME/herald/config.json,
else ~/.config/herald/config.json (not $HERALD_CONFIG: that names the server's own
config file). It holds a secret, so it is written owner-only.

Profiles: one person may play as several players, or on several servers. The file's
top-level `server`/`token`/`name` are the default profile; named ones live under
`profiles` and are chosen with --profile or HERALD_PROFILE. Saving never silently
replaces another identity: `save` refuses unless told to (`replace=True`), and the CLI
then saves under a free profile name instead (`free_profile`), so a new token is never lost.
"""
from __future__ import annotations

import json
import os
import re
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from client.i18n import _

DEFAULT_SERVER = "http://127.0.0.1:8000"


class ConfigError(Exception):
    """The config file exists but cannot be read as a JSON object, or names no such profile."""


class IdentityTaken(ConfigError):
    """Saving would replace another player's token in that profile."""

    def __init__(self, profile: str | None, holder: str | None, server: str | None):
        self.profile, self.holder, self.server = profile, holder, server
        super().__init__(_("{taken}; save under another name with --profile NAME, or replace it with --force.").format(
            taken=self.taken()))

    def taken(self) -> str:
        """'Profile 'work' already holds erin on https://...' (or 'The default profile ...')."""
        holder = self.holder or _("another player")
        if self.profile is None:
            return _("The default profile already holds {player} on {server}").format(player=holder, server=self.server)
        return _("Profile {profile} already holds {player} on {server}").format(profile=repr(self.profile),
                                                                               player=holder, server=self.server)


@dataclass(frozen=True)
class Settings:
    server: str
    token: str | None
    name: str | None = None  # the player's name, kept beside a saved token to tell identities apart


def config_path(environ: Mapping[str, str] | None = None) -> Path:
    environ = os.environ if environ is None else environ
    if environ.get("HERALD_CLIENT_CONFIG"):
        return Path(environ["HERALD_CLIENT_CONFIG"])
    base = environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "herald" / "config.json"


def read_file(path: Path) -> dict:
    """The saved settings, or {} when there is no file yet."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise ConfigError(_("Cannot read config file {path}: {reason}.").format(path=path, reason=exc.strerror)) from None
    try:
        data = json.loads(text)
    except ValueError:
        raise ConfigError(_("Config file {path} is not valid JSON.").format(path=path)) from None
    if not isinstance(data, dict):
        raise ConfigError(_("Config file {path} must hold a JSON object.").format(path=path))
    return data


def chosen_profile(profile: str | None = None, environ: Mapping[str, str] | None = None) -> str | None:
    """The profile named by the option, else HERALD_PROFILE; None is the default profile."""
    environ = os.environ if environ is None else environ
    return profile or environ.get("HERALD_PROFILE") or None


def saved_profile(data: dict, profile: str | None, must_exist: bool = True) -> dict:
    if profile is None:
        return {key: data[key] for key in ("server", "token", "name") if key in data}
    found = data.get("profiles")
    profiles: dict = found if isinstance(found, dict) else {}
    if profile not in profiles:
        if must_exist:
            known = ", ".join(sorted(profiles)) or _("none yet")
            raise ConfigError(_("There is no saved profile {profile} (profiles: {known}); save one with "
                                "`herald register NAME EMAIL --save --profile {name}`.").format(
                                    profile=repr(profile), known=known, name=profile))
        return {}
    return profiles[profile]


def profiles(environ: Mapping[str, str] | None = None) -> dict[str | None, dict]:
    """Every saved profile, the default one under None."""
    data = read_file(config_path(environ))
    kept = data.get("profiles")
    named: dict = kept if isinstance(kept, dict) else {}
    found: dict[str | None, dict] = {name: dict(value) for name, value in named.items()}
    if data.get("token") or data.get("server"):
        found[None] = saved_profile(data, None)
    return found


def resolve(server: str | None = None, token: str | None = None,
            environ: Mapping[str, str] | None = None, profile: str | None = None,
            new_profile_ok: bool = False) -> Settings:
    """Merge option, environment, file (the chosen profile) and default into the settings to use.
    A profile not saved yet is an error unless the command is about to create it."""
    environ = os.environ if environ is None else environ
    saved = saved_profile(read_file(config_path(environ)), chosen_profile(profile, environ),
                          must_exist=not new_profile_ok)
    chosen_server = server or environ.get("HERALD_SERVER") or saved.get("server") or DEFAULT_SERVER
    chosen_token = token or environ.get("HERALD_TOKEN") or saved.get("token") or None
    return Settings(server=chosen_server.rstrip("/"), token=chosen_token, name=saved.get("name"))


def save(settings: Settings, environ: Mapping[str, str] | None = None, profile: str | None = None,
         replace: bool = False) -> Path:
    """Write server, token and name to the profile, readable by the owner only. Another player
    (or another server) already saved there is replaced only with `replace=True`."""
    path = config_path(environ)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = read_file(path)
    profile = chosen_profile(profile, environ)
    old = saved_profile(data, profile, must_exist=False)
    if old.get("token") and not replace and not _same_identity(old, settings):
        raise IdentityTaken(profile, old.get("name"), old.get("server"))
    entry = {"server": settings.server, "token": settings.token, **({"name": settings.name} if settings.name else {})}
    if profile is None:
        data.update(entry)
    else:
        data.setdefault("profiles", {})[profile] = entry
    _write_private(path, data)
    return path


def _write_private(path: Path, data: dict) -> None:
    """Replace the file at `path` with `data` all at once, owner-only: the JSON goes into a new
    0600 file in the same folder, is synced to disk, then renamed over the old file. A full disk
    or a crash mid-write so leaves the old file whole (every token saved before is kept), and a
    token is never written into a file others may read (an old config made 0644)."""
    target = Path(os.path.realpath(path))  # a symlinked config stays a symlink
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(8)}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, indent=2)
            handle.write("\n")
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def free_profile(settings: Settings, base: str, environ: Mapping[str, str] | None = None) -> str:
    """A profile name to save `settings` under when the chosen one holds another player:
    `base` itself if free (or holding this very player), else base-2, base-3, ..."""
    data = read_file(config_path(environ))
    base = re.sub(r"[^\w.-]+", "-", base).strip("-") or "player"
    for n in range(1, 1000):
        name = base if n == 1 else f"{base}-{n}"
        old = saved_profile(data, name, must_exist=False)
        if not old.get("token") or _same_identity(old, settings):
            return name
    raise ConfigError(_("Too many profiles named {base}-N; remove some from {path}.").format(
        base=base, path=config_path(environ)))


def _same_identity(old: dict, new: Settings) -> bool:
    """The same player on the same server (a rotated or recovered token replaces its old one)."""
    return (old.get("server") == new.server and old.get("name") is not None
            and old.get("name") == new.name) or old.get("token") == new.token
