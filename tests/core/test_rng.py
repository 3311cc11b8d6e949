"""The random generator is part of every stored game: a replay must give the same game on
every machine, Python version and Herald release, so its algorithm is fixed here."""
import hashlib
from collections import Counter

import pytest

from core.rng import Rng, seed_hash


def reference_below(seed: str, counter: int, n: int) -> tuple[int, int]:
    """The documented algorithm, written out independently: SHA-256 of "seed:counter" as a
    256-bit big-endian integer, rejection above the largest multiple of n."""
    limit = (1 << 256) - ((1 << 256) % n)
    while True:
        value = int.from_bytes(hashlib.sha256(f"{seed}:{counter}".encode()).digest(), "big")
        counter += 1
        if value < limit:
            return value % n, counter


def test_draws_follow_the_documented_algorithm():
    rng, counter = Rng("game-17"), 0
    for n in [1, 2, 3, 6, 7, 52, 120, 1000, 2 ** 40 + 3]:
        expected, counter = (0, counter) if n == 1 else reference_below("game-17", counter, n)
        assert rng.below(n) == expected
        assert rng.counter == counter


def test_a_state_can_resume_the_stream_from_its_counter():
    first = Rng("s")
    [first.die() for _ in range(10)]
    resumed = Rng("s", first.to_json())
    assert [resumed.below(100) for _ in range(20)] == [first.below(100) for _ in range(20)]


@pytest.mark.parametrize("scheme", [1, 2])
def test_shuffle_is_fisher_yates_over_below(scheme):
    """The same order and the same draws as Fisher-Yates drawing each place with below, for
    lists of every length (shuffle draws with die(i + 1) - 1)."""
    for size in range(40):
        items, rng = list(range(size)), Rng(f"deck{size}", size * 3, scheme=scheme)
        rng.shuffle(items)
        expected, reference = list(range(size)), Rng(f"deck{size}", size * 3, scheme=scheme)
        for i in range(size - 1, 0, -1):
            j = reference.below(i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert items == expected and sorted(items) == list(range(size)) and rng.counter == reference.counter


def test_dice_are_fair_enough_to_play_with():
    rng = Rng("dice")
    counts = Counter(rng.die() for _ in range(6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(850 < c < 1150 for c in counts.values()), counts


class GivenDraws(Rng):
    """An Rng whose raw draws are given, to test where below() rejects."""

    def __init__(self, draws: list[int], scheme: int) -> None:
        super().__init__("given", scheme=scheme)
        self.draws = draws

    def _draw(self) -> int:
        self.counter += 1
        return self.draws.pop(0)


@pytest.mark.parametrize("scheme", [1, 2])
def test_below_rejects_exactly_the_draws_from_the_largest_multiple_of_n_up(scheme):
    span = {1: 1 << 256, 2: 1 << 64}[scheme]
    for n in (2, 3, 6, 7, 52, 64, 65, 1000, 2 ** 40 + 3):  # small n read a table of limits, larger work it out
        limit = span - span % n
        rng = GivenDraws([limit, limit - 1], scheme)
        assert rng.below(n) == (limit - 1) % n and rng.counter == 2, n


@pytest.mark.parametrize("scheme", [1, 2])
def test_bits_are_below_a_power_of_two_with_the_same_draws(scheme):
    a, b = Rng("bits", 3, scheme=scheme), Rng("bits", 3, scheme=scheme)
    for k in (1, 7, 52, 64):
        assert [a.bits(k) for _ in range(9)] == [b.below(1 << k) for _ in range(9)] and a.counter == b.counter


@pytest.mark.parametrize("scheme", [1, 2])
def test_a_die_is_below_plus_one_with_the_same_draws(scheme):
    a, b = Rng("d", 5, scheme=scheme), Rng("d", 5, scheme=scheme)
    for sides in (2, 4, 6, 8, 12, 20, 64, 65, 100):
        assert [a.die(sides) for _ in range(7)] == [b.below(sides) + 1 for _ in range(7)] and a.counter == b.counter
    limit = {1: 1 << 256, 2: 1 << 64}[scheme] // 6 * 6  # the same rejection as below's
    rng = GivenDraws([limit, limit - 1], scheme)
    assert rng.die() == (limit - 1) % 6 + 1 and rng.counter == 2


def test_below_refuses_an_empty_range():
    with pytest.raises(ValueError):
        Rng("x").below(0)


def test_the_public_seed_hash_is_plain_sha256_so_players_can_check_it_themselves():
    assert seed_hash("abc") == hashlib.sha256(b"abc").hexdigest()


def reference_below_scheme2(seed: str, counter: int, n: int) -> tuple[int, int]:
    """Scheme 2 written out independently: draw k is the (k % 4)-th big-endian 64-bit word of
    SHA-256 of "seed:(k // 4)", rejection above the largest multiple of n below 2**64."""
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        digest = hashlib.sha256(f"{seed}:{counter // 4}".encode()).digest()
        start = 8 * (counter % 4)
        value = int.from_bytes(digest[start:start + 8], "big")
        counter += 1
        if value < limit:
            return value % n, counter


def test_scheme_2_draws_four_words_from_each_hash_as_documented():
    rng, counter = Rng("game-17", scheme=2), 0
    for n in [2, 3, 6, 7, 52, 120, 1000, 2 ** 40 + 3, 2 ** 63 + 1] * 3:
        expected, counter = reference_below_scheme2("game-17", counter, n)
        assert rng.below(n) == expected
        assert rng.counter == counter


def test_scheme_2_resumes_mid_block_from_a_stored_counter():
    """A state stores only the counter; a stream resumed at draw 5 (mid-block) goes on as the
    uninterrupted one does."""
    whole = Rng("s", scheme=2)
    first = [whole.die() for _ in range(5)]
    resumed = Rng("s", whole.counter, scheme=2)
    assert [whole.die() for _ in range(9)] == [resumed.die() for _ in range(9)]
    assert first != [Rng("s").die() for _ in range(5)]  # a different stream from scheme 1


def test_an_unknown_scheme_is_refused():
    with pytest.raises(ValueError, match="scheme"):
        Rng("s", scheme=3)


@pytest.mark.parametrize("scheme", [1, 2])
def test_a_resumed_stream_draws_as_one_made_at_its_counter(scheme):
    """Rng.resumed (an engine's next move, its block maybe kept from the last move's draws)
    gives the same draws as a stream constructed at that counter, mid-block or not."""
    for counter in (0, 5, 6, 7, 8, 41):
        ahead = Rng("resume", 0, scheme=scheme)
        for _ in range(counter):
            ahead.below(6)  # the block of `counter` is hashed and kept (scheme 2)
        made, resumed = Rng("resume", counter, scheme=scheme), Rng.resumed("resume", counter, scheme)
        assert [resumed.die() for _ in range(9)] == [made.die() for _ in range(9)]
        assert resumed.counter == made.counter
