"""Expedition's rulebook as the game cites it: its sections, and the phases of play.

Sections are those of the English translation of the Queen Games 1996 rulebook; refusals, the
log and the documentation name them. Each phase says what the player to act is doing, the
section that says so, and the moves it offers, declared in the modules named after the
chapters: :mod:`~terra.games.expedition.marking`, :mod:`~terra.games.expedition.gameplay`,
:mod:`~terra.games.expedition.building` and :mod:`~terra.games.expedition.vouchers`.
"""

from __future__ import annotations

from terra.core.moves import Phase as PhaseBase

RULE_SETUP = "Expedition, Preparation"
RULE_CHIPS = "Expedition, Marking Research Destinations"
RULE_TURN = "Expedition, Gameplay"
RULE_BUILD = "Expedition, Building Rules"
RULE_START = "Expedition, Building Rules - Starting an Expedition"
RULE_WRAP = "Expedition, Building Rules - Game Board Edges"
RULE_GREEN = "Expedition, Stations - Green Station"
RULE_RED = "Expedition, Stations - Red Station"
RULE_LOOP = "Expedition, Loops"
RULE_LOOP_A = "Expedition, Variant A - Loops"
RULE_VOUCHERS = "Expedition, Travel Vouchers"
RULE_REMOVE = "Expedition, Travel Vouchers - Remove an Arrow"
RULE_EXCHANGE = "Expedition, Travel Vouchers - Exchange a Research Mission"
RULE_MISSIONS = "Expedition, Research Missions"
RULE_PUBLIC = "Expedition, Public Research Missions"
RULE_END = "Expedition, Game End"
RULE_VARIANT_A = "Expedition, Variant A"


class Phase(PhaseBase):
    """The phases of Expedition: what the player to act is doing, and the moves it may make.

    A turn of play is :attr:`PLAYING`, with two moments inside it where one thing must come
    first: the extra arrow of a loop just closed (:attr:`LOOP_ARROW`) and the choice of a card
    drawn in an exchange (:attr:`KEEPING`). Views name all three ``playing``.
    """

    MARKING = (
        "first every player marks research destinations with chips ('mark <site>')",
        RULE_CHIPS,
        ("mark", "pass"),
    )
    """Marking Research Destinations: in turn, each player places a chip (Variant A: passes)."""

    PLAYING = (
        "it is your turn: place an arrow, use a travel voucher or end your turn ('done')",
        RULE_TURN,
        ("arrow", "voucher arrow", "voucher remove", "voucher exchange", "done"),
    )
    """Gameplay: arrows (one a turn, more from green stations and vouchers), then ``done``."""

    LOOP_ARROW = "a loop was closed: first place the extra arrow", RULE_LOOP, ("arrow",)
    """Loops: the expedition that closed a loop gets another arrow at once."""

    KEEPING = (
        "first keep one of the cards you drew ('keep <site>')",
        RULE_EXCHANGE,
        ("keep",),
    )
    """Travel Vouchers - Exchange a Research Mission: one of the cards drawn is kept."""

    OVER = "the game is over", RULE_END
    """Game End: no more arrows can be played (Variant B: somebody took back every chip)."""
