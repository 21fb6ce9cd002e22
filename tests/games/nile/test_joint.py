"""Source of the Nile 29.0 Joint Expeditions (Game II), played through the notation: joining in
Africa (29.1, 29.4) by proposal and answers, one move a round in the last partner's turn (29.3),
splitting at will (29.6) by agreement or by the dice (29.7), scattering on defeat (29.5), and
discoveries on every partner's sheet (29.8); decisions N214-N218."""

from __future__ import annotations

import random

import pytest

from terra.core import IllegalAction
from terra.games.nile import defeat, hunting, joint
from terra.games.nile.bots.greedy import greedy_action
from terra.games.nile.explorer import IN_AFRICA, IN_EUROPE, TO_EUROPE
from terra.games.nile.party import Party, people
from terra.games.nile.state import NileState

from . import positions as pos
from .positions import dice, keys
from .test_game_two import game_two

COLOURS = ("red", "blue", "yellow")


def three_in_africa(where: str = "0403", players: int = 3) -> NileState:
    """Game II with every explorer in Africa at ``where`` with the foot sample, at the start of
    the first seat's turn."""
    state = game_two(players)
    while state.phase_name != "activity":
        offered = [state.action_str(a) for a in state.legal_actions()]
        sail = [text for text in offered if text.startswith("sail to")]
        collect = "collect donations" if "collect donations" in offered else "done"
        state.play(sail[0] if sail else collect)
    for seat in range(players):
        state.explorer(seat).status = IN_AFRICA
        pos.put(state, seat, where, pos.foot_party())
    return state


def order(state: NileState) -> list[int]:
    """The seats in the order of play, the first seat first (8.1)."""
    return [(state.first + k) % state.num_players for k in range(state.num_players)]


def joined(state: NileState) -> tuple[int, int]:
    """The first two seats to play, the second having agreed to the first's proposal: the
    partner (the first) and the leader."""
    first, second = order(state)[:2]
    assert state.player == first
    state.play(f"join {COLOURS[second]}")
    state.play("agree")
    return first, second


def third_to_ask() -> tuple[NileState, int, int, int]:
    """Three explorers in one hex, two of them joined; the third's turn starts. The state, the
    partner, the leader and the third."""
    state = three_in_africa()
    partner, leader = joined(state)
    third = order(state)[2]
    state.play("normal")
    state.play("done")
    assert state.player == third
    return state, partner, leader, third


def offered_next_turn(state: NileState) -> set[str]:
    """The moves offered to the explorer to act at the start of his next turn, every explorer
    staying where he is until then."""
    seat = state.player
    state.play("normal")
    state.play("done")
    while state.player != seat or state.phase_name != "activity":
        state.play("done" if state.phase_name in ("moving", "joint") else "normal")
    return {state.action_str(a) for a in state.legal_actions()}


class TestJoining:
    """29.1, 29.3, 29.4."""

    def test_a_proposal_is_answered_by_the_explorer_asked(self) -> None:
        """29.4: in the same hex; the answer is the other seat's decision."""
        state = three_in_africa()
        first, second = order(state)[:2]
        offered = {state.action_str(a) for a in state.legal_actions()}
        assert {f"join {COLOURS[second]}", f"join {COLOURS[order(state)[2]]}"} <= offered
        state.play(f"join {COLOURS[second]}")
        assert state.phase_name == "answer" and state.current_player == second
        assert {state.action_str(a) for a in state.legal_actions()} == {"agree", "refuse"}
        assert state.view(None)["proposal"]["proposer"] == first

    def test_joined_expeditions_pool_everything_and_move_in_the_last_partners_turn(
        self,
    ) -> None:
        """29.1, 29.3 (decision N215): the leader is the partner who plays later; he holds the
        pooled expedition, the partner his own health alone, and the partner's turn ends."""
        state = three_in_africa()
        partner, leader = joined(state)
        head, other = state.explorers[leader], state.explorers[partner]
        assert head.party.rations == 280 and head.party.askaris == 18
        assert head.party.partners == 1 and people(head.party) == 2 * 27 + 2
        assert other.party.rations == 0 and other.joined == leader
        assert joint.partners_of(head) == [partner]
        assert state.player == leader and state.phase_name == "activity"
        assert "joined" in keys(state)

    def test_the_partner_travels_with_the_expedition(self) -> None:
        """29.3: where the leader moves, the partners go."""
        state = three_in_africa()
        partner, leader = joined(state)
        state.play("normal")
        state.play(pos.toward(state, "0503"))
        assert state.explorers[partner].hex == state.explorers[leader].hex == pos.hx(state, "0503")

    def test_a_partners_turn_is_only_to_stay_or_leave(self) -> None:
        """29.3, 29.6: the expedition moves in the leader's turn."""
        state = three_in_africa()
        partner, _leader = joined(state)
        while state.player != partner:
            state.play("done" if state.phase_name == "moving" else "normal")
        assert state.phase_name == "joint"
        assert {state.action_str(a) for a in state.legal_actions()} == {
            "split evenly",
            "split alone",
            "split by dice",
            "done",
            "retire",
        }
        with pytest.raises(IllegalAction, match="not a decision of this moment"):
            state.play("normal")

    def test_one_refusal_keeps_the_expeditions_apart(self) -> None:
        """29.4: joining needs every explorer's agreement; the proposer's turn goes on."""
        state = three_in_africa()
        first, second = order(state)[:2]
        state.play(f"join {COLOURS[second]}")
        state.play("refuse")
        assert state.player == first and state.phase_name == "activity"
        assert state.explorers[first].party.rations == 140
        assert state.explorers[first].joined < 0 and not state.explorers[second].leads

    def test_a_refused_expedition_is_not_asked_again_that_turn(self) -> None:
        """29.4 (decision N229): after a refusal the proposer may ask another expedition, but
        not the one that refused, by any of its members, until a later turn; a proposal and
        its refusal cannot follow one another for ever."""
        state, partner, leader, third = third_to_ask()
        state.play(f"join {COLOURS[leader]}")
        state.play("refuse")
        assert state.player == third and state.phase_name == "activity"
        offered = {state.action_str(a) for a in state.legal_actions()}
        assert not {f"join {COLOURS[leader]}", f"join {COLOURS[partner]}"} & offered
        with pytest.raises(IllegalAction, match="refused to be joined this turn") as refused:
            state.play(f"join {COLOURS[partner]}")
        assert refused.value.rule == joint.RULE_JOIN
        assert f"join {COLOURS[leader]}" in offered_next_turn(state)

    def test_a_refusal_leaves_other_expeditions_to_ask(self) -> None:
        """29.4 (decision N229): only the expedition that refused is barred for the turn."""
        state = three_in_africa()
        first, second, third = order(state)
        state.play(f"join {COLOURS[second]}")
        state.play("refuse")
        offered = {state.action_str(a) for a in state.legal_actions()}
        assert f"join {COLOURS[third]}" in offered and f"join {COLOURS[second]}" not in offered
        assert state.player == first

    def test_every_explorer_of_a_joint_expedition_answers(self) -> None:
        """29.4: a third who asks to join is answered by both partners, in the order of play."""
        state, partner, leader, third = third_to_ask()
        before = state.explorers[leader].party.rations + state.explorers[third].party.rations
        state.play(f"join {COLOURS[leader]}")
        assert state.current_player == partner
        state.play("agree")
        assert state.current_player == leader
        state.play("agree")
        head = state.explorers[third]  # 29.3: the last to play leads now
        assert head.party.partners == 2 and head.party.rations == before
        assert state.explorers[leader].joined == third == state.explorers[partner].joined

    def test_only_an_explorer_in_the_same_hex_can_be_joined(self) -> None:
        """29.4 (decision N214)."""
        state = three_in_africa()
        second = order(state)[1]
        pos.put(state, second, "0503", pos.foot_party())
        with pytest.raises(IllegalAction, match="only in the hex") as refused:
            state.play(f"join {COLOURS[second]}")
        assert refused.value.rule is not None and "29.4" in refused.value.rule

    def test_game_one_has_no_joint_expeditions(self) -> None:
        """27.0: joint expeditions are a rule of Game II."""
        state = pos.outfitted(2, 1)
        for seat in range(2):
            pos.put(state, seat, "0403", pos.foot_party())
        other = 1 - state.player
        assert not any(state.action_str(a).startswith("join") for a in state.legal_actions())
        with pytest.raises(IllegalAction, match="rule of Game II"):
            state.play(f"join {COLOURS[other]}")


def partners_turn() -> tuple[NileState, int, int]:
    """A joint expedition of the first two seats at the start of the partner's next turn."""
    state = three_in_africa()
    partner, leader = joined(state)
    while state.player != partner:
        state.play("done" if state.phase_name == "moving" else "normal")
    return state, partner, leader


class TestSplitting:
    """29.6, 29.7 (decisions N216, N217)."""

    def test_an_even_split_agreed(self) -> None:
        """29.7: half of everything, rounded down, to the one who leaves; his turn goes on."""
        state, partner, leader = partners_turn()
        pool = state.explorers[leader].party.clone()
        state.play("split evenly")
        assert state.current_player == leader
        state.play("agree")
        mine, theirs = state.explorers[partner].party, state.explorers[leader].party
        assert mine.rations == pool.rations // 2 and mine.bearers == pool.bearers // 2
        assert theirs.rations == pool.rations - mine.rations
        assert theirs.partners == mine.partners == 0
        assert state.player == partner and state.phase_name == "activity"
        assert state.explorers[partner].joined < 0 and not state.explorers[leader].leads

    def test_a_refused_division_goes_by_the_dice(self) -> None:
        """29.7: one die each for every person, animal and item; here he who leaves wins all."""
        state, partner, leader = partners_turn()
        pool = state.explorers[leader].party.clone()
        units = sum(getattr(pool, name) for name in joint.SHARED) + len(pool.specimens)
        state.play("split evenly")
        dice(state, *([6, 1] * units))  # one die for him who leaves, then one for the others
        state.play("refuse")
        assert state.explorers[partner].party.rations == pool.rations
        assert state.explorers[leader].party.rations == 0
        assert "split" in keys(state)

    def test_the_dice_share_out_and_ties_are_thrown_again(self) -> None:
        """29.7: the higher die takes the item; equal dice are thrown again."""
        state = game_two(2)
        pool = Party(rations=3)
        dice(state, 3, 3, 2, 5, 6, 1, 1, 6)  # tie, then the rest; then the leaver; the rest
        won = joint.divide(state, pool, [0, -1])
        assert won[0].rations == 1 and won[-1].rations == 2

    def test_splitting_by_the_dice_asks_nobody(self) -> None:
        """29.7: a split by the dice needs no agreement."""
        state, partner, leader = partners_turn()
        pool = state.explorers[leader].party.rations
        state.play("split by dice")
        assert state.player == partner and state.phase_name == "activity"
        total = state.explorers[partner].party.rations + state.explorers[leader].party.rations
        assert total == pool

    def test_an_explorer_who_split_off_does_not_rejoin_that_turn(self) -> None:
        """29.6 (decision N229): a join straight after a split would undo it, and the two
        could follow one another for ever; in a later turn he may ask again."""
        state, partner, leader = partners_turn()
        state.play("split alone")
        state.play("agree")
        assert state.player == partner and state.phase_name == "activity"
        offered = {state.action_str(a) for a in state.legal_actions()}
        assert f"join {COLOURS[leader]}" not in offered
        assert f"join {COLOURS[leader]}" in offered_next_turn(state)

    def test_the_leader_may_leave_too(self) -> None:
        """29.6: at any time: the leader leaves at the start of the expedition's move."""
        state, partner, leader = partners_turn()
        state.play("done")
        while state.player != leader:
            state.play("done" if state.phase_name == "moving" else "normal")
        pool = state.explorers[leader].party.rations
        state.play("split alone")
        state.play("agree")
        assert state.explorers[leader].party.rations == 0
        assert state.explorers[partner].party.rations == pool
        assert state.phase_name == "activity" and state.player == leader


class TestDiscoveries:
    """29.8 (decision N216): on every partner's sheet; the first to publish scores."""

    def test_what_the_expedition_found_goes_on_the_partners_sheet(self) -> None:
        state = three_in_africa()
        partner, leader = joined(state)
        state.play("normal")
        state.play(pos.toward(state, "0503"))
        new = pos.hx(state, "0503")
        assert state.explorers[leader].known[new]
        state.explorer(leader).finds.append((5, 3))
        joint.share_discoveries(state, leader)
        assert state.explorers[partner].known[new] and (5, 3) in state.explorers[partner].finds
        joint.share_discoveries(state, leader)  # shared once only
        assert state.explorers[partner].finds.count((5, 3)) == 1


class TestTogether:
    """The Total Expedition with partners (decision N215), and its end (N218)."""

    def test_partners_eat_before_the_members(self) -> None:
        """18.1 with 29.1: two explorers and a bearer, food for two: the bearer goes."""
        state = game_two(2)
        per_man = state.data.tables.logistics.rations_per_man
        party = Party(bearers=1, rations=2 * per_man, partners=1)
        fed = hunting.feed(party, state.data.tables, desert=False)
        assert not fed.explorer_starved and sum(fed.deserted.values()) == 1

    def test_when_the_leader_retires_the_others_go_on_with_everything(self) -> None:
        """21.2-21.3 with 29.0 (decision N218)."""
        state, partner, leader = partners_turn()
        state.play("done")
        while state.player != leader:
            state.play("done" if state.phase_name == "moving" else "normal")
        pool = state.explorers[leader].party.rations
        state.play("retire")
        assert state.explorers[partner].party.rations == pool
        assert state.explorers[partner].joined < 0 and state.explorers[leader].status == IN_EUROPE

    def test_the_partners_sail_for_europe_with_the_leader(self) -> None:
        """21.4-21.5 with 29.3: the expedition is disbanded in Europe."""
        state = three_in_africa("Zanzibar")
        partner, leader = joined(state)
        state.play("sail for Europe")
        assert state.explorers[partner].status == TO_EUROPE
        assert not state.explorers[leader].leads and state.explorers[partner].joined < 0

    def test_a_defeat_scatters_the_expedition(self) -> None:
        """29.5: the pool divided by the dice, then each explorer resolves 35.0 alone: here the
        leader wins every die, and the partner's own die on the table decides his fate."""
        state = three_in_africa()
        partner, leader = joined(state)
        seats = joint.members_of(state, leader)
        pool = state.explorers[leader].party
        units = sum(getattr(pool, name) for name in joint.SHARED)
        wins = [6 if seat == leader else 1 for seat in seats]
        dice(state, *(wins * units), 4)
        defeat.scatter(state, 7)
        line = defeat.defeat_line(state.data.game_two, 4)
        events = [e for e in state.events if e["key"] == "defeated-dice"]
        assert events[-1]["args"] == {"player": partner, "result": line.result, "die": 4}
        assert state.explorers[leader].party.rations == 280
        assert not state.explorers[leader].leads and state.explorers[partner].joined < 0
        assert "scattered" in keys(state)


class TestBots:
    """Greedy asks and answers as it gains (bots/partners.py)."""

    def test_greedy_refuses_an_expedition_short_of_food(self) -> None:
        state = three_in_africa()
        first, second = order(state)[:2]
        state.explorer(first).party.rations = 10
        state.play(f"join {COLOURS[second]}")
        assert state.action_str(greedy_action(state, random.Random(0))) == "refuse"

    def test_greedy_agrees_to_a_fair_expedition(self) -> None:
        state = three_in_africa()
        second = order(state)[1]
        state.play(f"join {COLOURS[second]}")
        assert state.action_str(greedy_action(state, random.Random(0))) == "agree"


def test_joint_expeditions_keep_their_links_through_random_games() -> None:
    """29.0 as a whole: random Game II games that join whenever they can keep every partner
    with his leader, in his hex, counted in his expedition."""
    for seed in range(3):
        state = pos.new(3, seed, game=2)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            wanted = [a for a in legal if state.action_str(a).split()[0] in ("join", "agree")]
            state.play(rng.choice(wanted) if wanted and rng.random() < 0.9 else rng.choice(legal))
            for seat, explorer in enumerate(state.explorers):
                partners = joint.partners_of(explorer)
                assert explorer.party.partners == len(partners)
                for other in partners:
                    assert state.explorers[other].joined == seat
                    assert state.explorers[other].hex == explorer.hex


class TestFormedInEurope:
    """29.2: formed in Europe, the donations are pooled; each free ticket carries its holder."""

    def test_the_pool_pays_every_passage_and_outfits_one_expedition(self) -> None:
        state = game_two(3)
        first, second = order(state)[:2]
        assert state.phase_name == "europe" and state.player == first
        dollars = state.data.deck.dollars
        pooled = sum(dollars[c] for s in (first, second) for c in state.explorers[s].donations)
        state.play(f"join {COLOURS[second]}")
        state.play("agree")
        assert state.player == second and state.phase_name == "europe"
        fares = sum(
            0 if joint_ticket(state, seat, "Zanzibar") else state.data.tables.passage
            for seat in (first, second)
        )
        assert pooled >= fares  # seed 1: $1,600 between them
        state.play("sail to Zanzibar")
        leader, partner = state.explorers[second], state.explorers[first]
        assert leader.money == pooled - fares and partner.money == 0
        assert partner.status == leader.status == IN_AFRICA and partner.hex == leader.hex
        assert partner.joined == second and leader.party.partners == 1
        assert state.phase_name == "outfit" and not partner.donations

    def test_a_pool_short_of_the_fares_is_refused(self) -> None:
        """29.2, 26.2: seed 3 deals the two $700, less than two passages."""
        state = game_two(3, seed=3)
        first, second = order(state)[:2]
        state.play(f"join {COLOURS[second]}")
        state.play("agree")
        ports = state.data.board.port_names
        port = next(p for p in ports if not any(joint_ticket(state, s, p) for s in (first, second)))
        offered = {state.action_str(a) for a in state.legal_actions()}
        assert f"sail to {port}" not in offered
        with pytest.raises(IllegalAction, match="passage costs"):
            state.play(f"sail to {port}")

    def test_a_partner_in_europe_leaves_the_sailing_to_his_leader(self) -> None:
        """29.2-29.3: the expedition sails in the turn of its leader."""
        state = game_two(3)
        first, second = order(state)[:2]
        state.play("collect donations")
        assert state.player == second
        state.play(f"join {COLOURS[first]}")
        assert state.current_player == first
        state.play("agree")
        assert state.player == second and state.explorers[first].joined == second
        state.play("collect donations")
        state.play("collect donations")
        assert state.player == first and state.phase_name == "europe"
        offered = {state.action_str(a) for a in state.legal_actions()}
        assert not any(text.startswith("sail to") for text in offered)
        assert "split alone" in offered
        with pytest.raises(IllegalAction, match="sails in the turn of its leader") as refused:
            state.play("sail to Zanzibar")
        assert refused.value.rule is not None and "29.2" in refused.value.rule


def joint_ticket(state: NileState, seat: int, port: str) -> bool:
    """Whether ``seat`` holds a free ticket to ``port`` (26.6)."""
    board = state.data.board
    where = board.port_of[pos.hx(state, port)]
    return any(state.tables.ticket_port[card] == where for card in state.explorers[seat].donations)


class TestGreedyPartner:
    """29.6: greedy leaves with half of the expedition when it turns for home with food to
    spare, and otherwise stays with it."""

    def test_a_partner_stays_while_the_expedition_explores(self) -> None:
        state, _partner, leader = partners_turn()
        state.explorer(leader).party.rations += 300
        assert state.action_str(greedy_action(state, random.Random(0))) == "done"

    def test_a_partner_goes_on_with_half_when_the_haul_turns_it_home(self) -> None:
        state, _partner, leader = partners_turn()
        state.explorer(leader).awards += 100  # a haul worth carrying home (22.5)
        state.explorer(leader).party.rations += 300  # and food for many turns more
        assert state.action_str(greedy_action(state, random.Random(0))) == "split evenly"


def _cards(state: NileState, *dollars: int) -> list[int]:
    """Cards of the Event deck worth ``dollars`` each (no ticket), one per figure."""
    deck = state.data.deck
    free = [c for c in range(len(deck.dollars)) if not deck.ticket[c]]
    chosen: list[int] = []
    for figure in dollars:
        chosen.append(next(c for c in free if deck.dollars[c] == figure and c not in chosen))
    return chosen


class TestGreedyInEurope:
    """29.2: greedy pools donations with an explorer in Europe when together they reach an
    expedition that alone neither does, and agrees to such a proposal."""

    def test_a_ticket_and_a_purse_sail_together(self) -> None:
        state = game_two(3)
        first, second = order(state)[:2]
        deck = state.data.deck
        ticket = next(c for c in range(len(deck.ticket)) if deck.ticket[c] and not deck.dollars[c])
        state.explorer(first).donations = [ticket, *_cards(state, 200)]
        state.explorer(second).donations = _cards(state, 300, 300, 200)  # $300 after passage
        state._forget_legal()
        chosen = state.action_str(greedy_action(state, random.Random(0)))
        assert chosen == f"join {COLOURS[second]}"  # alone: $200 at the ticket's port
        state.play(chosen)
        assert state.action_str(greedy_action(state, random.Random(0))) == "agree"
        state.play("agree")
        port = state.data.board.port_names[state.tables.ticket_port[ticket]]
        assert state.action_str(greedy_action(state, random.Random(0))) == f"sail to {port}"

    def test_no_pooling_where_it_does_not_reach_an_expedition(self) -> None:
        state = game_two(3)
        first, second = order(state)[:2]
        state.explorer(first).donations = _cards(state, 100)
        state.explorer(second).donations = _cards(state, 100)
        state._forget_legal()
        assert state.action_str(greedy_action(state, random.Random(0))) == "collect donations"


def test_the_log_tells_a_joint_expedition_sailing_with_its_passages() -> None:
    """29.2: the log says the partners sailed with the leader and what their passages cost."""
    state = game_two(3)
    second = order(state)[1]
    state.play(f"join {COLOURS[second]}")
    state.play("agree")
    state.play("sail to Zanzibar")
    sentence = state.game.describe_event(state, state.events[-1])
    assert "with 1 more explorer(s) of the joint expedition" in sentence
    assert "free ticket" not in sentence
