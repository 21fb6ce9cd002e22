"""Writes docs/rules-index.md: for every rulebook section, the module that holds it and the
tests that cite it.

A module holds the sections its docstring names and those its declarations carry out (each
``Move``'s and each ``Phase``'s ``rule``). A test cites a section by its rule text, as the
game's refusals name it: "Africa, Actions - 2. Moving Animals" or "Source of the Nile, 14.2"
(a list of numbers and ranges may follow: "Source of the Nile 11.42-11.45, 13-17"). The
Nile's sections are numbered, and a module that holds 14.3 holds 14.31 too.

    python tools/rules_index.py          # write docs/rules-index.md
    python tools/rules_index.py --check  # exit 1 if it is out of date or a cited section
                                         # is held by no module
"""

from __future__ import annotations

import argparse
import ast
import importlib
import pkgutil
import re
import sys
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import EnumMeta
from pathlib import Path

from terra.core.moves import Phase

ROOT = Path(__file__).resolve().parents[1]
INDEX = ROOT / "docs" / "rules-index.md"
TESTS = ROOT / "tests"

# Each game's package and the words that begin its rule texts.
TITLES = {
    "africa": "Africa",
    "africana": "Africana",
    "expedition": "Expedition",
    "nile": "Source of the Nile",
}
NUMBERED = {"nile"}  # games whose sections are numbers

_NUMBER = r"\d{1,2}(?:\.\d{1,4})?"
_SPAN = rf"{_NUMBER}(?:\s*-\s*{_NUMBER})?"
_NUMBERS = re.compile(rf"\s*[,:]?\s*({_SPAN}(?:\s*,\s*{_SPAN})*)(?![\d.]*\s*players)")

Section = tuple[int, ...]  # "14.31" is (14, 3, 1)


def section(text: str) -> Section:
    """A numbered section as a tuple of its digits after the chapter: 16.421 -> (16, 4, 2, 1);
    a chapter's ".0" is the whole chapter: 21.0 -> (21,)."""
    chapter, _, rest = text.partition(".")
    return (int(chapter), *(int(digit) for digit in rest.rstrip("0")))


def spans(text: str) -> list[tuple[Section, Section]]:
    """The sections a list of numbers and ranges names, each as (first, last)."""
    found = []
    for part in text.split(","):
        first, _, last = part.strip().partition("-")
        found.append((section(first.strip()), section((last or first).strip())))
    return found


def within(number: Section, span: tuple[Section, Section]) -> bool:
    """Whether a section lies in a span, a section holding its subsections."""
    first, last = span
    return number[: len(first)] >= first and number[: len(last)] <= last


def written(number: Section) -> str:
    return f"{number[0]}.{''.join(map(str, number[1:]))}" if len(number) > 1 else str(number[0])


@dataclass
class Game:
    """What the index says of one game: its sections, who holds them, who cites them."""

    id: str
    title: str
    named: set[str] = field(default_factory=set)  # the rule texts the game's code names
    # by tier: 0 for module docstrings and declarations, 1 for the docstrings of functions
    held: tuple[dict[str, set[str]], ...] = field(
        default_factory=lambda: (defaultdict(set), defaultdict(set))
    )
    spans: tuple[dict[str, list[tuple[Section, Section]]], ...] = field(
        default_factory=lambda: (defaultdict(list), defaultdict(list))
    )
    cited: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))

    def citations(self, text: str) -> Iterator[str]:
        """Every section ``text`` cites: rule texts for named sections, numbers otherwise."""
        title = re.escape(self.title)
        if self.id in NUMBERED:
            for match in re.finditer(title, text):
                numbers = _NUMBERS.match(text, match.end())
                if numbers:
                    for first, last in spans(numbers.group(1)):
                        yield written(first)
                        if last != first:
                            yield written(last)
            return
        aliases = self.aliases()
        for match in re.finditer(rf"\b{title}, ", text):
            rest = text[match.start() :]
            known = [alias for alias in aliases if rest.startswith(alias)]
            if known:
                yield aliases[max(known, key=len)]

    def aliases(self) -> dict[str, str]:
        """Each named section by its full rule text, and by its game and last part alone
        ("Africana, Check Card Limits" for "Africana, End of a Turn - Check Card Limits")."""
        found = {name: name for name in self.named}
        for name in sorted(self.named):
            short = f"{self.title}, {name.rpartition(' - ')[2]}"
            found.setdefault(short, name)
        return found

    def holders(self, cited: str) -> list[str]:
        """The modules that hold a cited section: those whose docstring names it or which
        declare its moves, else those with a function that says it carries it out; for
        numbers, the most particular ones."""
        for tier in range(2):
            found = self._holders(cited, tier)
            if found:
                return found
        return []

    def _holders(self, cited: str, tier: int) -> list[str]:
        if self.id not in NUMBERED:
            return sorted(self.held[tier].get(cited, ()))
        number = section(cited)
        best: dict[str, int] = {}
        for module, module_spans in self.spans[tier].items():
            depth = max((len(s[0]) for s in module_spans if within(number, s)), default=0)
            if depth:
                best[module] = depth
        if not best:  # a whole chapter or section: the modules that hold parts of it
            return sorted(
                module
                for module, module_spans in self.spans[tier].items()
                if any(first[: len(number)] == number for first, _ in module_spans)
            )
        deepest = max(best.values())
        return sorted(module for module, depth in best.items() if depth == deepest)

    def hold(self, module: str, text: str, tier: int) -> None:
        """Note the sections ``text`` names as held by ``module``."""
        for cited in self.citations(text):
            self.held[tier][cited].add(module)
        if self.id in NUMBERED:
            for match in re.finditer(re.escape(self.title), text):
                numbers = _NUMBERS.match(text, match.end())
                if numbers:
                    self.spans[tier][module] += spans(numbers.group(1))
            summary = text.split("\n\n", maxsplit=1)[0].split(":", maxsplit=1)[0]
            if tier == 0 and summary.startswith(self.title):
                for span in re.finditer(_SPAN, summary):
                    self.spans[tier][module] += spans(span.group(0))


def _docstrings(path: Path) -> tuple[str, str]:
    """A module's docstring, and those of its functions and classes."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    inner = [
        ast.get_docstring(node) or ""
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
    ]
    return ast.get_docstring(tree) or "", "\n".join(inner)


def _rule_texts(path: Path, title: str) -> Iterator[str]:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
            if text.startswith(f"{title}, ") and not any(mark in text for mark in ":\n{"):
                yield text


def _moves_declared(path: Path) -> Iterator[str]:
    """The names a module binds to a ``Move(...)`` it builds itself."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign | ast.AnnAssign) and isinstance(node.value, ast.Call):
            call = node.value.func
            if isinstance(call, ast.Name) and call.id == "Move":
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                yield from (t.id for t in targets if isinstance(t, ast.Name))


def _declared(package: str) -> Iterator[tuple[str, str, int]]:
    """(module, rule, tier) for every move and phase a game declares, where it is declared:
    a move's module holds its rule (tier 0); the phases' module only where nothing else does."""
    root = importlib.import_module(package)
    for info in pkgutil.walk_packages(root.__path__, f"{package}."):
        module = importlib.import_module(info.name)
        path = Path(module.__file__ or "")
        for name in _moves_declared(path):
            yield info.name, getattr(module, name).rule, 0
        for value in vars(module).values():
            if (
                isinstance(value, EnumMeta)
                and issubclass(value, Phase)
                and value is not Phase
                and value.__module__ == info.name
            ):
                for phase in value:
                    yield info.name, phase.rule, 1


def collect() -> list[Game]:
    """Every game's sections, holders and citations, read from the code and the tests."""
    games = []
    for game_id, title in TITLES.items():
        game = Game(game_id, title)
        src = ROOT / "src" / "terra" / "games" / game_id
        for path in sorted(src.rglob("*.py")):
            game.named.update(_rule_texts(path, title))
        declared = list(_declared(f"terra.games.{game_id}"))
        game.named.update(rule for _, rule, _ in declared)
        for path in sorted(src.rglob("*.py")):
            module = ".".join(path.relative_to(ROOT / "src").with_suffix("").parts)
            module = module.removesuffix(".__init__")
            for tier, text in enumerate(_docstrings(path)):
                game.hold(module, text, tier)
        for module, rule, tier in declared:
            game.hold(module, rule, tier)
        for path in sorted(TESTS.rglob("test_*.py")):
            if path.name == "test_rules_index.py":  # its examples cite no rule
                continue
            text = path.read_text(encoding="utf-8")
            for cited in game.citations(text):
                game.cited[cited].add(path.relative_to(ROOT).as_posix())
        games.append(game)
    return games


def render(games: list[Game]) -> str:
    lines = [
        "# Rules index",
        "",
        "Every rulebook section the code holds or a test cites: the module that holds it (its",
        "docstring names the section, or a move or phase declared there carries it out) and the",
        "test files that cite it. Written by `python tools/rules_index.py`; the tests check that",
        "it is current and that every section a test cites is held by a module.",
        "",
    ]
    for game in games:
        lines += [f"## {game.title}", "", "| Section | Module | Tests |", "| --- | --- | --- |"]
        sections = set(game.cited) | set(game.held[0])
        ordered = sorted(sections, key=section if game.id in NUMBERED else None)
        for cited in ordered:
            modules = ", ".join(f"`{m.removeprefix('terra.games.')}`" for m in game.holders(cited))
            tests = ", ".join(
                f"`{t.removeprefix('tests/')}`" for t in sorted(game.cited.get(cited, ()))
            )
            name = cited.removeprefix(f"{game.title}, ")
            lines.append(f"| {name} | {modules or '(none)'} | {tests} |")
        lines.append("")
    return "\n".join(lines)


def unheld(games: list[Game]) -> list[str]:
    """The sections a test cites that no module holds."""
    return [
        f"{game.title}: {cited} (cited in {', '.join(sorted(files))})"
        for game in games
        for cited, files in sorted(game.cited.items())
        if not game.holders(cited)
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="check instead of writing")
    args = parser.parse_args(argv)
    games = collect()
    text = render(games)
    missing = unheld(games)
    if args.check:
        stale = not INDEX.exists() or INDEX.read_text(encoding="utf-8") != text
        if stale:
            print("docs/rules-index.md is out of date: run python tools/rules_index.py")
        for line in missing:
            print(f"held by no module: {line}")
        return 1 if stale or missing else 0
    INDEX.write_text(text, encoding="utf-8")
    for line in missing:
        print(f"held by no module: {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
