"""The bounded memo the games' heuristics keep their results in (terra.core.memo)."""

from __future__ import annotations

import pytest

from terra.core.memo import Memo


def test_a_kept_value_is_found_again_and_returned() -> None:
    memo: Memo[str, int] = Memo(3)
    assert memo.keep("a", 1) == 1
    assert memo.get("a") == 1
    assert memo.get("b") is None


def test_a_full_memo_is_emptied_before_a_new_key_is_kept() -> None:
    memo: Memo[int, int] = Memo(3)
    for key in range(3):
        memo.keep(key, key * 10)
    assert len(memo) == 3
    memo.keep(3, 30)
    assert dict(memo) == {3: 30}


def test_a_key_already_kept_is_replaced_without_emptying_a_full_memo() -> None:
    memo: Memo[int, int] = Memo(2)
    memo.keep(0, 0)
    memo.keep(1, 1)
    memo.keep(1, 11)
    assert dict(memo) == {0: 0, 1: 11}


def test_a_long_run_never_holds_more_than_its_bound() -> None:
    memo: Memo[int, int] = Memo(100)
    for key in range(10_000):
        memo.keep(key, key)
        assert len(memo) <= 100


def test_a_memo_keeps_at_least_one_entry() -> None:
    with pytest.raises(ValueError, match="at least one"):
        Memo(0)
