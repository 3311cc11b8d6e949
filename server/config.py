"""Server settings: one typed, frozen `Settings`, built and checked once at start.

Each setting is a field of `Settings` below, with its type, default and one line saying what
it does; nothing else in the server holds a default. Values come from the defaults, then an
optional JSON or TOML file named by `HERALD_CONFIG`, then `HERALD_*` environment variables
(`HERALD_VACATION_DAYS` sets `vacation_days`). A file may spell its keys either way, in any
case (`database_url`, `HERALD_DATABASE_URL`), so one file works for both humans and scripts.

A value the server cannot work with stops the start with one line naming the setting
(`ConfigError`: `HERALD_VACATION_DAYS must be a whole number, not 'abc'`). Code reads the typed
attribute: `current_settings().vacation_days` in a request, or the `Settings` an operator
command or the mail delivery was given. `Settings` is also a read-only mapping under the
environment names without the prefix (`settings["DATABASE_URL"]`), which is what Flask's
`app.config` receives, so tests may still spread it into a dict of overrides for `create_app`.

`python -m server.config` prints the settings table of docs/operating.md.
"""
from __future__ import annotations

import difflib
import json
import os
import tomllib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, fields, replace
from ipaddress import IPv4Network, IPv6Network
from pathlib import Path
from typing import Any
from urllib.parse import urlparse, urlsplit

from server import hook_addresses
from server.errors import msg

PREFIX = "HERALD_"
EXTENSION = "herald.settings"  # where an app keeps its Settings (app.extensions)


class ConfigError(ValueError):
    """A configuration value the server cannot work with (said plainly, at startup)."""


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
TLS_MODES = ("none", "starttls", "ssl")
DEFAULT_PORTS = {"none": 25, "starttls": 587, "ssl": 465}
POOL_SIZE_MAX = 1000  # connections per process: a typo's 10000 is refused at start
REGISTRATION_POLICIES = ("open", "invite", "closed")
SQLITE_SYNCHRONOUS = ("off", "normal", "full", "extra")
MAIL_IN_SENDERS = ("strict", "any")
DATABASE_SCHEMES = ("sqlite", "postgresql", "postgres")  # sqlite:///herald.db, postgresql://...
# HERALD_SECRET_KEY: what deploy/herald.env.example ships (refused, so that a copy left unedited
# does not sign with a published key), the shortest accepted, and how to make a good one.
PLACEHOLDER_SECRET_KEYS = ("change-me-to-a-long-random-string",)
SECRET_KEY_MIN = 16
MAKE_A_KEY = "make one with python3 -c 'import secrets; print(secrets.token_urlsafe(32))'"

TRUE_WORDS, FALSE_WORDS = ("1", "true", "yes", "on"), ("0", "false", "no", "off", "")


# How a raw value (a string from the environment, or whatever a file or code gave) becomes a
# typed one; each raises ConfigError naming the setting. Typed values pass through unchanged.

def _text(value: Any, key: str) -> str:
    return str(value)


def _optional(value: Any, key: str) -> str | None:
    return None if value is None or str(value) == "" else str(value)


def _secret_key(value: Any, key: str) -> str | None:
    """The key that signs game-page links, reply addresses and mailed codes, if set. The
    example file's placeholder (published, so known to everyone) and keys short enough to guess
    are refused at start, saying how to make one; the value itself is never repeated."""
    text = _optional(value, key)
    if text is None:
        return None
    if text.strip() in PLACEHOLDER_SECRET_KEYS:
        raise ConfigError(f"{PREFIX}{key} is the example's placeholder, which everyone can read: {MAKE_A_KEY}")
    if len(text) < SECRET_KEY_MIN:
        raise ConfigError(f"{PREFIX}{key} is too short ({len(text)} characters, at least {SECRET_KEY_MIN}): "
                          f"{MAKE_A_KEY}")
    return text


def _database_url(value: Any, key: str) -> str:
    """A SQLite or PostgreSQL URL, the databases Herald runs on (server/store/db.py sets up
    exactly these schemes; peewee would open MySQL too, and fail later in a traceback). Refused
    in one line that never repeats the value (it may hold a password): a password with `/` or
    `#` in it, not URL-encoded, was read as the host's port, and the traceback that followed
    printed it."""
    url = str(value)
    scheme, found, _ = url.partition("://")
    if not found or scheme not in DATABASE_SCHEMES:
        raise ConfigError(f"{PREFIX}{key} must be a database URL (sqlite:///herald.db or postgresql://...), "
                          f"not one with the scheme {scheme + '://' if found else 'missing'}")
    _readable(url, key)
    return url


def _optional_database_url(value: Any, key: str) -> str | None:
    """The waiters' PostgreSQL URL, if any: readable as a URL (its scheme is checked beside
    DATABASE_URL's, in Settings)."""
    url = None if value is None or str(value).strip() == "" else str(value).strip()
    if url is not None:
        _readable(url, key)
    return url


def _readable(url: str, key: str) -> None:
    try:
        urlsplit(url).port  # noqa: B018 - raises on a netloc it cannot read
    except ValueError:
        raise ConfigError(f"{PREFIX}{key} cannot be read as a URL: a user name or password holding / # ? @ "
                          "or : must be URL-encoded (%2F %23 %3F %40 %3A)") from None


def _flag(value: Any, key: str) -> bool:
    """A yes/no setting: 1/0, true/false, yes/no, on/off (a TOML boolean too)."""
    word = str(value).strip().lower() if not isinstance(value, bool) else ("1" if value else "0")
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS or value is None:
        return False
    raise ConfigError(f"{PREFIX}{key} must be 1 or 0 (true/false, yes/no, on/off), not {value!r}")


def _choice(*allowed: str) -> Callable[[Any, str], str]:
    def parse(value: Any, key: str) -> str:
        word = str(value if value is not None else "").strip().lower()
        if word not in allowed:
            raise ConfigError(f"{PREFIX}{key} must be one of {', '.join(allowed)}, not {word!r}")
        return word
    return parse


def _count(low: int = 0, high: int | None = None) -> Callable[[Any, str], int]:
    def parse(value: Any, key: str) -> int:
        try:
            number = int(str(value).strip())
        except ValueError:
            raise ConfigError(f"{PREFIX}{key} must be a whole number, not {value!r}") from None
        if number < low:
            raise ConfigError(f"{PREFIX}{key} must be {low} or more, not {value!r}")
        if high is not None and number > high:
            raise ConfigError(f"{PREFIX}{key} must be at most {high}, not {value!r}")
        return number
    return parse


def _positive_number(value: Any, key: str) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise ConfigError(f"{PREFIX}{key} must be a number, not {value!r}") from None
    if not number > 0 or number != number or number == float("inf"):
        raise ConfigError(f"{PREFIX}{key} must be a number above 0, not {value!r}")
    return number


def _port(value: Any, key: str) -> int | None:
    if value is None or value == "":
        return None  # the TLS mode's port: filled in by Settings.__post_init__
    try:
        return int(value)
    except (TypeError, ValueError):
        raise ConfigError(f"{PREFIX}{key} must be a number, not {value!r}") from None


def _url(value: Any, key: str) -> str:
    return str(value).rstrip("/")


def _rate(value: Any, key: str) -> str:
    """A Flask-Limiter limit: '10 per minute', '5/second;100/day'."""
    from limits import parse_many

    text = str(value or "").strip()
    try:
        parse_many(text)
    except ValueError:
        raise ConfigError(f"{PREFIX}{key} must be limits like '10 per minute;100 per day', not {text!r}") from None
    return text


def _networks(value: Any, key: str) -> tuple[IPv4Network | IPv6Network, ...]:
    try:
        return hook_addresses.networks(value)
    except ValueError as exc:
        raise ConfigError(f"{PREFIX}{key} must be networks like '127.0.0.0/8,::1/128': {exc}") from None


def setting(default: Any, parse: Callable[[Any, str], Any], doc: str, shown: str | None = None) -> Any:
    """A field of Settings: its default, how a raw value is read, one line for the docs (and
    how the default reads there, when the value alone would not say it)."""
    return field(default=default, metadata={"parse": parse, "doc": doc, "shown": shown})


@dataclass(frozen=True)
class Settings(Mapping):
    """Every setting of the server. `Settings()` is the defaults; `Settings(pool_size="3")`
    checks and converts as the environment's strings are (ConfigError naming the setting)."""

    database_url: str = setting("sqlite:///herald.db", _database_url,
                                "a SQLite file (`sqlite:///path`) or PostgreSQL (`postgresql://...`, "
                                "`deploy/postgresql.md`); nothing else")
    wait_database_url: str | None = setting(
        None, _optional_database_url, "the connection the waiters' notifier LISTENs on: PostgreSQL directly when requests go "
        "through PgBouncer's transaction pooling (`deploy/pgbouncer.md`); a `postgresql://` URL, beside a "
        "`postgresql://` `HERALD_DATABASE_URL`", shown="`HERALD_DATABASE_URL`")
    pool_size: int = setting(10, _count(1, POOL_SIZE_MAX),
                             "database connections each server process may hold for its requests (1-1000; plus one "
                             "for its waiters and two for its gathered moves): with PostgreSQL, "
                             "servers × workers × (HERALD_POOL_SIZE + 3) + hosts × 12 + 2 (each host's timers and "
                             "house bots, mail-in) must stay under `max_connections` − 3 (`deploy/pgbouncer.md`)")
    prepared_statements: bool = setting(True, _flag,
                                        "PostgreSQL: the move path's statements are prepared once per connection "
                                        "(planned once, not per move); `0` when `HERALD_DATABASE_URL` goes through "
                                        "PgBouncer's transaction pooling (`deploy/pgbouncer.md`)")
    group_commit: int = setting(4, _count(1, 64),
                                "moves a server process writes in one transaction at most, when they arrive together "
                                "(1-64; `1`: each move its own transaction): on a busy database a commit costs more "
                                "than a move's rows (`docs/benchmarks.md`)")
    sqlite_synchronous: str = setting("full", _choice(*SQLITE_SYNCHRONOUS),
                                      "SQLite durability: `full` (an acknowledged move survives power loss) or "
                                      "`normal` (faster, see Benchmarks); also `off`, `extra`")
    smtp_host: str | None = setting(None, _optional, "unset: mail is written as `.eml` files to `HERALD_MAIL_DIR`")
    smtp_port: int | None = setting(None, _port, "the relay's port", shown="25 / 587 / 465 by TLS mode")
    smtp_tls: str = setting("none", _choice(*TLS_MODES),
                            "`none`, `starttls` or `ssl`; certificates are always verified")
    smtp_user: str | None = setting(None, _optional, "SMTP login, with `HERALD_SMTP_PASSWORD`")
    smtp_password: str | None = setting(None, _optional, "SMTP password")
    smtp_cafile: str | None = setting(None, _optional, "PEM CAs to trust for a private relay",
                                      shown="the system's")
    smtp_timeout: float = setting(20.0, _positive_number, "seconds to wait for each answer of the relay")
    mail_from: str = setting("herald@localhost", _text, "sender address")
    mail_dir: str = setting("./mail", _text, "where mail goes without SMTP: one `.eml` file per message")
    mail_retry_days: float = setting(3.0, _positive_number,
                                     "how long a mail the relay refuses for now (4xx) is retried before it is `failed`")
    mail_retention_days: float = setting(30.0, _positive_number,
                                         "delivered mail older than this is deleted (`notify` hourly, or "
                                         "`herald server prune-mail`)")
    public_url: str = setting("http://127.0.0.1:8000", _url, "the server address written into mails and links")
    secret_key: str | None = setting(None, _secret_key,
                                     "signs reply addresses, game-page links and mailed codes (set it to share one key "
                                     "between servers); at least 16 characters, the example's placeholder refused",
                                     shown="codes: made once and kept in the database")
    registration: str = setting("open", _choice(*REGISTRATION_POLICIES),
                                "`open`, `invite` (registering needs a free seat's invite code) or `closed` "
                                "(the operator adds players: `herald server players add`)")
    email_check_dns: bool = setting(False, _flag, "`1`: registration asks DNS whether the address's domain accepts "
                                                  "mail (needs a network)")
    ratelimit_enabled: bool = setting(True, _flag, "rate limits per client address (`docs/api.md`, \"Rate limits\"); "
                                                   "`0` turns them off")
    ratelimit_storage_uri: str = setting("memory://", _text,
                                         "where counts are kept: each process's memory, or one store for all "
                                         "(`redis://host:6379`, with the `limits` library's driver installed)")
    proxies: int = setting(0, _count(), "reverse proxies in front of Herald: the client's address is then read "
                                        "from `X-Forwarded-For`")
    ratelimit_register: str = setting(RATE_LIMITS["RATELIMIT_REGISTER"][0], _rate, "registrations per client address")
    ratelimit_name_taken: str = setting(RATE_LIMITS["RATELIMIT_NAME_TAKEN"][0], _rate,
                                        "registrations with a name already taken, per client address")
    ratelimit_join: str = setting(RATE_LIMITS["RATELIMIT_JOIN"][0], _rate, "joins per client address")
    ratelimit_auth_failures: str = setting(RATE_LIMITS["RATELIMIT_AUTH_FAILURES"][0], _rate,
                                           "requests with a wrong token per client address")
    ratelimit_mail_requests: str = setting(RATE_LIMITS["RATELIMIT_MAIL_REQUESTS"][0], _rate,
                                           "codes by mail (recovery, address change) per client address")
    ratelimit_mail_to: str = setting(RATE_LIMITS["RATELIMIT_MAIL_TO"][0], _rate,
                                     "codes by mail per mailbox asked for")
    reply_address: str | None = setting(None, _optional,
                                        "mail-in: e.g. `turns@play.example.org`; replies go to "
                                        "`turns+<signed tag>@...` (needs `HERALD_SECRET_KEY`; `docs/mail.md`)",
                                        shown="unset: mails carry no reply address")
    mail_in_sender: str = setting("strict", _choice(*MAIL_IN_SENDERS),
                                  "`strict`: a reply's From must be the player's address; `any`: only the "
                                  "signature counts")
    vacation_days: int = setting(30, _count(), "days of vacation each player may take per calendar year")
    webhook_allow_networks: tuple[IPv4Network | IPv6Network, ...] = setting(
        (), _networks, "networks webhooks may go to besides public Internet addresses, e.g. `127.0.0.0/8,::1/128`",
        shown="none")

    def __post_init__(self) -> None:
        for spec in fields(self):
            value = getattr(self, spec.name)
            if value is None or value == "":  # as an empty environment variable: the default
                value = spec.default
            object.__setattr__(self, spec.name, spec.metadata["parse"](value, spec.name.upper()))
        if self.smtp_port is None:
            object.__setattr__(self, "smtp_port", DEFAULT_PORTS[self.smtp_tls])
        if self.wait_database_url is not None:
            object.__setattr__(self, "wait_database_url", self.wait_database_url.strip() or None)
        if self.wait_database_url is not None:
            schemes = [urlparse(url).scheme for url in (self.wait_database_url, self.database_url)]
            if not all(scheme.startswith("postgres") for scheme in schemes):
                # Not the value itself: it may hold a password.
                raise ConfigError(f"{PREFIX}WAIT_DATABASE_URL is PostgreSQL's own address for the waiters' notifier, "
                                  f"beside a {PREFIX}DATABASE_URL that goes through PgBouncer: both must be "
                                  f"postgresql:// URLs, not {schemes[0] or 'no'}:// and {schemes[1] or 'no'}:// "
                                  "(deploy/pgbouncer.md)")
        if self.reply_address is not None:
            if "@" not in self.reply_address:
                raise ConfigError(f"{PREFIX}REPLY_ADDRESS must be a mail address like turns@play.example.org, "
                                  f"not {self.reply_address!r}")
            if not self.secret_key:
                raise ConfigError(f"{PREFIX}SECRET_KEY must be set when {PREFIX}REPLY_ADDRESS is: it signs reply "
                                  "addresses")

    @classmethod
    def from_mapping(cls, values: Mapping) -> Settings:
        """From keys spelt as the environment's without the prefix (`DATABASE_URL`): a dict
        of overrides, or Flask's `app.config`. Other keys are not settings and are left out."""
        if isinstance(values, Settings):
            return values
        return cls(**{key.lower(): values[key] for key in NAMES if key in values})

    # The read-only mapping under the environment's names (Flask's app.config takes it).
    def __getitem__(self, key: str) -> Any:
        if key not in NAMES:
            raise KeyError(key)
        return getattr(self, key.lower())

    def __iter__(self) -> Iterator[str]:
        return iter(NAMES)

    def __len__(self) -> int:
        return len(NAMES)


NAMES = tuple(spec.name.upper() for spec in fields(Settings))


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


# A key a config file may hold though it names no setting: refused later with its own reason
# (server/table/seeds.py: only code may set it).
REFUSED_LATER = ("SEED_SOURCE",)


def raw_values(environ: Mapping[str, str] = os.environ) -> dict:
    """The HERALD_CONFIG file's keys, then the HERALD_* variables that name a setting. A key of
    the file that names no setting stops everything: a misspelt `pool_sise = 3` was ignored
    without a word."""
    values = read_config_file(environ[PREFIX + "CONFIG"]) if environ.get(PREFIX + "CONFIG") else {}
    for key in values:
        if key not in NAMES and key not in REFUSED_LATER:
            near = difflib.get_close_matches(key, NAMES, 1)
            raise ConfigError(f"config file {environ[PREFIX + 'CONFIG']}: {key.lower()} is not a setting"
                              + (f" (did you mean {near[0].lower()}?)" if near else "")
                              + "; docs/operating.md lists them")
    for key in NAMES:
        value = environ.get(PREFIX + key)
        if value is not None and value != "":
            values[key] = value
    return values


def load_settings(environ: Mapping[str, str] = os.environ) -> Settings:
    """Defaults, then the HERALD_CONFIG file, then HERALD_* environment variables: checked."""
    return Settings.from_mapping(raw_values(environ))


def load_config(environ: Mapping[str, str] = os.environ) -> dict:
    """The settings as a dict under the environment's names, with whatever other keys the
    config file holds (the app refuses those that may not be set so: `table/seeds.py`)."""
    values = raw_values(environ)
    return {**values, **load_settings(environ)}


def settings_of(config: Settings | Mapping) -> Settings:
    """The Settings a caller passed: as they are, or checked from a dict of them (tests spread
    and override them; Flask's app.config holds them too)."""
    return config if isinstance(config, Settings) else Settings.from_mapping(config)


def current_settings(app=None) -> Settings:
    """The settings of an app (by default the one serving this request), built once by create_app."""
    if app is None:
        from flask import current_app as app
    return app.extensions[EXTENSION]


def install(app, settings: Settings) -> None:
    """Give an app its settings: typed in app.extensions, by name in app.config."""
    app.extensions[EXTENSION] = settings
    app.config.update(settings)


def reconfigure(app, **changes: Any) -> Settings:
    """A running app with some settings changed (checked like any): for tests and benchmarks
    that learn a value (a port, a key) after the app is made."""
    settings = replace(app.extensions[EXTENSION], **changes)
    install(app, settings)
    return settings


def _written(value: Any) -> str:
    """A default as an operator would type it: 1/0 for yes/no, 20 for 20.0."""
    if isinstance(value, bool):
        return "1" if value else "0"
    return f"{value:g}" if isinstance(value, float) else str(value)


def settings_table() -> str:
    """The Markdown table of every setting, as docs/operating.md shows it."""
    lines = ["| variable | default | what it does |", "|---|---|---|"]
    for spec in fields(Settings):
        shown = spec.metadata["shown"]
        if shown is None:
            shown = "unset" if spec.default is None else f"`{_written(spec.default)}`"
        lines.append(f"| `{PREFIX}{spec.name.upper()}` | {shown} | {spec.metadata['doc']} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(settings_table(), end="")
