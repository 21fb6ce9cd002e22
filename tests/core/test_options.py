"""Options and ``Game.new``: bad player counts and options are refused with a clear message."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import terra
from terra.core import DataError, Option, OptionError, TerraError


@pytest.fixture
def africana() -> terra.Game[Any]:
    return terra.game("africana")


class TestPlayerCount:
    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_africana_is_for_two_to_four_players(
        self, africana: terra.Game[Any], players: int
    ) -> None:
        """Africana, Game Setup: each player takes one of the 4 company cards."""
        state = africana.new(players, seed=1)
        assert state.num_players == players
        assert len(state.returns()) == players

    @pytest.mark.parametrize("players", [1, 5, 0, -2])
    def test_too_few_or_too_many_players(self, africana: terra.Game[Any], players: int) -> None:
        with pytest.raises(OptionError, match=f"Africana is for 2-4 players, not {players}$"):
            africana.new(players, seed=1)

    @pytest.mark.parametrize("players", ["3", 3.0, None, True])
    def test_the_player_count_is_an_int(self, africana: terra.Game[Any], players: Any) -> None:
        with pytest.raises(OptionError, match="Africana is for 2-4 players, not "):
            africana.new(players, seed=1)

    def test_option_errors_are_terra_errors_and_value_errors(self) -> None:
        assert issubclass(OptionError, TerraError)
        assert issubclass(OptionError, ValueError)


class TestOptions:
    def test_an_unknown_option_is_named_with_the_known_ones(
        self, africana: terra.Game[Any]
    ) -> None:
        with pytest.raises(OptionError, match=r"Africana has no option 'speed' \(options: data\)"):
            africana.new(2, seed=1, options={"speed": "fast"})

    def test_no_options_means_the_defaults(self, africana: terra.Game[Any]) -> None:
        assert africana.resolve_options(None) == africana.resolve_options({})
        assert africana.resolve_options({}) == {"data": None}

    def test_a_missing_data_directory_is_a_data_error(
        self, africana: terra.Game[Any], tmp_path: Path
    ) -> None:
        missing = tmp_path / "no-such-dir"
        with pytest.raises(DataError, match=r"cannot read .*no-such-dir.*board\.toml"):
            africana.new(2, seed=1, options={"data": str(missing)})

    def test_the_record_keeps_only_options_that_were_set(self, africana: terra.Game[Any]) -> None:
        assert africana.new(2, seed=1).record().options == {}

    def test_without_a_seed_the_game_draws_one(self, africana: terra.Game[Any]) -> None:
        state = africana.new(2)
        assert isinstance(state.seed, int)
        assert state.record().seed == state.seed
        assert africana.new(2, state.seed) == state


class TestOptionCheck:
    def test_none_gives_the_default(self) -> None:
        assert Option("level", "", default=3, kind=int).check(None) == 3

    def test_a_value_is_converted_to_the_kind(self) -> None:
        assert Option("level", "", kind=int).check("4") == 4

    def test_a_value_that_does_not_convert(self) -> None:
        with pytest.raises(OptionError, match=r"option 'level' must be a whole number, not 'high'"):
            Option("level", "", kind=int).check("high")

    @pytest.mark.parametrize("value", ["maybe", 1, 0, "", 2.0])
    def test_a_flag_is_true_or_false(self, value: Any) -> None:
        with pytest.raises(OptionError, match="option 'fast' must be true or false"):
            Option("fast", "", default=False, kind=bool).check(value)

    @pytest.mark.parametrize(
        ("text", "flag"),
        [
            *[("true", True), ("Yes", True), (" on ", True), ("1", True)],
            *[("false", False), ("NO", False), ("off", False), ("0", False)],
        ],
    )
    def test_a_flag_reads_the_words_of_a_command_line(self, text: str, flag: bool) -> None:
        assert Option("fast", "", default=False, kind=bool).check(text) is flag

    def test_a_flag_accepts_booleans(self) -> None:
        flag = Option("fast", "", default=False, kind=bool)
        assert flag.check(True) is True
        assert flag.check(False) is False

    def test_a_value_outside_the_choices(self) -> None:
        variant = Option("variant", "", default="basic", choices=("basic", "expert"))
        assert variant.check("expert") == "expert"
        with pytest.raises(OptionError, match="must be one of basic, expert, not 'easy'"):
            variant.check("easy")
