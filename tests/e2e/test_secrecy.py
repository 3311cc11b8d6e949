"""Whatever a seat is shown is the same in every world consistent with what it knows
(CONTRIBUTING.md, "Standards we hold"): one suite over the three games and every surface the
server shows a seat, parametrised by ruleset and surface.

Whole games are played through the real API (Flask's test client over a real SQLite file),
each move the engine's random player's for a prompted seat, on the server's own state. Before
the first move and after every move, each seat's surfaces are checked against the engine's list
of what that seat may not see (`Game.hidden_from`: ids of other hands, decks, face-down and
secret cards) and against the seed, which stays secret until the game ends:

  api      GET /games/{id}, /render and /legal; the answer to the seat's own move for the seed
           (its events tell the mover what it just did: a card it gave away is hidden from it now);
  mail     the mails queued for the seat (their stored contexts) and the same mails delivered
           (.eml: the text and the HTML part); a turn mail's recap retells what the seat was
           shown when it happened, so its lines must be lines of the seat's own log instead;
  log      the new log entry as each seat reads it: exactly the events visible to that seat,
           the mover and the move only where the game calls the move public (`public_move`),
           the mover's own, or the game over; the seed nowhere while the game runs (events may
           name a card as it is played that goes where nobody can look again: the log is not
           checked against today's secrets);
  page     the game page (less its log, for the same reason, and its random nonce, link token
           and talk form key) and picture.svg;
  known    GET /games/{id}/known, the bots' whole input: and a world sampled from it
           (`sample_state`) shows the seat the very view the API shows;
  preview  a dry run shown in full (`server.table.preview.outcome`) is the same, events, view,
           prompts and result, in other worlds the mover cannot tell from the real one (its
           `sample_state`): else a dry run shows a hidden card (an explorer's Dungeon card)
           before the player commits. Driven by random positions of every player count and the
           options that change what is hidden (`tests/core/bots/positions.py`), trying the moves
           a player may list and the random player's.

The fast tier checks the first FAST_MOVES moves of a three-seat game (two for a two-player game) and 50 preview positions;
the slow tier whole games (Castle Assault with three and four seats) and 500 positions.
"""
from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from urllib.parse import urlsplit

import pytest

from core import chance, games
from core.protocol import IllegalMove
from core.rng import Rng
from tests.core.bots.positions import CONFIGS, positions
from tests.core.playout import seats as usual_seats
from tests.support.seeds import PerTestSeeds

RULESETS = sorted(games)
SURFACES = ("api", "mail", "log", "page", "known", "preview")
GAME_SURFACES = SURFACES[:-1]  # checked along a game played through the API
FAST_MOVES = 16  # each move checks every surface of every seat: 2-3 s a move on a busy machine
# Whole games of the slow tier: these player counts, else the usual table (tests/core/playout.py, `seats`).
WHOLE_GAME_SEATS = {"castle-assault": (3, 4), "medieval-mastery": (3,), "wizards-quest": (3,)}
MOVES_CAP = 3000  # a whole random game ends long before (50-200 moves)


# How a secret may show. In JSON and stored contexts any character but a letter or digit ends
# a token; in delivered mail "-" and "_" do not (a signed link's base64 would otherwise read as
# a card id); the page is read as its words, once its random tokens are gone.

def leaks(text: str, hidden) -> list[str]:
    return [token for token in hidden if re.search(rf"(?<![A-Za-z0-9]){re.escape(token)}(?![A-Za-z0-9])", text)]


def shows(text: str, token: str) -> bool:
    """`token` appears as a whole word (card c1 must not match c12)."""
    return re.search(rf"(?<![A-Za-z0-9_-]){re.escape(token)}(?![A-Za-z0-9_])", text) is not None


def words(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z0-9]+", text))


def without_log_and_tokens(page: str) -> str:
    """The page minus its log (see the module's docstring), its script nonce, its signed link
    token and its talk form's key: random text that says nothing of the game, whose pieces between "-" and "_" once read
    as a card id ("D3", "S0")."""
    page = re.sub(r'<ol class="log".*?</ol>', "", page, flags=re.S)
    return re.sub(r'nonce="[^"]*"|<input type="hidden" name="(?:t|key)" value="[^"]*">', "", page)


RECAP = re.compile(r"^Since (your last move|the game began):\r?\n(.*?)(?:\r?\n)(?=Now: )", re.S | re.M)


def split_recap(body: str) -> tuple[str, list[str]]:
    """A turn mail without its recap, and the recap's lines (a wrapped line goes on four spaces
    deeper)."""
    found = RECAP.search(body)
    if not found:
        return body, []
    lines: list[str] = []
    for line in found.group(2).splitlines():
        if not line.strip():  # (the HTML part's paragraphs)
            continue
        if lines and len(line) - len(line.lstrip()) >= 4:
            lines[-1] += " " + line.strip()
        else:
            lines.append(line.strip())
    return body[:found.start()] + body[found.end():], lines


def readable(part) -> str:
    """A text part as its reader sees it: the HTML part (which retells the recap too) as text."""
    if part.get_content_subtype() != "html":
        return part.get_content()
    return html.unescape(re.sub(r"<[^>]+>", "\n", part.get_content()))


@dataclass
class Walk:
    """What one game played through the API showed: per surface, how many times a seat's
    answer was checked and what was wrong."""

    moves: int = 0
    finished: bool = False
    checked: dict[str, int] = field(default_factory=lambda: dict.fromkeys(GAME_SURFACES, 0))
    found: dict[str, list[str]] = field(default_factory=lambda: {surface: [] for surface in GAME_SURFACES})

    def check(self, surface: str, ok: bool, what: str) -> None:
        self.checked[surface] += 1
        if not ok:
            self.found[surface].append(f"move {self.moves}: {what}")


class Table:
    """One game on a fresh server, its seats' players, and the way to each surface."""

    def __init__(self, folder, ruleset: str, seats: int):
        from server.app import create_app
        from server.config import load_config
        from server.store.models import Game
        from server.table.seeds import SOURCE
        from tests.server.conftest import Api

        self.config = {**load_config({"HERALD_DATABASE_URL": f"sqlite:///{folder / 'herald.db'}",
                                      "HERALD_MAIL_DIR": str(folder / "mail"), "HERALD_SECRET_KEY": "s" * 32,
                                      "HERALD_RATELIMIT_ENABLED": "0"}),
                       SOURCE: PerTestSeeds(f"{__name__}:{ruleset}:{seats}")}
        self.client = create_app(self.config).test_client()
        self.api = Api(self.client)
        self.engine = games[ruleset]
        self.players = [self.api.register(f"p{seat}") for seat in range(seats)]
        self.id = self.api.start_game(self.players, ruleset)
        self.seed = Game.get_by_id(self.id).seed
        self.pages = []
        for player in self.players:
            url = urlsplit(self.api.call("GET", f"/games/{self.id}/link", player).json["url"])
            self.pages.append(f"{url.path}?{url.query}")
        self.mail_dir, self.mails_read = folder / "mail", set()

    def state(self):
        from server.store.models import Snapshot

        return self.engine.from_json(json.loads(Snapshot.get(Snapshot.game == self.id).state))

    def version(self) -> int:
        from server.store.models import Game

        return Game.get_by_id(self.id).version

    def new_mails(self) -> list:
        from server.notify.channels.mail import deliver_pending

        deliver_pending(self.config)
        fresh = sorted(set(self.mail_dir.glob("*.eml")) - self.mails_read)
        self.mails_read.update(fresh)
        return [message_from_bytes(path.read_bytes(), policy=policy.default) for path in fresh]


def play_and_check(folder, ruleset: str, seats: int, moves: int) -> Walk:
    """Play up to `moves` moves (or to the end), checking every surface of every seat before the
    first move and after each."""
    from server.store.db import database

    table = Table(folder, ruleset, seats)
    walk = Walk()
    engine, rng = table.engine, Rng(f"secrecy:{ruleset}:{seats}")
    try:
        state, answer, mover = table.state(), None, None
        check_seats(table, walk, state, answer, mover)
        while engine.result(state) is None and walk.moves < moves:
            prompts = engine.prompts(state)
            mover = prompts[rng.below(len(prompts))].seat
            move = engine.random_move(state, mover, rng)
            answer = table.api.call("PUT", f"/games/{table.id}/moves/{table.version()}", table.players[mover],
                                    json={"move": move})
            assert answer.status_code == 201, answer.json
            before, state = state, table.state()
            walk.moves += 1
            check_log(table, walk, before, state, mover, move)
            check_seats(table, walk, state, answer, mover)
        walk.finished = engine.result(state) is not None
    finally:
        database.close()
    return walk


def check_seats(table: Table, walk: Walk, state, answer, mover) -> None:
    engine, api, seed = table.engine, table.api, table.seed
    over = engine.result(state) is not None
    mails = table.new_mails()
    version = table.version()
    for seat, player in enumerate(table.players):
        hidden = engine.hidden_from(state, seat)

        for path in ("", "/render", "/legal"):
            text = api.call("GET", f"/games/{table.id}{path}", player).get_data(as_text=True)
            walk.check("api", not leaks(text, hidden), f"seat {seat} is shown {leaks(text, hidden)[:5]} by {path}")
            walk.check("api", over or seed not in text, f"seat {seat} is shown the seed by {path}")
        if seat == mover:  # its own move's events: a card it just gave away is hidden from it now
            walk.check("api", over or seed not in answer.get_data(as_text=True), "a move's answer shows the seed")

        from server.store.models import Notification
        stored = [row.context for row in Notification.select().where(
            (Notification.game == table.id) & (Notification.seat == seat) & (Notification.version == version))]
        for context in map(json.dumps, stored):
            walk.check("mail", not leaks(context, hidden), f"a mail row to seat {seat} holds {leaks(context, hidden)}")
            walk.check("mail", over or seed not in context, f"a mail row to seat {seat} holds the seed")
        bodies = [split_recap(readable(part)) for mail in mails if mail["To"] == f"p{seat}@example.org"
                  for part in mail.walk() if part.get_content_maintype() == "text"]
        for body, _ in bodies:
            told = [token for token in hidden if shows(body, token)]
            walk.check("mail", not told, f"a mail to seat {seat} shows {told[:5]}")
            walk.check("mail", over or seed not in body, f"a mail to seat {seat} shows the seed")
        recap = {html.unescape(line) for _, lines in bodies for line in lines if not line.startswith("(...")}
        if recap:
            seen = api.call("GET", f"/games/{table.id}/moves", player).json["moves"]
            logged = {event for entry in seen for event in entry["events"]}
            played = {f"p{entry['seat']} played: {entry['text']}" for entry in seen if "text" in entry}
            walk.check("mail", recap <= logged | played,
                       f"a recap to seat {seat} tells {sorted(recap - logged - played)[:3]}, not in its log")

        page = table.client.get(table.pages[seat]).get_data(as_text=True)
        svg = api.call("GET", f"/games/{table.id}/picture.svg", player).get_data(as_text=True)
        for shown in (without_log_and_tokens(page), svg):
            found = sorted(words(shown) & set(hidden))
            walk.check("page", not found, f"seat {seat}'s page or picture shows {found[:5]}")
        walk.check("page", over or (seed not in page and seed not in svg), f"seat {seat}'s page shows the seed")

        if not over:
            known = api.call("GET", f"/games/{table.id}/known", player)
            walk.check("known", known.status_code == 200, f"seat {seat}: /known answered {known.status_code}")
            text = known.get_data(as_text=True)
            told = [token for token in hidden if shows(text, token)]
            walk.check("known", not told and seed not in text, f"seat {seat}'s /known holds {told[:5] or 'the seed'}")
            world = engine.sample_state(known.json["known"], seat, Rng(f"world:{walk.moves}:{seat}"))
            walk.check("known", named(engine.view(world, seat)) == api.game(table.id, player)["view"],
                       f"a world sampled from seat {seat}'s /known shows it another view")


def named(view: dict) -> dict:
    """A view as the API shows it: the players' names (`p0`, ...) in its texts' `{P0}` slots,
    and a record's stored message (a prompt's `msg`) left out."""
    return without_messages(json.loads(re.sub(r"\{P(\d)\}", r"p\1", json.dumps(view))))


def without_messages(body):
    if isinstance(body, dict):
        return {key: without_messages(value) for key, value in body.items() if not (key == "msg" and "text" in body)}
    if isinstance(body, list):
        return [without_messages(value) for value in body]
    return body


def check_log(table: Table, walk: Walk, before, state, mover: int, move: dict) -> None:
    engine = table.engine
    _, events = engine.apply(before, mover, move)
    public = engine.public_move(before, mover, move)
    over = engine.result(state) is not None  # a finished game's log shows every move
    for viewer, player in enumerate(table.players):
        entries = table.api.call("GET", f"/games/{table.id}/moves?from={walk.moves - 1}", player).json["moves"]
        entry = entries[0]
        visible = [re.sub(r"\{P(\d+)\}", r"p\1", event.text) for event in events if event.visible_to(viewer)]
        walk.check("log", entry["events"] == visible, f"seat {viewer} reads events {entry['events']} for {visible}")
        if public or viewer == mover or over:
            walk.check("log", (entry["seat"], entry["move"]) == (mover, move), f"seat {viewer} misses a move")
        else:
            walk.check("log", set(entry) == {"seq", "events", "created"}, f"seat {viewer} reads the hidden {entry}")
        walk.check("log", over or table.seed not in json.dumps(entries), f"seat {viewer}'s log shows the seed")


# The preview surface: dry runs over random positions.

MOVES_PER_POSITION = 3  # listed moves tried at each position, beside the random player's
WORLDS = 4  # other worlds each shown preview is compared in


def moves_to_try(game, state, seat: int, rng: Rng) -> list[dict]:
    """A listed move of each of a few kinds (the notation's first word: explore, draw, ...),
    so that a rare kind is tried as often as a common one, and the random player's move."""
    by_kind: dict[str, list] = {}
    for move in game.legal_moves(state, seat):
        if "pattern" not in move:
            by_kind.setdefault(game.format(move).split()[0], []).append(move)
    kinds = rng.shuffle(sorted(by_kind))[:MOVES_PER_POSITION]
    return [rng.choice(by_kind[kind]) for kind in kinds] + [game.random_move(state, seat, rng)]


def seen_in_world(game, world, seat: int, move: dict):
    from server.table import preview

    try:
        trial = chance.trial(game, game.preview_state(world), seat, move, watch=[seat])
    except IllegalMove as exc:  # legal in the real world: a refusal here tells a hidden fact too
        return ("refused", exc.code)
    return preview.seen_after(game, trial, seat, [seat])


def preview_leaks(ruleset: str, count: int, seed: str) -> tuple[list[str], int]:
    """The previews shown that some other world of the seat's would show differently, and how
    many previews were shown in all."""
    from server.table import preview

    game = games[ruleset]
    rng = Rng(f"preview-worlds:{ruleset}:{seed}")
    found, shown = [], 0
    for state in positions(ruleset, count, rng):
        if game.result(state) is not None:
            continue
        seat = game.prompts(state)[0].seat
        known = game.known_state(state, seat)
        for move in moves_to_try(game, state, seat, rng):
            seen = preview.outcome(game, state, seat, move)
            if seen is None:
                continue
            shown += 1
            for _ in range(WORLDS):
                world = game.sample_state(known, seat, rng)
                if seen_in_world(game, world, seat, move) != seen:
                    found.append(f"{game.format(move)!r} by seat {seat}")
                    break
    return found, shown


# The suite.

@pytest.fixture(scope="module")
def walks(tmp_path_factory):
    """The games played so far in this module, by (ruleset, seats, moves): each game is played
    once and checked on every surface, and each surface's test reads its part."""
    played: dict[tuple, Walk] = {}

    def walk(ruleset: str, seats: int, moves: int) -> Walk:
        if (ruleset, seats, moves) not in played:
            folder = tmp_path_factory.mktemp(f"{ruleset}-{seats}")
            played[ruleset, seats, moves] = play_and_check(folder, ruleset, seats, moves)
        return played[ruleset, seats, moves]

    return walk


def assert_secret(walk: Walk, surface: str) -> None:
    found = walk.found[surface]
    assert walk.checked[surface] > 0, f"{surface} was never checked"
    assert not found, f"{len(found)} of {walk.checked[surface]} checks failed, e.g. {found[:5]}"


def test_every_ruleset_has_positions_for_its_previews():
    """Every game that hides anything has its row of CONFIGS (tests/core/bots/positions.py): the
    player counts and options that change what it hides; one that hides nothing plays them all."""
    hiding = sorted(name for name in RULESETS if games[name].hidden_information)
    missing = sorted(set(hiding) - set(CONFIGS))
    assert not missing, f"add rows for {missing} to CONFIGS in tests/core/bots/positions.py"
    assert set(CONFIGS) <= set(RULESETS)


@pytest.mark.parametrize("surface", SURFACES)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_surface_shows_a_seat_what_it_cannot_know(walks, ruleset, surface):
    if surface == "preview":
        found, shown = preview_leaks(ruleset, 50, "fast")
        assert shown > 25  # plenty of moves are shown in full in every game
        assert not found, f"{len(found)} previews show what the mover cannot know, e.g. {found[:5]}"
        return
    walk = walks(ruleset, usual_seats(games[ruleset]), FAST_MOVES)
    assert walk.moves == FAST_MOVES or walk.finished
    assert_secret(walk, surface)


@pytest.mark.slow
@pytest.mark.parametrize("surface", SURFACES)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_surface_shows_a_seat_what_it_cannot_know_in_whole_games(walks, ruleset, surface):
    if surface == "preview":
        found, _ = preview_leaks(ruleset, 500, "slow")
        assert not found, f"{len(found)} previews show what the mover cannot know, e.g. {found[:5]}"
        return
    for count in WHOLE_GAME_SEATS.get(ruleset, (usual_seats(games[ruleset]),)):
        walk = walks(ruleset, count, MOVES_CAP)
        assert walk.finished, f"no result after {walk.moves} moves"
        assert_secret(walk, surface)
