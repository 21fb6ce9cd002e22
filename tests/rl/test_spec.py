"""The parts observations are built from (terra.rl.spec): each writes as many floats as it
names, whatever the value, and seats are seen from the observer's chair."""

from __future__ import annotations

from typing import Any

import pytest

from terra.rl.spec import (
    Both,
    Counts,
    Each,
    EncodingError,
    Length,
    Many,
    Maybe,
    Num,
    OneHot,
    Part,
    Players,
    Present,
    Record,
    Seat,
    Seats,
    Total,
    Vector,
    numbers_like,
)


def write(part: Part, value: Any, seat: int = 0) -> list[float]:
    out: list[float] = []
    part.write(value, seat, out)
    assert len(out) == len(part.names("x"))
    return out


PARTS: list[tuple[Part, Any]] = [
    (Num(), 3),
    (Vector(3), [1, None]),
    (Present(), {"a": 1}),
    (Length(), [None, "N1"]),
    (Total(), {"north": 2, "south": 3}),
    (OneHot(("a", "b")), "b"),
    (Counts(("a", "b")), ["a", "a", None]),
    (Seat(3), 2),
    (Seats(3), [0, 2]),
    (Many(("tusks",)), [{"tusks": 2}, {"tusks": 1}]),
    (Record({"a": Num(), "b": OneHot(("x",))}), {"a": 1}),
    (Maybe(Vector(2)), [1, 2]),
    (Each(Record({"a": Num()}), 3), [{"a": 1}]),
    (Players(Record({"a": Num()}), 3), [{"a": 0}, {"a": 1}, {"a": 2}]),
    (Both((Counts(("a",)), Length())), ["a", None]),
]


@pytest.mark.parametrize(("part", "value"), PARTS, ids=[type(p).__name__ for p, _ in PARTS])
def test_a_part_writes_what_it_names_for_a_value_and_for_nothing(part: Part, value: Any) -> None:
    assert any(write(part, value))
    assert not any(write(part, None))


def test_seats_are_relative_to_the_observer_and_players_rotate() -> None:
    assert write(Seat(3), 2, seat=2) == [1.0, 0.0, 0.0]
    assert write(Seat(3), 0, seat=2) == [0.0, 1.0, 0.0]
    assert write(Seats(3), [2, 0], seat=1) == [0.0, 1.0, 1.0]
    players = Players(Record({"a": Num()}), 3)
    assert write(players, [{"a": 0}, {"a": 1}, {"a": 2}], seat=1) == [1.0, 2.0, 0.0]
    assert players.names("p") == ["p[+0].a", "p[+1].a", "p[+2].a"]


def test_what_no_vocabulary_holds_goes_to_the_last_slot_and_face_down_items_nowhere() -> None:
    assert write(OneHot(("a", "b")), "c") == [0.0, 0.0, 1.0]
    assert write(Counts(("a", "b")), ["b", "z", None, "b"]) == [0.0, 2.0, 1.0]
    assert write(Counts((frozenset("ab"),), key=frozenset), [["b", "a"]]) == [1.0, 0.0]


def test_a_list_longer_than_declared_and_text_for_a_number_are_refused() -> None:
    with pytest.raises(EncodingError, match="a list of 3 items where 2 are declared"):
        write(Vector(2), [1, 2, 3])
    with pytest.raises(EncodingError, match="a list of 2 items where 1 are declared"):
        write(Each(Num(), 1), [1, 2])
    with pytest.raises(EncodingError, match="expected a number, got str"):
        write(Num(), "7")


def test_a_record_encodes_its_declared_keys_in_order_and_missing_ones_as_zeros() -> None:
    record = Record({"b": Num(), "a": Maybe(Num())})
    assert record.names("") == ["b", "a?", "a"]
    assert write(record, {"a": 5, "c": 9}) == [0.0, 1.0, 5.0]


def test_a_dict_of_numbers_is_encoded_after_its_template() -> None:
    party = numbers_like({"bearers": 3, "sick": False, "specimens": [], "more": {"x": 1}})
    assert party.names("p") == ["p.bearers", "p.sick", "p.specimens#", "p.more.x"]
    with pytest.raises(EncodingError, match="no number-like encoding for 'name'"):
        numbers_like({"name": "Burton"})
