"""Where the client finds its server and token.

Precedence, strongest first: command-line option, environment (HERALD_SERVER,
HERALD_TOKEN), the config file written by `herald register --save`, the default
server. The file lives at $HERALD_CLIENT_CONFIG, else $XDG_CONFIG_HOME/herald/config.json,
else ~/.config/herald/config.json (not $HERALD_CONFIG: that names the server's own
config file). It holds a secret, so it is written owner-only.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

DEFAULT_SERVER = "http://127.0.0.1:8000"


class ConfigError(Exception):
    """The config file exists but cannot be read as a JSON object."""


@dataclass(frozen=True)
class Settings:
    server: str
    token: str | None


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
        raise ConfigError(f"Cannot read config file {path}: {exc.strerror}.") from None
    try:
        data = json.loads(text)
    except ValueError:
        raise ConfigError(f"Config file {path} is not valid JSON.") from None
    if not isinstance(data, dict):
        raise ConfigError(f"Config file {path} must hold a JSON object.")
    return data


def resolve(server: str | None = None, token: str | None = None,
            environ: Mapping[str, str] | None = None) -> Settings:
    """Merge option, environment, file and default into the settings to use."""
    environ = os.environ if environ is None else environ
    saved = read_file(config_path(environ))
    chosen_server = server or environ.get("HERALD_SERVER") or saved.get("server") or DEFAULT_SERVER
    chosen_token = token or environ.get("HERALD_TOKEN") or saved.get("token") or None
    return Settings(server=chosen_server.rstrip("/"), token=chosen_token)


def save(settings: Settings, environ: Mapping[str, str] | None = None) -> Path:
    """Write server and token to the config file, readable by the owner only."""
    path = config_path(environ)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = read_file(path)
    data.update({"server": settings.server, "token": settings.token})
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=2)
        handle.write("\n")
    os.chmod(path, 0o600)
    return path
