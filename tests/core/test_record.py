"""Records: seed + actions = the whole game; they round-trip through dicts, JSON and files,
malformed ones are refused with a clear error, and replay checks every action and the result."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import terra
from terra.core import RECORD_FORMAT, Record, RecordError, ReplayError, TerraError, replay
from terra.core.state import GameState


def random_game(players: int, seed: int, actions: int | None = None) -> GameState:
    """A game of Africana played by uniformly random moves (to the end unless ``actions``)."""
    state = terra.game("africana").new(players, seed)
    rng = random.Random(seed)
    while not state.is_over and (actions is None or len(state.history) < actions):
        state.play(rng.choice(state.legal_actions()))
    return state


@pytest.fixture(scope="module")
def finished() -> Record:
    return random_game(2, 5).record({"note": "test"})


@pytest.fixture(scope="module")
def unfinished() -> Record:
    return random_game(3, 6, actions=40).record()


def result_of(record: Record) -> dict[str, Any]:
    assert record.result is not None
    return dict(record.result)


def with_field(record: Record, **changes: Any) -> dict[str, Any]:
    data = record.to_dict()
    data.update(changes)
    return data


class TestRoundTrip:
    def test_dict_round_trip(self, finished: Record) -> None:
        assert Record.from_dict(finished.to_dict()) == finished

    def test_json_round_trip(self, finished: Record) -> None:
        assert Record.from_json(finished.to_json()) == finished
        assert Record.from_json(finished.to_json(indent=None)) == finished

    def test_file_round_trip(self, tmp_path: Path, finished: Record) -> None:
        path = tmp_path / "game.json"
        finished.save(path)
        assert Record.load(path) == finished
        assert Record.load(str(path)) == finished

    def test_an_unfinished_game_round_trips_without_a_result(self, unfinished: Record) -> None:
        assert unfinished.result is None
        assert Record.from_json(unfinished.to_json()) == unfinished

    def test_the_dict_holds_only_public_inputs_and_the_result(self, finished: Record) -> None:
        data = finished.to_dict()
        assert list(data) == [
            "format",
            "game",
            "options",
            "players",
            "seed",
            "actions",
            "result",
            "meta",
            "data_digest",
        ]
        assert data["format"] == RECORD_FORMAT
        assert data["game"] == "africana"
        assert all(isinstance(a, str) for a in data["actions"])
        assert set(data["result"]) == {"scores", "winners"}
        assert data["meta"] == {"note": "test"}

    def test_meta_may_be_left_out(self, finished: Record) -> None:
        data = finished.to_dict()
        del data["meta"]
        assert Record.from_dict(data).meta == {}


class TestMalformed:
    @pytest.mark.parametrize("fmt", [0, 2, "1", None])
    def test_wrong_format_number(self, finished: Record, fmt: Any) -> None:
        with pytest.raises(TerraError, match=r"record format .* is not supported"):
            Record.from_dict(with_field(finished, format=fmt))

    def test_missing_format(self, finished: Record) -> None:
        data = finished.to_dict()
        del data["format"]
        with pytest.raises(TerraError, match="record format None is not supported"):
            Record.from_dict(data)

    @pytest.mark.parametrize("key", ["game", "players", "seed", "actions", "options"])
    def test_missing_field(self, finished: Record, key: str) -> None:
        data = finished.to_dict()
        del data[key]
        with pytest.raises(TerraError, match=f"record field '{key}' is missing"):
            Record.from_dict(data)

    @pytest.mark.parametrize(
        ("key", "value"),
        [("game", 3), ("players", "2"), ("seed", 1.5), ("actions", "draw"), ("options", [])],
    )
    def test_field_of_the_wrong_type(self, finished: Record, key: str, value: Any) -> None:
        with pytest.raises(TerraError, match=f"record field '{key}' .* wrong type"):
            Record.from_dict(with_field(finished, **{key: value}))

    @pytest.mark.parametrize("actions", [["draw", 2], [None], [["draw"]]])
    def test_actions_must_be_strings(self, finished: Record, actions: list[Any]) -> None:
        with pytest.raises(TerraError, match="list of action strings"):
            Record.from_dict(with_field(finished, actions=actions))

    @pytest.mark.parametrize(
        "result",
        [[1, 2], "won", 3, {}, {"scores": [1, 2]}, {"scores": [1], "winners": [0], "x": 1}],
    )
    def test_result_must_be_null_or_the_scores_and_the_winners(
        self, finished: Record, result: Any
    ) -> None:
        """An empty result would leave a finished game's result unchecked."""
        with pytest.raises(RecordError, match="'result' must be null or an object of 'scores'"):
            Record.from_dict(with_field(finished, result=result))

    @pytest.mark.parametrize(
        "result",
        [{"scores": "12", "winners": [0]}, {"scores": [1, 2], "winners": [True]}],
    )
    def test_results_are_lists_of_whole_numbers(self, finished: Record, result: Any) -> None:
        with pytest.raises(RecordError, match="must be a list of whole numbers"):
            Record.from_dict(with_field(finished, result=result))

    @pytest.mark.parametrize("fmt", [True, 1.0, "1"])
    def test_the_format_is_the_number_one_itself(self, finished: Record, fmt: Any) -> None:
        with pytest.raises(RecordError, match=r"record format .* is not supported"):
            Record.from_dict(with_field(finished, format=fmt))

    @pytest.mark.parametrize("meta", [[], "note", 3])
    def test_meta_is_an_object(self, finished: Record, meta: Any) -> None:
        with pytest.raises(RecordError, match="'meta' must be an object"):
            Record.from_dict(with_field(finished, meta=meta))

    @pytest.mark.parametrize(("key", "value"), [("players", True), ("seed", False)])
    def test_a_flag_is_no_number(self, finished: Record, key: str, value: Any) -> None:
        with pytest.raises(RecordError, match=f"{key!r} is missing or has the wrong type"):
            Record.from_dict(with_field(finished, **{key: value}))

    def test_an_unknown_field_is_refused(self, finished: Record) -> None:
        with pytest.raises(RecordError, match="a record has no field 'resutl'"):
            Record.from_dict(with_field(finished, resutl=None))

    @pytest.mark.parametrize("data", [[], "record", None, 7])
    def test_a_record_is_an_object(self, data: Any) -> None:
        with pytest.raises(TerraError, match="a record is a JSON object"):
            Record.from_dict(data)

    @pytest.mark.parametrize("text", ["", "{", "{'format': 1}", "not json", "[1,"])
    def test_bad_json(self, text: str) -> None:
        with pytest.raises(TerraError, match="not a JSON record"):
            Record.from_json(text)

    def test_a_missing_file(self, tmp_path: Path) -> None:
        with pytest.raises(TerraError, match=r"cannot read .*absent\.json"):
            Record.load(tmp_path / "absent.json")

    def test_a_file_that_is_not_json(self, tmp_path: Path) -> None:
        path = tmp_path / "notes.json"
        path.write_text("these are my notes", encoding="utf-8")
        with pytest.raises(TerraError, match="not a JSON record"):
            Record.load(path)

    def test_an_unknown_game_does_not_replay(self, finished: Record) -> None:
        record = Record.from_dict(with_field(finished, game="nope"))
        with pytest.raises(terra.core.UnknownGame, match="no game 'nope'"):
            replay(record)


class TestReplay:
    def test_a_record_replays_to_its_result(self, finished: Record) -> None:
        state = replay(finished)
        assert state.is_over
        assert finished.result == {"scores": state.scores(), "winners": state.winners()}
        assert state.record({"note": "test"}) == finished

    def test_an_unfinished_record_replays_without_a_result(self, unfinished: Record) -> None:
        state = replay(unfinished)
        assert not state.is_over
        assert len(state.history) == len(unfinished.actions) == 40

    def test_an_illegal_action_names_its_position(self, unfinished: Record) -> None:
        actions = list(unfinished.actions)
        actions[3] = "xyzzy"
        record = Record.from_dict(with_field(unfinished, actions=actions))
        with pytest.raises(ReplayError, match=r"action 4 does not replay: 'xyzzy' is not"):
            replay(record)

    def test_an_action_illegal_in_its_position_names_its_position(self, unfinished: Record) -> None:
        """The first action of a game chooses draw, buy or move (Africana, Gameplay)."""
        actions = ["done", *unfinished.actions]
        record = Record.from_dict(with_field(unfinished, actions=actions))
        with pytest.raises(ReplayError, match=r"action 1 \('done'\) does not replay.*Gameplay"):
            replay(record)

    def test_a_changed_score_is_a_mismatch(self, finished: Record) -> None:
        result = result_of(finished)
        result["scores"] = [s + 1 for s in result["scores"]]
        record = Record.from_dict(with_field(finished, result=result))
        with pytest.raises(ReplayError, match="result mismatch: recorded scores"):
            replay(record)

    def test_a_changed_winner_is_a_mismatch(self, finished: Record) -> None:
        result = result_of(finished)
        result["winners"] = [s for s in range(finished.players) if s not in result["winners"]]
        record = Record.from_dict(with_field(finished, result=result))
        with pytest.raises(ReplayError, match="result mismatch: recorded winners"):
            replay(record)

    def test_a_result_on_an_unfinished_game(self, unfinished: Record) -> None:
        result = {"scores": [0, 0, 0], "winners": [0]}
        record = Record.from_dict(with_field(unfinished, result=result))
        with pytest.raises(ReplayError, match="has a result but the game is not over after 40"):
            replay(record)

    def test_a_truncated_finished_game_is_not_over(self, finished: Record) -> None:
        record = Record.from_dict(with_field(finished, actions=list(finished.actions[:-1])))
        with pytest.raises(ReplayError, match="not over"):
            replay(record)

    def test_actions_after_the_end_do_not_replay(self, finished: Record) -> None:
        actions = [*finished.actions, "draw"]
        record = Record.from_dict(with_field(finished, actions=actions))
        with pytest.raises(ReplayError, match=f"action {len(actions)} .*game is over"):
            replay(record)

    def test_replay_errors_are_terra_errors(self) -> None:
        assert issubclass(ReplayError, TerraError)

    def test_a_record_survives_json(self, finished: Record) -> None:
        text = json.dumps(finished.to_dict())
        assert replay(Record.from_json(text)) == replay(finished)
