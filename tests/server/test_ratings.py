"""Ratings (issue 25 §3), on SQLite and PostgreSQL: who may create a rated table, a finished
rated game updates both accounts once (an unrated one, or one with an anonymous seat, not at
all), the player page and the leaderboard, and the count is exactly once whatever the
processes do."""
from __future__ import annotations

import random
import threading
import time

import httpx
from sqlalchemy import delete, event, update

from ludoteka.server.ratings import places, rate
from ludoteka.server.account_store import ACCOUNT_SEATS, ACCOUNTS
from ludoteka.server.social_store import HISTORY, RATED, RATINGS, SocialStore
from ludoteka.server.store import TABLES, Store
from server_kit import create

from .accounts_kit import Browser


def _auth(token: str | None) -> dict:
    return {"Authorization": f"Bearer {token}"} if token else {}


def _play_out(url: str, table: str, tokens: dict[int, str], seed: int = 1) -> dict:
    """Random legal moves of each seat (over HTTP, with its token) until the game is over."""
    rng = random.Random(seed)
    for _ in range(5000):
        for seat, token in tokens.items():
            frame = httpx.get(f"{url}/api/tables/{table}?seat={seat}", headers=_auth(token), timeout=30).json()
            if frame["finished"]:
                return frame
            if frame["actions"]:
                httpx.post(f"{url}/api/tables/{table}/actions", headers=_auth(token), timeout=30,
                           json={"key": rng.choice(frame["actions"])["key"], "version": frame["version"]})
    raise AssertionError("the game did not end")


def _player(url: str, name: str, games: int, seconds: float = 20) -> dict:
    """The player page once it lists `games` games (the count follows the last move at once,
    in a task of its own)."""
    deadline = time.time() + seconds
    while True:
        page = httpx.get(f"{url}/api/players/{name}", timeout=30).json()
        if len(page["games"]) >= games or time.time() > deadline:
            return page
        time.sleep(0.2)


def _rated_table(url: str, anna: Browser, ben: Browser, rated: bool = True) -> tuple[str, dict[int, str]]:
    made = anna.request("POST", "/api/tables", json={"game": "kingsburg", "players": 2,
                                                     "seats": ["human", "open"], "rated": rated})
    assert made.status_code == 201, made.text
    assert made.json()["rated"] is rated
    table = made.json()["id"]
    joined = ben.request("POST", f"/api/tables/{table}/join")
    assert joined.status_code == 200 and joined.json()["attached"], joined.text
    return table, {0: made.json()["seats"][0]["token"], 1: joined.json()["token"]}


def test_a_rated_game_updates_both_accounts_once_and_shows_on_pages_and_leaderboard(database, start_server):
    server = start_server(database)
    url = server.url
    anna, ben = Browser(url), Browser(url)
    assert anna.sign_up("Anna").status_code == 201 and ben.sign_up("Ben").status_code == 201
    made = anna.request("POST", "/api/tables", json={"game": "kingsburg", "players": 2,
                                                     "seats": ["human", "open"], "rated": True})
    table = made.json()["id"]
    # Every seat of a rated game is an account's: no anonymous claim of its open seat.
    anonymous = httpx.post(f"{url}/api/tables/{table}/join", timeout=30)
    assert anonymous.status_code == 403 and "rated" in anonymous.json()["error"]
    joined = ben.request("POST", f"/api/tables/{table}/join")
    assert joined.status_code == 200 and joined.json()["attached"]
    tokens = {0: made.json()["seats"][0]["token"], 1: joined.json()["token"]}
    # An unrated game between the same accounts, played too: it changes nothing.
    unrated, unrated_tokens = _rated_table(url, anna, ben, rated=False)
    _play_out(url, unrated, unrated_tokens, seed=5)
    final = _play_out(url, table, tokens)
    winners = final["result"]["winners"] if "result" in final else None
    pages = {name: _player(url, name, 1) for name in ("Anna", "Ben")}
    for seat, name in enumerate(("Anna", "Ben")):
        page = pages[name]
        assert page["name"] == name
        [rating] = page["ratings"]
        assert (rating["game"], rating["players"], rating["games"]) == ("kingsburg", 2, 1)
        [game] = page["games"]                                  # the unrated game is not there
        assert game["table"] == table and game["seat"] == seat and game["players"] == 2
        assert abs(game["rating"] - rating["score"]) < 1e-6
        assert abs(game["change"] - (rating["score"] - (25 - 3 * 25 / 3))) < 1e-3
    places = {name: pages[name]["games"][0]["place"] for name in pages}
    if winners is not None:
        assert {places["Anna"], places["Ben"]} <= {1, 2}
    board = httpx.get(f"{url}/api/leaderboard?game=kingsburg&players=2", timeout=30).json()
    assert board["total"] == 2 and [r["rank"] for r in board["rows"]] == [1, 2]
    assert board["rows"][0]["score"] >= board["rows"][1]["score"]
    if places["Anna"] != places["Ben"]:
        best = min(places, key=places.get)
        assert board["rows"][0]["name"] == best and pages[best]["games"][0]["change"] > 0
    # The rematch, asked by both signed in with their seats' tokens, is rated again and on both
    # accounts; the unrated table's rematch stays unrated.
    rematches = {}
    for player, seat in ((anna, 0), (ben, 1)):
        again = player.request("POST", f"/api/tables/{table}/rematch", token=tokens[seat])
        assert again.status_code in (200, 201), again.text
        rematches[seat] = again.json()["id"]
        assert rematches[seat] in [t["id"] for t in player.my_tables().json()["tables"]]
    assert rematches[0] == rematches[1]
    plain = anna.request("POST", f"/api/tables/{unrated}/rematch", token=unrated_tokens[0])
    assert plain.status_code == 201, plain.text
    social = SocialStore(Store(database).engine)
    assert social.is_rated(rematches[0]) is not None and social.is_rated(plain.json()["id"]) is None
    social.engine.dispose()
    # Once: a while later, and after a restart of the server, the same single count.
    server.stop()
    server = start_server(database)
    time.sleep(1)
    assert httpx.get(f"{server.url}/api/players/Anna", timeout=30).json() == _player(server.url, "Anna", 1)
    assert _player(server.url, "Anna", 1)["ratings"][0]["games"] == 1
    anna.close(), ben.close()


def test_who_may_create_a_rated_table(database, start_server):
    server = start_server(database)
    url = server.url
    anna = Browser(url)
    assert anna.sign_up("Anna").status_code == 201
    for seats, words in ((["human", "ai:random"], "seat 1 (ai)"), (["hotseat", "hotseat"], "seat 0 (hotseat)")):
        refused = anna.request("POST", "/api/tables", json={"game": "kingsburg", "players": 2, "seats": seats,
                                                            "rated": True})
        assert refused.status_code == 400 and words in refused.json()["error"], refused.text
    odd = anna.request("POST", "/api/tables", json={"game": "kingsburg", "players": 2, "seats": ["human", "open"],
                                                    "rated": "yes"})
    assert odd.status_code == 400 and "'rated'" in odd.json()["error"]
    anonymous = httpx.post(f"{url}/api/tables", json={"game": "kingsburg", "players": 2,
                                                      "seats": ["human", "open"], "rated": True})
    assert anonymous.status_code == 400 and "signed-in" in anonymous.json()["error"]
    forged = anna.request("POST", "/api/tables", csrf=False, json={"game": "kingsburg", "players": 2,
                                                                   "seats": ["human", "open"], "rated": True})
    assert forged.status_code == 403
    assert httpx.get(f"{url}/api/tables", timeout=30).json()["tables"] == []     # nothing made
    anna.close()


def test_a_rated_table_with_a_seat_left_anonymous_ends_unrated(database, start_server):
    server = start_server(database)
    url = server.url
    anna = Browser(url)
    assert anna.sign_up("Anna").status_code == 201
    made = anna.request("POST", "/api/tables", json={"game": "kingsburg", "players": 2,
                                                     "seats": ["human", "human"], "rated": True})
    assert made.status_code == 201, made.text
    seats = made.json()["seats"]
    # Seat 0 is the creator's at once; seat 1's link went to someone who never signed in.
    mine = anna.my_tables().json()["tables"]
    assert [m["seat"] for m in mine[0]["mine"]] == [0]
    _play_out(url, made.json()["id"], {0: seats[0]["token"], 1: seats[1]["token"]})
    time.sleep(2)
    page = httpx.get(f"{url}/api/players/Anna", timeout=30).json()
    assert page["ratings"] == [] and page["games"] == []
    assert httpx.get(f"{url}/api/leaderboard?game=kingsburg", timeout=30).json()["total"] == 0
    anna.close()


def test_player_and_leaderboard_requests_are_checked(database, start_server):
    server = start_server(database)
    url = server.url
    assert httpx.get(f"{url}/api/players/nobody", timeout=30).status_code == 404
    assert httpx.get(f"{url}/api/players/{'x' * 300}", timeout=30).status_code == 404
    for query, words in (("game=chess", "'game'"), ("game=kingsburg&players=9", "'players'"),
                         ("game=kingsburg&size=101", "'size'"), ("game=kingsburg&page=0", "'page'"),
                         ("game=kingsburg&page=x", "'page'")):
        answer = httpx.get(f"{url}/api/leaderboard?{query}", timeout=30)
        assert answer.status_code == 422 and words in answer.json()["error"], (query, answer.text)
    empty = httpx.get(f"{url}/api/leaderboard?game=messina-1347", timeout=30).json()
    assert empty["total"] == 0 and empty["rows"] == [] and empty["size"] == 20


def _finished_rated_table(database: str) -> tuple[Store, SocialStore]:
    """A migrated database with 25 accounts and one finished rated Kingsburg table "t1" of
    accounts a0 and a1, not counted yet."""
    store = Store(database)
    store.migrate()
    social = SocialStore(store.engine)
    now = time.time()
    with store.engine.begin() as c:
        c.execute(TABLES.insert().values(id="t1", game="kingsburg", players=2, options="{}", seed=1,
                                         seats='["human","open"]', turn_seconds=None, created=now, updated=now,
                                         seq=9, finished=True, deadline=None, free_seats=0, revision=2,
                                         abandoned=None, owner=None, lease_until=None))
        for n in range(25):
            c.execute(ACCOUNTS.insert().values(id=f"a{n}", name=f"P{n:02d}", name_key=f"p{n:02d}", password_hash="h",
                                               email=None, must_change=False, created=now, password_changed=now))
        c.execute(ACCOUNT_SEATS.insert(), [{"table_id": "t1", "seat": s, "account_id": f"a{s}", "token_box": "b",
                                            "added": now} for s in (0, 1)])
    social.mark_rated("t1")
    assert social.uncounted() == ["t1"]
    return store, social


def _rater(owners, current):
    return {a: (30.0, 5.0) for a in owners.values()}, [
        {"account_id": a, "seat": s, "place": s + 1, "points": 1.0, "before": 0.0, "after": 15.0}
        for s, a in owners.items()]


def test_a_player_page_read_while_a_count_commits_lists_no_game_without_its_rating(database):
    """The page's two reads are separate statements: a count committing between them must not
    show a rated game whose rating is missing."""
    store, social = _finished_rated_table(database)
    between = []

    @event.listens_for(store.engine, "before_cursor_execute")
    def count_before_the_second_read(conn, cursor, statement, *args):
        if between == ["first read"]:
            between.append("counted")
            social.count_result("t1", "kingsburg", 2, _rater)
        elif not between and statement.lstrip().upper().startswith("SELECT"):
            between.append("first read")
    ratings, games = social.player("a0", 10)
    event.remove(store.engine, "before_cursor_execute", count_before_the_second_read)
    assert between == ["first read", "counted"]
    assert all((g["game"], g["players"]) in {(r["game"], r["players"]) for r in ratings} for g in games)
    assert social.player("a0", 10)[0][0]["games"] == 1 and len(social.player("a0", 10)[1]) == 1
    store.engine.dispose()


def test_the_count_is_exactly_once_when_processes_race(database):
    """Two processes (threads here) count the same finished table at once: one writes, the
    other finds it counted; the leaderboard's pages are ordered and bounded."""
    store, social = _finished_rated_table(database)
    now = time.time()

    def rater(owners, current):
        time.sleep(0.3)                      # both inside their transactions at once
        return _rater(owners, current)
    results: list[bool] = []
    threads = [threading.Thread(target=lambda: results.append(
        social.count_result("t1", "kingsburg", 2, rater))) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [False, True]
    assert social.count_result("t1", "kingsburg", 2, rater) is False and social.uncounted() == []
    ratings, games = social.player("a0", 10)
    assert [r["games"] for r in ratings] == [1] and len(games) == 1
    # The leaderboard, paged: 25 ratings, best first.
    with store.engine.begin() as c:
        c.execute(delete(HISTORY))
        c.execute(delete(RATINGS))
        c.execute(RATINGS.insert(), [{"account_id": f"a{n}", "game": "kingsburg", "players": 2, "mu": 20.0 + n,
                                      "sigma": 4.0, "score": 8.0 + n, "games": 3, "updated": now} for n in range(25)])
        c.execute(update(RATED).values(outcome="rated"))
    total, first = social.leaderboard("kingsburg", 2, 0, 10)
    _, last = social.leaderboard("kingsburg", 2, 20, 10)
    assert total == 25 and [r["name"] for r in first[:2]] == ["P24", "P23"] and len(last) == 5
    assert last[-1]["name"] == "P00"
    store.engine.dispose()


def test_places_and_the_new_ratings_of_one_game():
    """Winners first (a tie-break may make a winner of a lower score), then by score; equal
    places tie; the winner gains what the loser loses, from the default rating."""
    assert places([10, 12, 12], [1, 2]) == [3, 1, 1]
    assert places([10, 12, 11], [0]) == [1, 2, 3]
    new, history = rate({0: "a", 1: "b"}, {"a": None, "b": (30.0, 2.0)}, [7, 9], [1])
    assert new["b"][0] > 30.0 and new["a"][0] < 25.0 and new["b"][1] < new["a"][1]
    assert [(h["account_id"], h["place"], h["points"]) for h in history] == [("a", 2, 7.0), ("b", 1, 9.0)]
    assert abs(history[0]["before"] - 0.0) < 1e-9 and history[0]["after"] < history[0]["before"]
