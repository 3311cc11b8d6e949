"""The protocol contract, checked for every declared game (core/registry.py: the reference game
too) and every player count."""
import pytest

from core import games
from core.canonical import dumps
from core.protocol import Game, IllegalMove
from core.rng import Rng
from tests.core.playout import play

GAMES_PER_COUNT = 3


def all_games():
    return [facts.game for facts in games.every()]


def cases():
    for game in all_games():
        name = game.name
        for players in range(game.min_players, game.max_players + 1):
            for i in range(GAMES_PER_COUNT):
                yield pytest.param(game, players, f"conformance-{name}-{players}-{i}", id=f"{name}-{players}p-{i}")


@pytest.mark.parametrize("game,players,seed", list(cases()))
def test_random_games_keep_the_contract(game, players, seed):
    out = play(game, players, seed)
    assert out.ended, f"{game.name} did not end within the move cap"
    result = game.result(out.state)
    assert result is not None and isinstance(result.reason, str)
    assert result.code in game.result_codes, f"{result.code!r} is not among {game.name}'s declared result codes"
    assert all(0 <= w < players for w in result.winners)
    assert game.prompts(out.state) == []


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_same_seed_same_game(game):
    a = play(game, game.min_players, "same-seed", full_checks=False, max_moves=300)
    b = play(game, game.min_players, "same-seed", full_checks=False, max_moves=300)
    assert a.hashes == b.hashes


def playout_cases():
    for game in all_games():
        for players in (game.min_players, game.max_players):
            for i in range(4):
                yield pytest.param(game, players, f"playout-{game.name}-{players}-{i}", id=f"{game.name}-{players}p-{i}")


@pytest.mark.parametrize("game,players,seed", list(playout_cases()))
def test_random_playout_plays_what_the_apply_loop_plays(game, players, seed):
    """A game's own `random_playout` (Wizard's Quest plays on one copy without apply's checks)
    gives the moves and the last state of the protocol's loop of prompts, random_move and apply,
    from the setup and from the middle of a game, for a whole game and cut at a limit; the state
    it starts from is not changed."""
    start = game.setup(players, {}, seed)
    for limit, rest in ((game.max_moves, 0), (25, 0), (40, 25)):
        state = start
        if rest:  # from the middle of a game
            state, _ = Game.random_playout(game, start, Rng("opening:" + seed, scheme=2), rest)
        before = dumps(game.to_json(state))
        fast_state, fast_moves = game.random_playout(state, Rng("playout:" + seed, scheme=2), limit)
        assert dumps(game.to_json(state)) == before, "random_playout changed the state it was given"
        loop_state, loop_moves = Game.random_playout(game, state, Rng("playout:" + seed, scheme=2), limit)
        assert fast_moves == loop_moves
        assert dumps(game.to_json(fast_state)) == dumps(game.to_json(loop_state))
        assert len(fast_moves) == limit or game.result(fast_state) is not None


def outcome(game, call, state, seat, move):
    """What `call` (apply or next_state) makes of the move: the new state's JSON, or the refusal."""
    try:
        after = call(state, seat, move)
    except IllegalMove as err:
        return err.code, err.message, err.rule
    return dumps(game.to_json(after[0] if isinstance(after, tuple) else after))


@pytest.mark.parametrize("game,players,seed", list(playout_cases()))
def test_next_state_is_applys_state_and_refuses_what_apply_refuses(game, players, seed):
    """`next_state` (apply without the events: verify, rebuilds) gives apply's state after every
    move of a random game, and refuses what apply refuses (a move of no kind, a field too many,
    a seat not asked, no seat) with apply's error."""
    state, rng = game.setup(players, {}, seed), Rng("next-state:" + seed, scheme=2)
    for _ in range(120):
        if game.result(state) is not None:
            break
        seat = game.prompts(state)[0].seat
        move = game.random_move(state, seat, rng)
        tries = [(seat, move), ((seat + 1) % players, move), (players, move)]
        if isinstance(move, dict) and "type" in move:
            tries += [(seat, {"type": "no-such-move"}), (seat, {**move, "zz": 1})]
        for s, m in tries:
            assert outcome(game, game.next_state, state, s, m) == outcome(game, game.apply, state, s, m)
        state = game.apply(state, seat, move)[0]


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_wrong_player_counts_are_refused(game):
    for players in (game.min_players - 1, game.max_players + 1):
        with pytest.raises(IllegalMove) as err:
            game.setup(players, {}, "seed")
        assert err.value.code == "bad-player-count"


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_unknown_options_are_refused(game):
    with pytest.raises(IllegalMove) as err:
        game.normalize_options({"no-such-option": "1"})
    assert err.value.code == "unknown-option"


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_garbage_notation_is_an_illegal_move(game):
    state = game.setup(game.min_players, {}, "garbage")
    seat = game.prompts(state)[0].seat
    for text in ["", "   ", "zzz", "play", "\x00", "attack 99 99 99", "ü" * 50, "1 2 3 4 5 6 7 8 9"]:
        try:
            move = game.parse(state, seat, text)
        except IllegalMove as err:
            assert err.code and err.message
            continue
        with pytest.raises(IllegalMove):
            game.apply(state, seat, move)


def scripted_choice(game, state, seat, rng):
    """What a shell script does with `herald moves --json`: only concrete moves (patterns are
    for people), a random kind of move (first word of its notation), then a random one of it."""
    concrete = [m for m in game.legal_moves(state, seat) if "pattern" not in m]
    assert concrete, f"seat {seat} is offered only patterns; a script could not move"
    texts = [game.format(m) for m in concrete]
    kinds = sorted({t.split()[0] for t in texts})
    kind = kinds[rng.below(len(kinds))]
    picks = [m for m, t in zip(concrete, texts) if t.split()[0] == kind]
    return picks[rng.below(len(picks))]


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_scripts_choosing_from_listed_moves_finish_games(game):
    """legal_moves lists enough concrete moves (beside any patterns) for a script to play on."""
    for players in (game.min_players, game.max_players):
        out = play(game, players, f"scripted-{players}", chooser=scripted_choice, full_checks=False)
        assert out.ended, f"{game.name} with {players} players did not end in {game.max_moves} scripted moves"


PROTOCOL_METHODS = ["setup", "prompts", "legal_moves", "random_move", "apply", "view", "parse", "format",
                    "result", "to_json", "from_json", "render", "picture", "summary", "hidden_from", "public_move",
                    "default_move"]


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_methods_take_the_protocols_parameter_names(game):
    """The platform may call any protocol method with keyword arguments."""
    import inspect

    from core.protocol import Game

    for name in PROTOCOL_METHODS:
        expected = list(inspect.signature(getattr(Game, name)).parameters)[1:]
        actual = list(inspect.signature(getattr(game, name)).parameters)
        assert actual == expected, f"{game.name}.{name}{tuple(actual)} differs from the protocol {tuple(expected)}"


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_a_move_with_a_field_the_rules_never_read_is_refused(game):
    """Moves are logged and shown to the other seats: nothing but the move itself may ride along."""
    for players in (game.min_players, game.max_players):
        state = game.setup(players, {}, f"extra-{players}")
        rng = Rng("extra")
        for _ in range(30):
            if game.result(state) is not None:
                break
            seat = game.prompts(state)[0].seat
            move = game.random_move(state, seat, rng)
            with pytest.raises(IllegalMove):
                game.apply(state, seat, {**move, "note": "x" * 40})
            state, _ = game.apply(state, seat, move)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_the_declared_hidden_information_is_what_the_game_hides(game):
    """`Game.hidden_information` is a declared fact: a game that declares it hides something from
    some seat during a random game (hidden_from is not always empty); one that does not, never."""
    hides = []

    def watch(state):
        hides.extend(token for seat in range(game.min_players) for token in game.hidden_from(state, seat))

    play(game, game.min_players, "facts", full_checks=False, max_moves=60, invariants=watch)
    assert bool(hides) == game.hidden_information


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_result_codes_are_declared_in_words(game):
    """Every game declares its endings: stable kebab-case codes, each with a line saying when."""
    assert game.result_codes
    for code, when in game.result_codes.items():
        assert code == code.lower() and " " not in code and when.strip()


def test_an_undeclared_ending_is_an_engine_error_not_an_empty_code():
    from core.castle_assault.flow import reason_code

    assert reason_code("{P0} destroyed the rival castle.") == "last-castle"
    with pytest.raises(ValueError, match="No declared result code"):
        reason_code("{P0} won in some reworded way.")
