"""A move's update carries the changes to the seat's view where the page applies them
(``?patch=1``; docs/web.md, "Patches"): the view a page builds from them is the whole view a
page without patches is sent, move after move, and a page that asks again gets the whole view."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from terra.server import protocol
from tests.server.tables import create, receive, serving, token


def apply(view: Any, changes: list[list[Any]]) -> Any:
    """The page's application of a patch (static/patch.js), in Python."""
    result = copy.deepcopy(view)
    for change in changes:
        path, *value = change
        if not path:
            result = value[0]
            continue
        node = result
        for key in path[:-1]:
            node = node[key]
        if value:
            node[path[-1]] = value[0]
        else:
            del node[path[-1]]
    return result


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=2), inner, max_size=4)
    ),
    max_leaves=20,
)


@given(JSON, JSON)
def test_a_patch_turns_the_old_view_into_the_new(old: Any, new: Any) -> None:
    assert apply(old, protocol.view_patch(old, new)) == new


def test_a_list_of_the_same_length_is_patched_item_by_item() -> None:
    old: dict[str, Any] = {"map": {"terrain": [0] * 100, "tribe": [1] * 100}, "round": 3}
    new = copy.deepcopy(old)
    new["map"]["terrain"][42] = 7
    new["round"] = 4
    assert protocol.view_patch(old, new) == [[["map", "terrain", 42], 7], [["round"], 4]]
    new["map"]["tribe"] = [2] * 100  # most of it changed: sent whole
    assert [["map", "tribe"], [2] * 100] in protocol.view_patch(old, new)


def test_a_patch_is_sent_where_smaller_than_the_view_measured_once() -> None:
    old: dict[str, Any] = {"map": {"terrain": list(range(500))}, "round": 3}
    new = copy.deepcopy(old)
    new["round"] = 4
    whole = len(protocol.encode({"view": new}))
    message = {"type": "update", "view": new, "log_size": 0}
    found, measured = protocol.patched(message, old, 7, 0)  # never measured: measured now
    assert (found["base"], found["patch"], measured) == (7, [[["round"], 4]], whole)
    assert "view" not in found
    # Under a quarter of the length measured before: sent without measuring the view again.
    found, measured = protocol.patched(message, old, 7, 1000)
    assert (found["patch"], measured) == ([[["round"], 4]], 1000)


def test_a_view_is_sent_whole_where_its_patch_is_no_smaller() -> None:
    old: dict[str, Any] = {"a": 1}
    new: dict[str, Any] = {"b": 2}
    message = {"type": "update", "view": new, "log_size": 0}
    found, measured = protocol.patched(message, old, 7, 0)
    assert found is message and measured == len(protocol.encode({"view": new}))


def _update(socket: Any) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = receive(socket)
        if message["type"] == "update":
            return message


def test_a_page_that_applies_patches_sees_the_whole_view(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, _store):
        created = create(client, "nile", [None, None], seed=3, options={"game": 2})
        match_id = created["id"]
        rng = random.Random(3)
        with (
            client.websocket_connect(
                f"/ws/{match_id}?patch=1&token={token(created, 0)}"
            ) as patched,
            client.websocket_connect(f"/ws/{match_id}?token={token(created, 0)}") as whole,
            client.websocket_connect(f"/ws/{match_id}?token={token(created, 1)}") as other,
        ):
            pages = {0: whole, 1: other}
            view = _update(patched)["view"]
            latest = {0: _update(whole), 1: _update(other)}
            patches = 0
            for _ in range(40):
                seat = latest[0]["to_move"]
                legal = latest[seat]["legal"]
                move = {"type": "move", "action": rng.choice(legal)["text"]}
                pages[seat].send_json({**move, "moves": latest[seat]["moves"]})
                latest = {0: _update(whole), 1: _update(other)}
                update = _update(patched)
                if "patch" in update:
                    assert "view" not in update and update["base"] == update["moves"] - 1
                    view = apply(view, update["patch"])
                    patches += 1
                else:
                    view = update["view"]
                assert view == latest[0]["view"]
            assert patches > 30  # the whole view is sent only when smaller than its changes
            patched.send_json({"type": "resume", "since": 0})
            again = _update(patched)
            assert again["view"] == latest[0]["view"] and "patch" not in again
