"""The RNG inside every game state: a seed fixes the whole stream, forever.

Records are seed + actions, so the generator's output must depend on the seed alone: equal
seeds give equal streams, a clone goes its own way, ``below`` and ``shuffle`` are fair.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import permutations

import pytest

from terra.core import Rng, new_seed


def stream(rng: Rng, count: int = 50) -> list[int]:
    return [rng.next64() for _ in range(count)]


class TestDeterminism:
    def test_the_same_seed_gives_the_same_stream(self) -> None:
        assert stream(Rng(2012)) == stream(Rng(2012))

    def test_different_seeds_give_different_streams(self) -> None:
        assert stream(Rng(1)) != stream(Rng(2))

    def test_the_stream_is_splitmix64(self) -> None:
        """The reference outputs of SplitMix64 (Steele, Lea and Flood, 2014): any change to the
        generator would silently break every saved record."""
        rng = Rng(0)
        assert [rng.next64() for _ in range(3)] == [
            0xE220A8397B1DCDAF,
            0x6E789E6AA1B965F4,
            0x06C45D188009454F,
        ]
        assert Rng(1234567).next64() == 6457827717110365317

    def test_seeds_are_taken_modulo_two_to_the_64(self) -> None:
        assert stream(Rng(-1)) == stream(Rng(2**64 - 1))
        assert Rng(2**64 + 5).state == 5

    def test_state_is_the_whole_generator(self) -> None:
        rng = Rng(99)
        rng.next64()
        assert stream(Rng(rng.state)) == stream(rng)


class TestClone:
    def test_a_clone_continues_the_same_stream(self) -> None:
        rng = Rng(7)
        rng.next64()
        assert stream(rng.clone()) == stream(rng)

    def test_a_clone_is_independent(self) -> None:
        rng = Rng(7)
        twin = rng.clone()
        stream(rng, 10)
        assert twin.state == Rng(7).state
        assert stream(twin) == stream(Rng(7))


class TestBelow:
    @pytest.mark.parametrize("n", [1, 2, 3, 6, 7, 60, 1000, 2**40 + 3, 2**64 - 1, 2**64])
    def test_below_stays_in_range(self, n: int) -> None:
        rng = Rng(n)
        assert all(0 <= rng.below(n) < n for _ in range(2000))

    def test_below_one_is_always_zero(self) -> None:
        rng = Rng(3)
        assert {rng.below(1) for _ in range(100)} == {0}

    @pytest.mark.parametrize("n", [0, -1])
    def test_below_needs_a_positive_bound(self, n: int) -> None:
        with pytest.raises(ValueError, match="positive"):
            Rng(0).below(n)

    @pytest.mark.parametrize("n", [2, 5, 6, 12])
    def test_below_is_roughly_uniform(self, n: int) -> None:
        """A chi-square test at a fixed seed (so it cannot flake): every value about equally
        often."""
        rng = Rng(n * 1000 + 1)
        draws = 600 * n
        counts = Counter(rng.below(n) for _ in range(draws))
        assert set(counts) == set(range(n))
        expected = draws / n
        chi2 = sum((counts[v] - expected) ** 2 / expected for v in range(n))
        # 99.9% quantiles of chi-square with n-1 degrees of freedom are below 3 * (n - 1) + 12.
        assert chi2 < 3 * (n - 1) + 12

    def test_getrandbits_stays_in_range(self) -> None:
        rng = Rng(11)
        for k in (1, 5, 31, 63, 64):
            assert all(0 <= rng.getrandbits(k) < 2**k for _ in range(500))
        assert rng.getrandbits(0) == 0


class TestShuffle:
    def test_shuffle_is_a_permutation(self) -> None:
        rng = Rng(5)
        for size in (0, 1, 2, 10, 60):
            items = list(range(size)) * 2
            shuffled = items[:]
            rng.shuffle(shuffled)
            assert sorted(shuffled) == sorted(items)

    def test_shuffle_is_fixed_by_the_seed(self) -> None:
        first, second = list(range(60)), list(range(60))
        Rng(8).shuffle(first)
        Rng(8).shuffle(second)
        assert first == second
        assert first != list(range(60))

    def test_every_order_of_three_cards_is_about_equally_likely(self) -> None:
        rng = Rng(42)
        counts: Counter[tuple[int, ...]] = Counter()
        for _ in range(6000):
            cards = [0, 1, 2]
            rng.shuffle(cards)
            counts[tuple(cards)] += 1
        assert set(counts) == set(permutations(range(3)))
        assert all(900 < count < 1100 for count in counts.values())


class TestNewSeed:
    def test_new_seed_is_a_positive_63_bit_int(self) -> None:
        for source in (Rng(1), random.Random(1)):
            seeds = [new_seed(source) for _ in range(200)]
            assert all(0 <= s < 2**63 for s in seeds)
            assert len(set(seeds)) == len(seeds)

    def test_new_seed_is_fixed_by_its_source(self) -> None:
        assert new_seed(Rng(4)) == new_seed(Rng(4))
        assert new_seed(random.Random(4)) == new_seed(random.Random(4))
