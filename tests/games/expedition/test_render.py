"""Terminal play: the board shows what the seat may see, and the log reads as English."""

from __future__ import annotations

import random

from rich.console import Console

import terra
from terra.games.expedition import ExpeditionState
from terra.games.expedition.render import catalog, describe
from tests.games.expedition import table

GAME = terra.game("expedition")


def text(state: ExpeditionState, seat: int | None) -> str:
    console = Console(width=400, record=True, color_system=None)
    console.print(GAME.render_terminal(state, seat))
    return console.export_text()


def midgame() -> ExpeditionState:
    state = table.playing(2, 4)
    rng = random.Random(4)
    for _ in range(60):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_board_shows_expeditions_players_missions_and_own_hand() -> None:
    state = midgame()
    shown = text(state, 0)
    for words in ("Expeditions", "arrows left", "Players", "vouchers", "Public missions",
                  "Your research cards", "Research deck", "Recent events"):  # fmt: skip
        assert words in shown
    names = state.data.point_names
    for card in state.hand[0]:
        assert names[card] in shown
    for card in state.public:
        assert names[card] in shown


def test_the_board_hides_the_other_hands() -> None:
    state = midgame()
    shown = text(state, 0)
    names = state.data.point_names
    secret = [c for c in state.hand[1] if state.chip[c] != 1 and c not in state.public]
    shown_elsewhere = set(state.hand[0]) | {c for laid in state.laid for c in laid}
    for card in secret:
        if card not in shown_elsewhere:
            assert names[card] not in shown, names[card]
    spectator = text(state, None)
    assert "Your research cards" not in spectator


def test_every_event_reads_as_a_sentence() -> None:
    keys = set(catalog()["event"])
    seen: set[str] = set()
    for seed in range(6):
        state = table.new(2 + seed % 3, seed, variant_a=seed % 2 == 1)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        for seat in range(state.num_players):
            for event in state.log(seat):
                sentence = describe(event, state.data)
                assert "{" not in sentence and sentence.endswith("."), sentence
                seen.add(event["key"])
        assert GAME.describe_event(state, state.events[-1]).startswith("The game is over")
    assert seen <= keys
    assert keys - seen <= {"loop_blocked", "reject", "pass"}


def test_the_notation_help_names_every_kind_of_action() -> None:
    help_text = GAME.notation_help()
    for words in ("mark", "pass", "voucher arrow", "voucher remove", "voucher exchange", "keep",
                  "done", ">"):  # fmt: skip
        assert words in help_text
