"""Ratings of people and bots (docs/web.md, "Ratings"), on SQLite and PostgreSQL: the winner
rises and the loser falls, each finished match counts once however many ask, ties share, bots
are rated by their names, and a person without an identity plays at the starting rating."""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from datetime import UTC, datetime
from importlib import resources

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, text, update

import terra
from terra.store import MatchStore, SeatInfo, open_engine
from terra.store.models import Match
from terra.store.players import PlayerInfo, Players
from terra.store.ratings import MODEL, SPREAD, Ratings, Standing, updated

START = (MODEL.mu, MODEL.sigma)


def seated(
    store: MatchStore, seats: Sequence[PlayerInfo | str | None], game: str = "expedition"
) -> str:
    """A new match of ``game`` whose seats are held by these players, bots (by name) or people
    invited by a link (``None``)."""
    infos = [
        SeatInfo(n, who.name, None, who.id)
        if isinstance(who, PlayerInfo)
        else SeatInfo(n, "Guest" if who is None else f"{who} bot", who)
        for n, who in enumerate(seats)
    ]
    match_id, _ = store.create_match(terra.game(game).new(len(seats), seed=3), infos)
    return match_id


def ended(store: MatchStore, match_id: str, scores: list[int], winners: list[int]) -> None:
    """Mark the match over with this result, as its last move would."""
    result = {"scores": scores, "winners": winners}
    with store.engine.begin() as connection:
        connection.execute(
            update(Match).where(Match.id == match_id).values(status="over", result=result)
        )


def played_out(store: MatchStore, match_id: str) -> list[int]:
    """Play the match to its end through the store, random moves for whoever is to move; its
    winners."""
    rng = random.Random(1)
    state, moves = store.state(match_id)
    while not state.is_over:
        appended = store.append_move(match_id, moves, rng.choice(state.legal_action_strs()), None)
        state, moves = appended.state, appended.moves
    return state.winners()


def board(ratings: Ratings, game: str = "expedition") -> dict[str, Standing]:
    return {standing.name: standing for standing in ratings.leaderboard(game)}


@pytest.fixture
def people(store: MatchStore) -> tuple[PlayerInfo, PlayerInfo, PlayerInfo]:
    players = Players(store.engine)
    return players.create("Ann")[0], players.create("Bo")[0], players.create("Cy")[0]


def test_the_winner_of_a_played_match_rises_and_the_loser_falls(
    store: MatchStore, people: tuple[PlayerInfo, ...]
) -> None:
    ann, bo, _ = people
    ratings = Ratings(store.engine)
    match_id = seated(store, [ann, bo])
    assert not ratings.rate(match_id)  # not over yet
    [winner] = played_out(store, match_id)
    assert ratings.unrated() == [match_id]
    assert ratings.rate(match_id)
    first, second = (ann, bo) if winner == 0 else (bo, ann)
    found = board(ratings)
    assert found[first.name].mu > MODEL.mu > found[second.name].mu
    assert found[first.name].sigma < MODEL.sigma and found[first.name].games == 1
    assert [s.name for s in ratings.leaderboard("expedition")] == [first.name, second.name]
    assert ratings.leaderboard("nile") == []
    assert ratings.unrated() == []


def test_a_match_is_rated_once_however_many_ask_at_once(
    store: MatchStore, people: tuple[PlayerInfo, ...]
) -> None:
    ann, bo, _ = people
    ratings = Ratings(store.engine)
    match_id = seated(store, [ann, bo])
    ended(store, match_id, [10, 5], [0])
    answers: list[bool] = []
    threads = [
        threading.Thread(target=lambda: answers.append(ratings.rate(match_id))) for _ in range(4)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [False, False, False, True]
    once = board(ratings)
    assert ratings.rate(match_id) is False
    assert board(ratings) == once and once["Ann"].games == 1
    (won, _), (lost, _) = updated([START, START], [1, 2])
    assert once["Ann"].mu == pytest.approx(won) and once["Bo"].mu == pytest.approx(lost)


def test_a_rating_carries_from_match_to_match(
    store: MatchStore, people: tuple[PlayerInfo, ...]
) -> None:
    ann, bo, cy = people
    ratings = Ratings(store.engine)
    for opponent in (bo, cy):
        match_id = seated(store, [ann, opponent])
        ended(store, match_id, [10, 5], [0])
        assert ratings.rate(match_id)
    found = board(ratings)
    # Ann won with her first win behind her: she rose again; Cy's loss to her was less of a
    # surprise than Bo's, and cost him less.
    assert found["Ann"].games == 2 and found["Ann"].mu > found["Cy"].mu > found["Bo"].mu
    [standing] = ratings.of_player(ann.id)
    assert (standing.game, standing.rank, standing.games) == ("expedition", 1, 2)
    assert standing.rating == pytest.approx(standing.mu - SPREAD * standing.sigma)
    assert [s.rank for s in ratings.of_player(cy.id) + ratings.of_player(bo.id)] == [2, 3]
    assert ratings.of_player("nobody") == []


def test_ties_share_a_place(store: MatchStore, people: tuple[PlayerInfo, ...]) -> None:
    ann, bo, cy = people
    ratings = Ratings(store.engine)
    shared = seated(store, [ann, bo])
    ended(store, shared, [7, 7], [0, 1])  # a shared victory
    assert ratings.rate(shared)
    found = board(ratings)
    assert found["Ann"].mu == pytest.approx(MODEL.mu) == pytest.approx(found["Bo"].mu)
    assert found["Ann"].sigma == found["Bo"].sigma < MODEL.sigma
    assert [s.rank for s in ratings.leaderboard("expedition")] == [1, 1]  # a shared place
    assert [s.rank for s in ratings.of_player(bo.id)] == [1]
    fresh = Players(store.engine)
    dee, _ = fresh.create("Dee")
    eve, _ = fresh.create("Eve")
    behind = seated(store, [cy, dee, eve])
    ended(store, behind, [30, 12, 12], [0])  # Dee and Eve tie for second place on points
    assert ratings.rate(behind)
    found = board(ratings)
    assert found["Dee"].mu == pytest.approx(found["Eve"].mu)
    assert found["Dee"].mu < found["Cy"].mu


def test_bots_are_rated_by_their_names_one_rating_for_several_seats(
    store: MatchStore, people: tuple[PlayerInfo, ...]
) -> None:
    ann, _, _ = people
    ratings = Ratings(store.engine)
    match_id = seated(store, [ann, "greedy", "ismcts:1s", "greedy"], game="nile")
    ended(store, match_id, [5, 9, 1, 3], [1])
    assert ratings.rate(match_id)
    found = board(ratings, "nile")
    assert set(found) == {"Ann", "greedy", "ismcts:1s"}
    assert [found[n].bot for n in ("Ann", "greedy", "ismcts:1s")] == [False, True, True]
    assert found["greedy"].games == 1  # one match, two seats: one observation
    after = updated([START] * 4, [2, 1, 4, 3])
    assert found["greedy"].mu == pytest.approx((after[1][0] + after[3][0]) / 2)
    assert found["ismcts:1s"].mu == pytest.approx(after[2][0])
    assert board(ratings) == {}  # ratings are per game


def test_a_person_without_a_name_plays_at_the_starting_rating_and_is_not_kept(
    store: MatchStore, people: tuple[PlayerInfo, ...]
) -> None:
    ann, _, _ = people
    ratings = Ratings(store.engine)
    match_id = seated(store, [None, ann])
    ended(store, match_id, [10, 5], [0])  # the guest wins
    assert ratings.rate(match_id)
    found = board(ratings)
    assert list(found) == ["Ann"]
    assert found["Ann"].mu == pytest.approx(updated([START, START], [1, 2])[1][0])


def test_matches_of_bots_or_of_people_without_names_are_not_rated(store: MatchStore) -> None:
    ratings = Ratings(store.engine)
    for seats in ([None, None], ["greedy", "random"], [None, "greedy"]):
        match_id = seated(store, seats)
        ended(store, match_id, [10, 5], [0])
        assert not ratings.rate(match_id)
    assert board(ratings) == {} and ratings.unrated() == []


def test_matches_left_unrated_are_found_oldest_first(
    store: MatchStore, people: tuple[PlayerInfo, ...]
) -> None:
    ann, bo, _ = people
    ratings = Ratings(store.engine)
    older, newer = seated(store, [ann, bo]), seated(store, [bo, ann])
    ended(store, older, [1, 2], [1])
    ended(store, newer, [1, 2], [1])
    assert ratings.unrated() == [older, newer]
    assert ratings.rate(older)
    assert ratings.unrated() == [newer]


def test_matches_of_one_player_rated_at_once_each_count(store: MatchStore) -> None:
    """Ann wins four matches against newcomers, rated side by side (as by server processes
    sharing the database): her rating is what four wins one after the other give, whatever
    their order, with none lost to another's update."""
    players = Players(store.engine)
    ann, _ = players.create("Ann")
    matches = []
    for n in range(4):
        rival, _ = players.create(f"Rival {n}")
        matches.append(seated(store, [ann, rival]))
        ended(store, matches[-1], [9, 1], [0])
    ratings = Ratings(store.engine)
    threads = [threading.Thread(target=ratings.rate, args=(match_id,)) for match_id in matches]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    expected = START
    for _ in matches:
        expected = updated([expected, START], [1, 2])[0]
    found = board(ratings)["Ann"]
    assert found.games == 4 and ratings.unrated() == []
    assert (found.mu, found.sigma) == pytest.approx(expected)


def test_matches_that_ended_before_the_ratings_are_rated_after_the_upgrade(
    database_url: str,
) -> None:
    """A database of the schema before the ratings (revision 0006) with a finished match of
    a player's: after the upgrade the match is listed as unrated, and rated once."""
    engine = create_engine(database_url.replace("postgresql://", "postgresql+psycopg://"))
    config = Config()
    config.set_main_option("script_location", str(resources.files("terra.store") / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0006")
    stamp = datetime.now(UTC)
    with engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO players (id, name, name_key, key_hash, created)"
                " VALUES ('p1', 'Ann', 'ann', 'h1', :stamp)"
            ),
            {"stamp": stamp},
        )
        connection.execute(
            text(
                "INSERT INTO matches (id, game, options, players, seed, seed_shown, move_count,"
                " status, result, created, updated, open_table) VALUES ('m1', 'expedition', '{}',"
                " 2, '3', false, 90, 'over', :result, :stamp, :stamp, true)"
            ),
            {"result": '{"scores": [4, 9], "winners": [1]}', "stamp": stamp},
        )
        connection.execute(
            text(
                "INSERT INTO seats (match_id, seat, name, bot, player_id) VALUES"
                " ('m1', 0, 'Ann', NULL, 'p1'), ('m1', 1, 'greedy bot', 'greedy', NULL)"
            )
        )
    engine.dispose()
    upgraded = open_engine(database_url)
    try:
        ratings = Ratings(upgraded)
        assert ratings.unrated() == ["m1"]
        assert ratings.rate("m1") and not ratings.rate("m1")
        found = board(ratings)
        assert found["greedy"].mu > MODEL.mu > found["Ann"].mu
    finally:
        upgraded.dispose()
