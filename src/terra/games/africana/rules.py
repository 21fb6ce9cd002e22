"""Africana's rules as the core plays them: the phases, every move in the fixed order of the
action space, the set-up, the scoring and what each seat may know.

Each move is declared once, in the module of its rulebook chapter; this list fixes their order
in the action space (the order of records and RL masks: never to be changed), and the core
derives from it the table, the dispatch, the legal actions and the refusals
(:mod:`terra.core.moves`). The state is played by it from here (``AfricanaState.bind``), so
that the state's module need not import the chapters.
"""

from __future__ import annotations

from terra.core.moves import Rulebook
from terra.games.africana import (
    actions,
    adventures,
    buying,
    drawing,
    end_of_turn,
    expeditions,
    gameplay,
    movement,
    scoring,
    setup,
    view,
)
from terra.games.africana.components import Components
from terra.games.africana.rulebook import Phase
from terra.games.africana.state import AfricanaState


def parse(state: AfricanaState, text: str) -> int:
    """The action ``text`` names where it is not the notation itself (``go to Cairo with
    grey``); -1 when it is no action (:func:`terra.games.africana.actions.parse`)."""
    return actions.parse(state.tables, state.data, text)


RULEBOOK: Rulebook[AfricanaState, Components] = Rulebook(
    title="Africana",
    phases=Phase,
    moves=(
        drawing.DRAW_TRAVEL_CARDS,
        buying.CHOOSE_BUY,
        movement.CHOOSE_MOVE,
        gameplay.END_ACTION,
        buying.TURN_PAGE_FORWARD,
        buying.TURN_PAGE_BACK,
        buying.BUY_ADVENTURE,
        movement.GO,
        expeditions.JOIN_EXPEDITION,
        expeditions.END_EXPEDITION,
        adventures.END_ADVENTURE,
        end_of_turn.DISCARD_CARD,
        end_of_turn.DISCARD_ADVENTURE,
    ),
    set_up=setup.set_up,
    space=actions.action_table,
    parse=parse,
    breakdown=scoring.breakdown,
    winners=scoring.winners,
    view=view.view,
    redeal=view.redeal,
)

AfricanaState.bind(RULEBOOK)
