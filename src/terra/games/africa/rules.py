"""Africa's rules as the core plays them: the phases, every move in the fixed order of the
action space, the set-up, the scoring and what each seat may know.

Each move is declared once, in the module of its rulebook chapter; this list fixes their order
in the action space (the order of records and RL masks: never to be changed), and the core
derives from it the table, the dispatch, the legal actions and the refusals
(:mod:`terra.core.moves`). Built after :class:`~terra.games.africa.state.AfricaState`, whose
chapters import it, and bound to it here.
"""

from __future__ import annotations

from terra.core.moves import Rulebook
from terra.games.africa import (
    actions,
    animals,
    camps,
    game_play,
    movement,
    scoring,
    setup,
    uncovering,
    view,
)
from terra.games.africa.components import Components
from terra.games.africa.rulebook import Phase
from terra.games.africa.state import AfricaState


def parse(state: AfricaState, text: str) -> int:
    """What ``text`` names beyond the notation itself (:func:`terra.games.africa.actions.parse`)."""
    return actions.parse(state.data, state.tables, text)


RULEBOOK: Rulebook[AfricaState, Components] = Rulebook(
    title="Africa",
    phases=Phase,
    moves=(
        game_play.NO_ACTION,
        uncovering.KEEP_GOOD,
        camps.CAMP_RESEARCH,
        camps.CAMP_RESOURCES,
        setup.START_CITY,
        movement.JUMP,
        movement.GO,
        uncovering.UNCOVER,
        animals.MOVE,
        animals.PLACE,
        uncovering.EXCHANGE,
    ),
    set_up=setup.set_up,
    space=actions.action_table,
    parse=parse,
    breakdown=scoring.breakdown,
    winners=scoring.winners,
    view=view.view,
    redeal=view.redeal,
)

AfricaState.bind(RULEBOOK)
