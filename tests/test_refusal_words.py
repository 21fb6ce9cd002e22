"""Every refusal can be said in every language of the pages (issue "Learn and play in the
browser": refusals in English, German and Dutch).

A refusal is made by ``terra.core.errors.refusal(key, template, rule, **fields)`` with its key
and English template written as literals where the rule is; each game's catalogs
``locale/{de,nl}.toml`` (the core's for the core's own refusals) give the key's template with
the same placeholders.
"""

from __future__ import annotations

import ast
import string
import tomllib
from collections import defaultdict
from importlib.resources import files
from pathlib import Path

import pytest

import terra
from terra.core.errors import IllegalAction
from terra.core.registry import game, games

TRANSLATED = ("de", "nl")
SOURCE = Path(terra.__file__).parent
GAMES = [g.id for g in games()]
PACKAGES = {"core": "terra.core", **{g: f"terra.games.{g}" for g in GAMES}}


def _placeholders(template: str) -> frozenset[str]:
    return frozenset(name for _, name, _, _ in string.Formatter().parse(template) if name)


def _refusals(folder: Path) -> dict[str, set[frozenset[str]]]:
    """Each refusal key made under ``folder``, with the placeholders of its templates."""
    found: dict[str, set[frozenset[str]]] = defaultdict(set)
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            if name != "refusal" or not node.args:
                continue
            key, template = ([*node.args, None, None])[:2]
            where = f"{path.relative_to(SOURCE)}:{node.lineno}"
            assert isinstance(key, ast.Constant) and isinstance(key.value, str), where
            assert isinstance(template, ast.Constant) and isinstance(template.value, str), where
            found[key.value].add(_placeholders(template.value))
    return found


def _folder(package: str) -> Path:
    return SOURCE.joinpath(*package.split(".")[1:])


def _catalog(package: str, language: str) -> dict[str, str]:
    source = files(package) / "locale" / f"{language}.toml"
    return dict(tomllib.loads(source.read_text("utf-8")).get("refusal", {}))


@pytest.mark.parametrize("name", sorted(PACKAGES))
def test_every_refusal_has_one_set_of_placeholders(name: str) -> None:
    made = _refusals(_folder(PACKAGES[name]))
    assert made, f"{name} makes no refusal with terra.core.errors.refusal"
    mixed = {key: shapes for key, shapes in made.items() if len(shapes) > 1}
    assert not mixed, f"one key, templates with different placeholders: {mixed}"


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("name", sorted(PACKAGES))
def test_every_refusal_is_said_in_each_language(name: str, language: str) -> None:
    package = PACKAGES[name]
    made = {key: next(iter(shapes)) for key, shapes in _refusals(_folder(package)).items()}
    said = _catalog(package, language)
    missing = sorted(set(made) - set(said))
    assert not missing, f"{package} locale/{language}.toml lacks [refusal] {missing}"
    unused = sorted(set(said) - set(made))
    assert not unused, f"{package} locale/{language}.toml has refusals no rule makes: {unused}"
    wrong = {k: sorted(_placeholders(t)) for k, t in said.items() if _placeholders(t) != made[k]}
    assert not wrong, f"{package} locale/{language}.toml: placeholders differ from English: {wrong}"


@pytest.mark.parametrize("name", GAMES)
def test_a_game_refuses_only_through_refusal(name: str) -> None:
    """No rule builds an :class:`IllegalAction` by hand: each is a keyed refusal, so that it
    can be translated (a typed notation the game cannot read, ``NotationError``, aside)."""
    folder = _folder(PACKAGES[name])
    by_hand = [
        f"{path.relative_to(SOURCE)}:{node.lineno}"
        for path in sorted(folder.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text("utf-8")))
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalAction"
    ]
    assert not by_hand, f"IllegalAction built without a key: {by_hand}"


def _refused(name: str, positions: int = 12) -> list[IllegalAction]:
    """The refusals of every action not legal now, at the first decisions of a seeded game."""
    g = game(name)
    state = g.new(g.min_players, 7)
    found: list[IllegalAction] = []
    size = state.num_actions
    for _ in range(positions):
        if state.is_over:
            break
        legal = set(state.legal_actions())
        for action in range(0, size, max(1, size // 400)):
            if action not in legal:
                problem = state.explain_illegal(action)
                if problem is not None:
                    found.append(problem)
        state.apply(sorted(legal)[len(legal) // 2])
    return found


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("name", GAMES)
def test_refusals_met_in_play_read_in_the_language(name: str, language: str) -> None:
    g = game(name)
    refused = _refused(name)
    assert refused, f"no refusal met in {name}'s first decisions"
    for problem in refused:
        assert problem.key is not None, problem.reason
        said = g.refusal_text(problem, language)
        assert said != problem.reason, f"{problem.key!r} reads in {language} as in English: {said}"
        assert "{" not in said, said
