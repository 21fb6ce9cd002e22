"""Tournament reports: a self-contained HTML file or Markdown with its plots beside it, a
header that says what was played on which data, and clear errors."""

from __future__ import annotations

import base64
import importlib
import itertools
import re
import shutil
from importlib.resources import files
from pathlib import Path
from types import ModuleType

import pytest

from terra.core.errors import TerraError
from terra.sim.report import histogram_edges, report_format, write_report
from terra.sim.tables import milliseconds
from terra.sim.tournament import Tournament, run_tournament, schedule

PNG = b"\x89PNG\r\n\x1a\n"
COMMAND = "terra tournament expedition --bots random,greedy -n 2"


@pytest.fixture(scope="module")
def tournament() -> Tournament:
    return run_tournament("expedition", schedule(["random", "greedy"], 2, 2), 4, workers=1)


@pytest.fixture(scope="module")
def html_report(tmp_path_factory: pytest.TempPathFactory, tournament: Tournament) -> Path:
    folder = tmp_path_factory.mktemp("html")
    path = folder / "report.html"
    assert write_report(tournament, path, COMMAND) == [path]
    assert list(folder.iterdir()) == [path]
    return path


def test_html_is_one_file_with_every_plot_embedded(html_report: Path) -> None:
    page = html_report.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    images = re.findall(r'src="data:image/png;base64,([^"]+)"', page)
    assert len(images) == 5  # ratings, win rate by bot, by seat, scores, lengths
    assert all(base64.b64decode(image).startswith(PNG) for image in images)
    assert not re.search(r"(src|href)=\"(?!data:)", page)  # nothing fetched from elsewhere


def test_html_header_says_what_was_played(html_report: Path) -> None:
    page = html_report.read_text(encoding="utf-8")
    for fact in (
        "Expedition (expedition), 2 players",
        "random, greedy",
        "4 (game i is played from seed 4 + i)",
        "2 completed, 0 failed",
        "Provisional data",
        COMMAND,
        "mu ± 2 sigma",
    ):
        assert fact in page, fact


def test_markdown_has_its_plots_beside_it(tmp_path: Path, tournament: Tournament) -> None:
    path = tmp_path / "balance.md"
    written = write_report(tournament, path, COMMAND)
    names = sorted(p.name for p in written[1:])
    assert names == [
        "balance-bot-wins.png",
        "balance-lengths.png",
        "balance-ratings.png",
        "balance-scores.png",
        "balance-seat-wins.png",
    ]
    text = path.read_text(encoding="utf-8")
    for name in names:
        assert f"]({name})" in text
        assert (tmp_path / name).read_bytes().startswith(PNG)
    assert "| seat | win rate ± SE | fair share | mean score |" in text


def test_one_bot_in_every_seat_reports_seats_without_ratings(tmp_path: Path) -> None:
    balance = run_tournament("expedition", schedule(["random"], 3, 2), workers=1)
    path = tmp_path / "seats.html"
    write_report(balance, path, "terra tournament expedition --bots random -p 3 -n 2")
    page = path.read_text(encoding="utf-8")
    assert len(re.findall(r'src="data:image/png', page)) == 3  # seats, scores, lengths
    assert "random in every seat" in page
    assert "Ratings with their intervals" not in page


def test_a_transcription_is_named_as_such(tmp_path: Path) -> None:
    data = tmp_path / "my-map"
    shutil.copytree(str(files("terra.games.expedition") / "data"), data)
    text = (data / "map.toml").read_text(encoding="utf-8")
    (data / "map.toml").write_text(
        text.replace("provisional = true", "provisional = false"), encoding="utf-8"
    )
    played = run_tournament(
        "expedition",
        schedule(["random", "greedy"], 2, 2),
        workers=1,
        options={"data": str(data)},
    )
    path = tmp_path / "mine.md"
    write_report(played, path, COMMAND)
    text = path.read_text(encoding="utf-8")
    assert "a transcription (not provisional)" in text
    assert "Provisional data" not in text
    assert f"data={data}" in text


def test_only_html_and_markdown_are_written() -> None:
    assert report_format(Path("x.HTML")) == "html"
    assert report_format(Path("x.md")) == "md"
    with pytest.raises(TerraError, match=r"an \.html or \.md file, not 'x\.pdf'"):
        report_format(Path("x.pdf"))


def test_without_matplotlib_the_error_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, tournament: Tournament
) -> None:
    real = importlib.import_module

    def without_matplotlib(name: str, package: str | None = None) -> ModuleType:
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real(name, package)

    monkeypatch.setattr(importlib, "import_module", without_matplotlib)
    with pytest.raises(TerraError, match=r'pip install "terra-incognita\[report\]"'):
        write_report(tournament, tmp_path / "r.html", COMMAND)
    assert not (tmp_path / "r.html").exists()


def test_a_folder_that_cannot_be_written_is_an_error(tournament: Tournament) -> None:
    with pytest.raises(TerraError, match=r"cannot write the report .*: no folder"):
        write_report(tournament, Path("/proc/no-such/report.html"), COMMAND)
    with pytest.raises(TerraError, match="cannot write the report"):
        write_report(tournament, Path("/proc/report.html"), COMMAND)


@pytest.mark.parametrize(
    ("values", "step"),
    [
        ([17.0, 17.5, 25.0, 25.5, 45.0], 0.5),  # turns per player of 2-player games
        ([10.25, 10.5, 30.75], 0.25),
        ([177.0, 244.0, 363.0], 1.0),  # actions
        ([12.0, 13.0], 1.0),
        ([40.0], 0.5),
    ],
)
def test_every_length_bar_covers_as_many_possible_values(values: list[float], step: float) -> None:
    # Equal-width bars that ignore the grid of possible values drew stripes that are not in
    # the data (a 200-game Africana report: bars of 31 and 14 games side by side).
    edges = histogram_edges(values, step)
    assert len(edges) - 1 <= 20
    grid = [min(values) + i * step for i in range(round((max(values) - min(values)) / step) + 1)]
    counts = [sum(low < v < high for v in grid) for low, high in itertools.pairwise(edges)]
    assert len(set(counts[:-1])) <= 1 and counts[-1] <= counts[0]  # the last may be cut short
    assert sum(counts) == len(grid)  # no grid point on an edge, none outside


def test_thinking_times_read_in_milliseconds_without_rounding_a_fast_bot_to_zero() -> None:
    assert [milliseconds(s) for s in (0.000277, 0.0048, 0.0123, 0.312, 1.24)] == [
        "0.277",
        "4.8",
        "12.3",
        "312",
        "1,240",
    ]
    assert milliseconds(None) == "-"
