"""HTTP access to a Herald server (docs/api.md), and nothing else.

Every failure becomes one of two exceptions: `ApiError` when the server answered
with an error (it carries the stable code, the message, and for illegal moves the
rule ID and the legal alternatives), `Unreachable` when it did not answer at all.
A move whose answer was lost is sent again at its seq (a message under its key,
any other request that changes something under its Idempotency-Key), and only if
it is never answered does `Unconfirmed` say that it may have been carried out.
"""
from __future__ import annotations

import secrets
import time
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime
from typing import Any, Callable
from urllib.parse import quote

import requests
from urllib3.exceptions import ProtocolError

from client import i18n
from client.i18n import _

CONNECT_TIMEOUT = 5.0
READ_TIMEOUT = 30.0
WAIT_SLACK = 15.0  # extra read time on top of a long-poll's own timeout
MAX_WAIT = 60  # the server caps one long-poll at 60 s
BUSY_ATTEMPTS = 3
BUSY_PAUSE = 0.1  # seconds, growing with each attempt
RETRY_AFTER_ATTEMPTS = 3  # a 429/503 with Retry-After is sent again at most this often
GAMES_PAGE_MAX = 200  # the most games the server lists in one answer
RETRY_AFTER_MAX = 10.0  # seconds: a longer Retry-After is reported at once instead of waited out
MOVE_SENDS = 4  # a move (any change) whose answer is lost is sent this often in all, at the same seq (key)
RESEND_PAUSE = 0.5  # seconds before sending a move again, growing with each time
KEY_HEADER = "Idempotency-Key"  # the server carries out a request once under its key (docs/api.md)


class ApiError(Exception):
    """The server answered with an error status and (usually) a JSON error body."""

    def __init__(self, status: int, code: str, message: str, rule: str | None = None,
                 legal: list | None = None, details: dict | None = None):
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.rule = rule
        self.legal = legal or []
        self.details = details or {}
        self.retry_after: float | None = None  # seconds, from a Retry-After header (503, 429)

    @classmethod
    def from_response(cls, response: requests.Response, server: str) -> "ApiError":
        error = cls._from_body(response, server)
        error.retry_after = retry_after_seconds(response.headers.get("Retry-After"))
        return error

    @classmethod
    def _from_body(cls, response: requests.Response, server: str) -> "ApiError":
        try:
            body = response.json()
        except ValueError:
            body = None
        error = body.get("error") if isinstance(body, dict) else None
        if not isinstance(error, dict):
            # Every Herald error is JSON: an HTML 404 is another web server's (a wrong path behind
            # nginx), and must not read as Herald's refusal (exit 4: "illegal move", "no such game").
            return cls(response.status_code, "bad-response",
                       _("The server at {server} answered {status} {reason}, which is no Herald server's answer; "
                         "is HERALD_SERVER (or --server) right, and Herald running behind it?").format(
                           server=server, status=response.status_code, reason=response.reason or "error"))
        return cls(response.status_code, str(error.get("code") or f"http-{response.status_code}"),
                   str(error.get("message") or _("The server refused the request.")),
                   error.get("rule"), error.get("legal"), error.get("details"))


def retry_after_seconds(value: str | None) -> float | None:
    """A Retry-After header (delay in seconds, or an HTTP date) as seconds from now."""
    value = (value or "").strip()
    if not value:
        return None
    if value.isascii() and value.isdigit():
        return float(value)
    try:
        moment = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return max(0.0, (moment - datetime.now(timezone.utc)).total_seconds())


class Unreachable(Exception):
    """No HTTP answer: connection refused, name not found, network timeout."""


class AnswerLost(Unreachable):
    """The request was sent but its answer never came (a read timeout, the connection cut after
    sending): unlike a connection refused, it may have been carried out."""


class Unconfirmed(Exception):
    """A request that changes something, safe to send again (a move at its seq, a message under
    its key), was sent and sent again, and never answered: it may have been carried out. `code`
    is its stable code (exit 8)."""

    code = "unconfirmed"


class MovePerhapsPlayed(Unconfirmed):
    """A move was sent at its seq, and again, and never answered: it may have been played."""

    code = "move-unconfirmed"


class MessagePerhapsSaid(Unconfirmed):
    """A message was sent under its key, and again, and never answered: it may have been said."""

    code = "message-unconfirmed"


class RequestPerhapsDone(Unconfirmed):
    """Another change (a new game, a join, a handover, ...) was sent under its Idempotency-Key,
    and again, and never answered: it may have been carried out."""

    code = "request-unconfirmed"


def answer_lost(exc: requests.exceptions.RequestException) -> bool:
    """Whether a request that failed so may have reached the server: its answer timed out, or the
    connection broke once it was sent (requests wraps urllib3's ProtocolError then)."""
    return isinstance(exc, requests.exceptions.ReadTimeout) or (
        isinstance(exc, requests.exceptions.ConnectionError) and bool(exc.args) and isinstance(exc.args[0], ProtocolError))


class HeraldApi:
    """One server, one (optional) token. Methods mirror the endpoints of docs/api.md."""

    def __init__(self, server: str, token: str | None = None, session: requests.Session | None = None):
        self.server = server.rstrip("/")
        self.token = token
        self.session = session or requests.Session()

    # --- transport ------------------------------------------------------------------

    def request(self, method: str, path: str, *, params: dict | None = None, body: Any = None,
                auth: bool = True, read_timeout: float = READ_TIMEOUT, expect: type | None = dict,
                key: str | None = None) -> Any:
        """The answer's JSON, which must be an `expect` (an object unless said: a list, or None for
        an answer with no body): anything else is no Herald server's answer, refused in words
        (`bad-response`) rather than left to fail in the command that reads it. `key`: sent as
        the request's Idempotency-Key (`change` gives one)."""
        # The server writes to a player who chose no language in the one asked for here, as a
        # browser's page: the command's (the locale's; English under --json).
        headers = {"Accept": "application/json", "Accept-Language": i18n.language()}
        if auth and self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        if key is not None:
            headers[KEY_HEADER] = key
        params = {k: v for k, v in (params or {}).items() if v is not None}
        busy_tries = retries = 0
        while True:
            try:
                response = self.session.request(method, self.server + path, params=params, json=body,
                                                headers=headers, timeout=(CONNECT_TIMEOUT, read_timeout))
            except requests.exceptions.RequestException as exc:
                failure = AnswerLost if answer_lost(exc) else Unreachable
                raise failure(_("Cannot reach the Herald server at {server} ({error}).").format(
                    server=self.server, error=type(exc).__name__)) from None
            if response.status_code < 400:
                break
            error = ApiError.from_response(response, self.server)
            # 429 and 503 mean the request was not carried out: sending it again is safe.
            pause = error.retry_after if error.status in (429, 503) else None
            if pause is not None and pause <= RETRY_AFTER_MAX and retries < RETRY_AFTER_ATTEMPTS:
                retries += 1
                time.sleep(pause)
                continue
            # 503 busy without Retry-After: the game changed while the server read it and
            # nothing was written, so asking again shortly is safe and usually succeeds.
            if pause is None and error.status == 503 and error.code == "busy" and busy_tries < BUSY_ATTEMPTS - 1:
                busy_tries += 1
                time.sleep(BUSY_PAUSE * busy_tries)
                continue
            raise error
        if expect is None:
            return None
        try:
            answer = response.json()
        except ValueError:
            answer = None  # (no body, or not JSON)
        if not isinstance(answer, expect):
            raise ApiError(response.status_code, "bad-response",
                           _("The server at {server} did not answer with JSON; is it a Herald server?").format(
                               server=self.server))
        return answer

    @staticmethod
    def game_path(game: str, *rest: str) -> str:
        return "/".join(["/games", quote(str(game), safe="")] + list(rest))

    # --- endpoints ------------------------------------------------------------------

    def health(self) -> dict:
        return self.request("GET", "/health", auth=False)

    def rulesets(self, language: str | None = None) -> list:
        return self.request("GET", "/rulesets", params={"lang": language}, auth=False, expect=list)

    def register(self, name: str, email: str, timezone: str | None = None, language: str | None = None) -> dict:
        body = {"name": name, "email": email, **({"timezone": timezone} if timezone else {}),
                **({"language": language} if language else {})}  # an older server: no such fields
        return self.change("POST", "/players", body=body, auth=False)

    def me(self) -> dict:
        return self.request("GET", "/players/me")

    def asked(self) -> list:
        """Every prompt of my seats in active games, the longest-waiting first."""
        return self.request("GET", "/me/next", expect=list)

    def create_game(self, ruleset: str, seats: int, options: dict, public: bool = False,
                    clock: dict | None = None) -> dict:
        body = {"ruleset": ruleset, "seats": seats, "options": options, **(clock or {})}
        if public:
            body["public"] = True
        return self.change("POST", "/games", body=body)

    def join_public(self, game: int) -> dict:
        return self.change("POST", self.game_path(str(game), "join"))

    def join(self, invite: str, another_seat: bool = False) -> dict:
        body = {"invite": invite, **({"another_seat": True} if another_seat else {})}  # an older server: no field
        return self.change("POST", "/games/join", body=body)

    def games(self, open_only: bool = False, before: int | None = None, limit: int | None = None) -> list:
        """One page of my games (or of open ones), newest first; `before`: below that game number."""
        params = {"open": 1} if open_only else {"mine": 1}
        params.update({k: v for k, v in (("before", before), ("limit", limit)) if v is not None})
        return self.request("GET", "/games", params=params, expect=list)

    def all_games(self) -> list:
        """Every game of mine, page after page (newest first)."""
        found: list = []
        before = None
        while True:
            page = self.games(before=before, limit=GAMES_PAGE_MAX)
            if before is not None and page and page[0]["id"] >= before:
                return found  # a server from before paging answers its first page whatever is asked
            found += page
            if len(page) < GAMES_PAGE_MAX:
                return found
            before = page[-1]["id"]

    def game(self, game: str, seat: int | None = None) -> dict:
        return self.request("GET", self.game_path(game), params={"seat": seat})

    def render(self, game: str, seat: int | None = None) -> dict:
        return self.request("GET", self.game_path(game, "render"), params={"seat": seat})

    def legal(self, game: str, seat: int | None = None) -> dict:
        return self.request("GET", self.game_path(game, "legal"), params={"seat": seat})

    def play(self, game: str, seq: int, text: str, seat: int | None = None) -> dict:
        return self.submit(game, seq, {"text": text}, seat)

    def submit(self, game: str, seq: int, body: dict, seat: int | None = None) -> dict:
        """PUT a move at its seq. The server plays a move at most once at a seq and answers the same
        move sent there again with its first answer (docs/api.md), so a move whose answer was lost
        is sent again, as it was, rather than reported unplayed; never answered, MovePerhapsPlayed."""
        return self._until_answered("PUT", self.game_path(str(game), "moves", str(seq)), {"seat": seat}, body,
                                    lambda: MovePerhapsPlayed(_(
                                        "Game {game}: the server at {server} never answered the move sent at move "
                                        "number {seq}, not even when it was sent again, so it may have been played. "
                                        "Check with `herald log {game}` before you play it again.").format(
                                            game=game, server=self.server, seq=seq)))

    def change(self, method: str, path: str, *, params: dict | None = None, body: Any = None, auth: bool = True,
               expect: type | None = dict) -> Any:
        """A request that changes something, under an Idempotency-Key of its own: the server
        carries it out once however often it comes (docs/api.md), so one whose answer was lost is
        sent again, as a move is; never answered, RequestPerhapsDone. Every change but a move and
        a message (which have their own ways to be said once) goes through here."""
        request = f"{method} {path}"
        return self._until_answered(method, path, params or {}, body, lambda: RequestPerhapsDone(_(
            "The server at {server} never answered the request ({request}), not even when it was sent again, so "
            "it may have been carried out. Check (with `herald games` or `herald me`) before you run the command "
            "again: a new run is a new request.").format(server=self.server, request=request)),
            key=secrets.token_urlsafe(16), auth=auth, expect=expect)

    def _until_answered(self, method: str, path: str, params: dict, body: Any,
                        unconfirmed: Callable[[], Unconfirmed], key: str | None = None, auth: bool = True,
                        expect: type | None = dict) -> Any:
        """A request the server carries out once however often it comes (a move at its seq, a
        message under its key, any other change under its Idempotency-Key `key`), sent again while
        its answer is lost (MOVE_SENDS in all); never answered, `unconfirmed()` is raised. A
        connection refused the first time is Unreachable: nothing reached the server."""
        for sent in range(1, MOVE_SENDS + 1):
            try:
                return self.request(method, path, params=params, body=body, auth=auth, expect=expect, key=key)
            except Unreachable as error:
                if sent == 1 and not isinstance(error, AnswerLost):
                    raise  # no connection the first time: the request never reached the server
            if sent < MOVE_SENDS:
                time.sleep(RESEND_PAUSE * sent)
        raise unconfirmed()

    def preview(self, game: str, seq: int, text: str, seat: int | None = None) -> dict:
        return self.request("PUT", self.game_path(game, "moves", str(seq)), params={"seat": seat, "dry_run": 1},
                            body={"text": text})

    def say(self, game: int, text: str, to: list[int] | None = None, seat: int | None = None) -> dict:
        """POST a message under a key of its own: the server says a message once however often its
        key comes (docs/api.md), so one whose answer was lost is sent again, as a move is."""
        body = {"text": text, "to": to or None, "key": secrets.token_urlsafe(12)}
        return self._until_answered("POST", self.game_path(str(game), "chat"), {"seat": seat}, body,
                                    lambda: MessagePerhapsSaid(_(
                                        "Game {game}: the server at {server} never answered the message, not even "
                                        "when it was sent again, so it may have been said. Check with `herald chat "
                                        "{game}` before you say it again.").format(game=game, server=self.server)))

    def chat(self, game: int, after: int = 0, seat: int | None = None) -> dict:
        return self.request("GET", self.game_path(str(game), "chat"), params={"after": after, "seat": seat})

    def log(self, game: str, start: int = 0, seat: int | None = None) -> dict:
        return self.request("GET", self.game_path(game, "moves"), params={"from": start, "seat": seat})

    def wait(self, game: str, timeout: float, seat: int | None = None) -> dict:
        seconds = max(0, min(MAX_WAIT, int(timeout)))
        return self.request("GET", self.game_path(game, "wait"), params={"timeout": seconds, "seat": seat},
                            read_timeout=seconds + WAIT_SLACK)

    def vacation(self, until: str | None = None, end: bool = False) -> dict:
        if end:
            return self.change("DELETE", "/players/me/vacation")
        if until:
            return self.change("POST", "/players/me/vacation", body={"until": until})
        return self.request("GET", "/players/me/vacation")

    def hand_over(self, game: int, seat: int, invite: str | None = None, bot: str | None = None) -> dict:
        body = {"invite": invite} if invite else {"bot": bot}
        return self.change("POST", self.game_path(str(game), "seats", str(seat), "handover"), body=body)

    def undo(self, game: int, action: str, seat: int | None = None, seq: int | None = None) -> dict:
        path = self.game_path(str(game), "undo")
        if action == "propose":
            return self.change("POST", path, params={"seat": seat})
        if action in ("accept", "decline"):
            return self.change("POST", f"{path}/{seq}", params={"seat": seat}, body={"answer": action})
        if action in ("always", "ask"):
            return self.change("PUT", path + "-standing", params={"seat": seat},
                                body={"always_accept": action == "always"})
        return self.request("GET", path, params={"seat": seat})

    def ratings(self, ruleset: str) -> dict:
        return self.request("GET", "/ratings/" + quote(ruleset, safe=""))

    def webhooks(self, action: str = "list", url: str | None = None, fmt: str = "json", game: int | None = None,
                 hook: int | None = None):
        if action == "add":
            return self.change("POST", "/webhooks", body={"url": url, "format": fmt, "game": game})
        if action == "remove":
            if hook is None:
                raise ValueError("removing a webhook needs its id")
            return self.change("DELETE", "/webhooks", params={"id": hook}, expect=None)
        return self.request("GET", "/webhooks")

    def export(self, game: int, seat: int | None = None) -> dict:
        return self.request("GET", self.game_path(str(game), "export"), params={"seat": seat})
