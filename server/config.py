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

from server import hook_addresses
from server.errors import msg

PREFIX = "HERALD_"

# Rate limits per client address (and per mailbox for mailed codes), applied by
# server/api/ratelimits.py: setting name -> (default, what was refused, as the start of a sentence)
RATE_LIMITS = {
    "RATELIMIT_REGISTER": ("10 per minute;100 per day", msg("Too many registrations from your address")),
    "RATELIMIT_NAME_TAKEN": ("5 per minute;30 per day", msg("Too many tries of names already taken from your address")),
    "RATELIMIT_JOIN": ("30 per minute;300 per day", msg("Too many joins from your address")),
    "RATELIMIT_AUTH_FAILURES": ("20 per minute;200 per day", msg("Too many requests with a wrong token from your address")),
    "RATELIMIT_MAIL_REQUESTS": ("20 per hour;100 per day", msg("Too many requests for mailed codes from your address")),
    "RATELIMIT_MAIL_TO": ("5 per hour;20 per day", msg("Too many codes were asked for that mail address")),
}
RATELIMIT_DEFAULTS = {"RATELIMIT_ENABLED": "1", "RATELIMIT_STORAGE_URI": "memory://", "PROXIES": "0",
                      **{key: default for key, (default, _) in RATE_LIMITS.items()}}
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
    "SECRET_KEY": None,  # signs reply addresses, game-page links and mailed codes (codes only: made once and kept in the database when unset)
    "REGISTRATION": "open",  # open | invite (an unused seat invite is needed) | closed (operator only)
    # FULL: an acknowledged move survives a power loss (NORMAL may lose the last ones in WAL mode).
    "SQLITE_SYNCHRONOUS": "full",
    # Database connections each server process may hold (plus one for its waiters): server/store/db.py.
    "POOL_SIZE": "10",  # server/store/db.py's POOL_SIZE
    # The waiters' notifier's own connection (server/store/longpoll.py): unset = DATABASE_URL. Behind
    # PgBouncer's transaction pooling, PostgreSQL directly, so that its LISTEN works.
    "WAIT_DATABASE_URL": None,
    "SMTP_TIMEOUT": "20",  # seconds to wait for each answer of the relay
    "MAIL_RETRY_DAYS": "3",  # how long a mail the relay refuses for now (4xx) is retried
    "MAIL_RETENTION_DAYS": "30",  # delivered mail is deleted after this many days (server/notify/mailprune.py)
    "EMAIL_CHECK_DNS": "0",  # registration asks DNS whether the address's domain takes mail
    **RATELIMIT_DEFAULTS,  # limits per client address (mailed codes also per mailbox): server/api/ratelimits.py
    # Mail-in (server/mailin): signed Reply-To addresses; unset = mails carry no reply address.
    "REPLY_ADDRESS": None,  # e.g. turns@play.example.org; replies go to turns+<signed tag>@...; needs SECRET_KEY
    "MAIL_IN_SENDER": "strict",  # strict: From must be the player's address; any: only the signature counts
    "VACATION_DAYS": "30",  # days of vacation each player may take per calendar year
    # Webhooks go to public Internet addresses only; these networks are allowed too
    # (e.g. "127.0.0.0/8,::1/128" for a receiver on this machine): server/hook_addresses.py.
    "WEBHOOK_ALLOW_NETWORKS": None,
}
POOL_SIZE_MAX = 1000  # connections per process: a typo's 10000 is refused at start
REGISTRATION_POLICIES = ("open", "invite", "closed")
SQLITE_SYNCHRONOUS = ("off", "normal", "full", "extra")

TRUE_WORDS, FALSE_WORDS = ("1", "true", "yes", "on"), ("0", "false", "no", "off", "")


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
    synchronous = str(config.get("SQLITE_SYNCHRONOUS") or "full").lower()
    if synchronous not in SQLITE_SYNCHRONOUS:
        raise ConfigError(f"HERALD_SQLITE_SYNCHRONOUS must be one of {', '.join(SQLITE_SYNCHRONOUS)}, "
                          f"not {synchronous!r}")
    config["SQLITE_SYNCHRONOUS"] = synchronous
    port = config.get("SMTP_PORT")
    if port in (None, ""):
        port = DEFAULT_PORTS[tls]
    try:
        config["SMTP_PORT"] = int(port)
    except (TypeError, ValueError):
        raise ConfigError(f"HERALD_SMTP_PORT must be a number, not {port!r}") from None
    config["SMTP_HOST"] = config.get("SMTP_HOST") or None
    policy = str(config.get("REGISTRATION") or "open").lower()
    if policy not in REGISTRATION_POLICIES:
        raise ConfigError(f"HERALD_REGISTRATION must be one of {', '.join(REGISTRATION_POLICIES)}, not {policy!r}")
    config["REGISTRATION"] = policy
    config["PUBLIC_URL"] = str(config.get("PUBLIC_URL") or DEFAULTS["PUBLIC_URL"]).rstrip("/")
    config["MAIL_RETRY_DAYS"] = _positive_number(config, "MAIL_RETRY_DAYS")
    config["MAIL_RETENTION_DAYS"] = _positive_number(config, "MAIL_RETENTION_DAYS")
    config["SMTP_TIMEOUT"] = _positive_number(config, "SMTP_TIMEOUT")
    config["EMAIL_CHECK_DNS"] = flag(config, "EMAIL_CHECK_DNS")
    config["RATELIMIT_ENABLED"] = flag(config, "RATELIMIT_ENABLED")
    config["PROXIES"] = _count(config, "PROXIES")
    config["POOL_SIZE"] = _count(config, "POOL_SIZE", low=1, high=POOL_SIZE_MAX)
    for key in RATE_LIMITS:
        config[key] = _rate(config, key)
    try:
        config["WEBHOOK_ALLOW_NETWORKS"] = hook_addresses.networks(config.get("WEBHOOK_ALLOW_NETWORKS"))
    except ValueError as exc:
        raise ConfigError(f"HERALD_WEBHOOK_ALLOW_NETWORKS must be networks like '127.0.0.0/8,::1/128': {exc}") from None
    return config


def flag(config: dict, key: str) -> bool:
    """A yes/no setting: 1/0, true/false, yes/no, on/off (a TOML boolean too)."""
    value = config.get(key)
    word = str(value).strip().lower() if not isinstance(value, bool) else ("1" if value else "0")
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS or value is None:
        return False
    raise ConfigError(f"HERALD_{key} must be 1 or 0 (true/false, yes/no, on/off), not {value!r}")


def _rate(config: dict, key: str) -> str:
    """A Flask-Limiter limit: '10 per minute', '5/second;100/day'."""
    from limits import parse_many

    value = str(config.get(key) or "").strip()
    try:
        parse_many(value)
    except ValueError:
        raise ConfigError(f"HERALD_{key} must be limits like '10 per minute;100 per day', not {value!r}") from None
    return value


def _count(config: dict, key: str, low: int = 0, high: int | None = None) -> int:
    value = config.get(key)
    try:
        number = int(str(value).strip())
    except ValueError:
        raise ConfigError(f"HERALD_{key} must be a whole number, not {value!r}") from None
    if number < low:
        raise ConfigError(f"HERALD_{key} must be {low} or more, not {value!r}")
    if high is not None and number > high:
        raise ConfigError(f"HERALD_{key} must be at most {high}, not {value!r}")
    return number


def _positive_number(config: dict, key: str) -> float:
    value = config.get(key)
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise ConfigError(f"HERALD_{key} must be a number, not {value!r}") from None
    if not number > 0 or number != number or number == float("inf"):
        raise ConfigError(f"HERALD_{key} must be a number above 0, not {value!r}")
    return number
