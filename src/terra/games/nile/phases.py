"""Source of the Nile 4.0-8.3: the decisions of the game, in the order of play, and the moves
each offers (declared in the chapter modules, by name).

Each phase says what the player to act is doing, the section that says so, and the moves it
offers, in the order its legal actions are listed.
"""

from __future__ import annotations

from terra.core.moves import Phase as PhaseBase

RULE_SETUP = "Source of the Nile, 4.0 Set-Up for Play"
RULE_COUNTERS = "Source of the Nile, 4.4 Set-Up (discovery counters)"
RULE_PORT = "Source of the Nile, 4.5 Set-Up (port)"
RULE_SPECIALTY = "Source of the Nile, 4.6 Set-Up (specialty)"
RULE_OUTFIT = "Source of the Nile, 5.0 Outfitting Your Expedition"
RULE_VICTORY = "Source of the Nile, 7.0 Victory Conditions"
RULE_TURN = "Source of the Nile, 8.0 Sequence of Play"
RULE_RETREAT = "Source of the Nile, 9.44-9.46 Retreat"
RULE_NATIVES = "Source of the Nile, 13.0 Interaction with Natives"
RULE_NEGOTIATION = "Source of the Nile, 14.0 Native Negotiation and Trade"
RULE_DEFEAT = "Source of the Nile, 15.0 Consequences of Defeat"
RULE_RESULTS = "Source of the Nile, 16.0 Results of Victory"
RULE_EUROPE = "Source of the Nile, 21.0 Return to Europe"
RULE_PUBLISH = "Source of the Nile, 22.0 Publishing"
RULE_NEW = "Source of the Nile, 26.0 Outfitting New Expeditions"
RULE_MISSION = "Source of the Nile, 40.5 Missionary and Doctor (Game II)"
RULE_JOINT = "Source of the Nile, 29.0 Joint Expeditions (Game II)"

# What an explorer may do at any time of his turn in Africa (9.6, 17, 5.51-5.52).
_ALTER = ("leave", "leave sick", "leave find", "cache", "cache find", "dig")


class Phase(PhaseBase):
    """The decision at hand. The members keep their order: a phase is its number."""

    COUNTERS = "placing a discovery counter", RULE_COUNTERS, ("counter",)
    PORT = "choosing a port", RULE_PORT, ("sail to",)
    SPECIALTY = "choosing a specialty", RULE_SPECIALTY, ("specialty",)
    OUTFIT = (
        "outfitting the expedition",
        RULE_OUTFIT,
        ("buy", "take", "travel", "leave", "leave sick", "carry", "stop", "done"),
    )
    ACTIVITY = (
        "choosing the activity level",
        RULE_TURN,
        (
            "activity",
            "sail for europe",
            "travel",
            "take",
            *_ALTER,
            "carry",
            "stop",
            "join",
            "split",
            "retire",
        ),
    )
    MOVING = (
        "moving",
        RULE_TURN,
        (
            "move",
            "travel",
            "trade",
            "take",
            *_ALTER,
            "shoot",
            "interview",
            "carry",
            "stop",
            "done",
            "retire",
        ),
    )
    RETREAT = "retreating or staying", RULE_RETREAT, ("retreat", "stay", "travel", "leave")
    POLICY = "choosing a policy toward the natives", RULE_NATIVES, ("policy",)
    NEGOTIATE = "negotiating", RULE_NEGOTIATION, ("offer", "offer everything")
    ESCAPE = "choosing who escapes", RULE_DEFEAT, ("escape", "done")
    SPOILS = "deciding the prisoners' fate", RULE_RESULTS, ("release", "keep", "loot")
    CAPTIVITY = "held captive", RULE_DEFEAT, ("done", "retire")
    EUROPE = (
        "in Europe",
        RULE_EUROPE,
        (
            "publish",
            "publish all but hexes",
            "publish part",
            "sail to",
            "collect",
            "join",
            "split",
        ),
    )
    OVER = "the game is over", RULE_VICTORY
    PUBLISHING = "choosing what to publish", RULE_PUBLISH, ("publish part", "done")
    MISSION = "choosing a die for the mission", RULE_MISSION, ("keep die",)
    JOINT = "travelling in a joint expedition", RULE_JOINT, ("split", "done", "retire")
    ANSWER = "answering a proposal", RULE_JOINT, ("agree", "refuse"), "refuse"


def cite(section: str) -> str:
    """The rule a refusal cites: ``section`` of this rulebook."""
    return f"Source of the Nile, {section}"


# Each phase as a module constant: the rules compare the phase with them at every step of a
# search, and a constant is read many times faster than an enum's member.
COUNTERS = Phase.COUNTERS
PORT = Phase.PORT
SPECIALTY = Phase.SPECIALTY
OUTFIT = Phase.OUTFIT
ACTIVITY = Phase.ACTIVITY
MOVING = Phase.MOVING
RETREAT = Phase.RETREAT
POLICY = Phase.POLICY
NEGOTIATE = Phase.NEGOTIATE
ESCAPE = Phase.ESCAPE
SPOILS = Phase.SPOILS
CAPTIVITY = Phase.CAPTIVITY
EUROPE = Phase.EUROPE
OVER = Phase.OVER
PUBLISHING = Phase.PUBLISHING
MISSION = Phase.MISSION
JOINT = Phase.JOINT
ANSWER = Phase.ANSWER
