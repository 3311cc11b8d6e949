"""Server configuration: an optional JSON/TOML file (HERALD_CONFIG) overridden by the environment.

Keys of the returned dict are the environment names without the HERALD_ prefix
(DATABASE_URL, SMTP_HOST, ...). A config file may spell its keys either way, in any case
(`database_url`, `HERALD_DATABASE_URL`), so one file works for both humans and scripts.
"""
from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path

PREFIX = "HERALD_"
TLS_MODES = ("none", "starttls", "ssl")
DEFAULT_PORTS = {"none": 25, "starttls": 587, "ssl": 465}

DEFAULTS = {
    "DATABASE_URL": "sqlite:///herald.db",
    "SMTP_HOST": None,
    "SMTP_PORT": None,
    "SMTP_USER": None,
    "SMTP_PASSWORD": None,
    "SMTP_TLS": "none",
    "SMTP_CAFILE": None,  # PEM CAs to trust for a private relay; default: the system's
    "MAIL_FROM": "herald@localhost",
    "MAIL_DIR": "./mail",
    "PUBLIC_URL": "http://127.0.0.1:8000",
    "SECRET_KEY": None,  # signs the game-page links (server/playlinks.py); unset: no links
}


class ConfigError(ValueError):
    """A configuration value the server cannot work with (said plainly, at startup)."""


def _normalize_key(key: str) -> str:
    key = str(key).upper()
    return key[len(PREFIX):] if key.startswith(PREFIX) else key


def read_config_file(path: str) -> dict:
    """Keys from a .json or .toml file; TOML tables are not nested into the keys."""
    file = Path(path)
    try:
        raw = file.read_bytes()
    except OSError as exc:
        raise ConfigError(f"cannot read config file {path}: {exc.strerror}") from None
    try:
        if file.suffix.lower() == ".json":
            data = json.loads(raw.decode())
        else:
            data = tomllib.loads(raw.decode())
    except (ValueError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"config file {path} is not valid: {exc}") from None
    if not isinstance(data, dict):
        raise ConfigError(f"config file {path} must hold a table of settings")
    return {_normalize_key(k): v for k, v in data.items()}


def load_config(environ=os.environ) -> dict:
    """Defaults, then the HERALD_CONFIG file, then HERALD_* environment variables."""
    config = dict(DEFAULTS)
    if environ.get(PREFIX + "CONFIG"):
        config.update(read_config_file(environ[PREFIX + "CONFIG"]))
    for key in DEFAULTS:
        value = environ.get(PREFIX + key)
        if value is not None and value != "":
            config[key] = value
    return _checked(config)


def _checked(config: dict) -> dict:
    tls = str(config.get("SMTP_TLS") or "none").lower()
    if tls not in TLS_MODES:
        raise ConfigError(f"HERALD_SMTP_TLS must be one of {', '.join(TLS_MODES)}, not {tls!r}")
    config["SMTP_TLS"] = tls
    port = config.get("SMTP_PORT")
    if port in (None, ""):
        port = DEFAULT_PORTS[tls]
    try:
        config["SMTP_PORT"] = int(port)
    except (TypeError, ValueError):
        raise ConfigError(f"HERALD_SMTP_PORT must be a number, not {port!r}") from None
    config["SMTP_HOST"] = config.get("SMTP_HOST") or None
    config["PUBLIC_URL"] = str(config.get("PUBLIC_URL") or DEFAULTS["PUBLIC_URL"]).rstrip("/")
    return config
