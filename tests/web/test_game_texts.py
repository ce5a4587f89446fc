"""Each game's board module in Chromium against states of random games: every option and every
event gets a complete text in every language (no fallback to the kernel's English, no unfilled
placeholder, no raw key), every component explains itself, the board draws every sampled view,
and every option that names a place on the board finds it there."""
from __future__ import annotations

import json
import random

import pytest

from browser_kit import KEY_PATTERN
from ludoteka import registry
from ludoteka.boardgames.kingsburg.keys import REROLL_LABELS
from ludoteka.kernel.preview import common_preview, without_common

# (players, options) per game: every player count and the variants that change what is drawn.
SETUPS = {
    "notre-dame": [(2, {}), (3, {}), (4, {}), (5, {})],
    "kingsburg": [(2, {}), (3, {}), (4, {}), (5, {})],
    "messina-1347": [(1, {}), (1, {"advanced": True}), (2, {}), (3, {"advanced": True}), (4, {})],
}
LANGUAGES = ("en", "cs", "de", "pl")
EVERY = 9                  # sample every ninth decision of a game


def samples(game: str) -> list[dict]:
    """Frames of random games as the acting seat sees them: view, options, and the events since
    the previous sample."""
    g = registry.game(game)
    out = []
    for k, (players, options) in enumerate(SETUPS[game]):
        state = g.new_state(players, 100 + k, options)
        rng = random.Random(k)
        mark, step = None, 0
        while not state.is_terminal():
            seat = state.acting_seats()[0]
            actions = state.legal_actions(seat)
            if step % EVERY == 0:
                out.append({"seat": seat, "players": players, "view": state.view(seat),
                            "actions": [{"key": a.key, "label": a.label, "data": a.data} for a in actions],
                            "events": state.events(seat, since=mark)})
                mark = state.event_mark()
            # Mostly act rather than pass, so that deeper decisions are reached.
            active = [a for a in actions if a.key not in g.passive_keys] or actions
            state.apply((rng.choice(active) if rng.random() < 0.8 else rng.choice(actions)).key, seat)
            step += 1
        out.append({"seat": None, "players": players, "view": state.view(None), "actions": [],
                    "events": state.events(None, since=mark)})
    return json.loads(json.dumps(out))


CHECK = """async ([game, samples, language]) => {
  const { setLanguage, t } = await import('/static/i18n.js');
  const { context } = await import('/static/tableview.js');
  await setLanguage(language);
  const info = (await (await fetch('/api/games')).json()).games.find((g) => g.name === game);
  const problems = [], texts = [], passes = [];
  const bad = (text) => typeof text !== 'string' || !text.trim() || /[{}]|undefined|NaN|\\[object/.test(text);
  for (const sample of samples) {
    const seats = Array.from({ length: sample.players }, (_, seat) => ({ seat, kind: 'human' }));
    const frame = { game, table: 'T', version: 1, seat: sample.seat, view: sample.view, seats, acting: [] };
    const ctx = context(frame, info);
    let board;
    try { board = ctx.mod.render(ctx); } catch (error) { problems.push(`render: ${error}`); continue; }
    const places = new Set([...board.querySelectorAll('[data-place]')].map((el) => el.dataset.place));
    for (const action of sample.actions) {
      let text;
      try { text = ctx.mod.actionText(action, ctx); } catch (error) { text = String(error); }
      if (bad(text)) problems.push(`option ${action.key} (${action.label}): ${text}`);
      else { texts.push(text); if (action.key === 'pass') passes.push([action.label, text]); }
      const place = ctx.mod.place(action, sample.view);
      if (place && !places.has(place)) problems.push(`option ${action.key}: no place ${place} on the board`);
    }
    for (const event of sample.events) {
      let text;
      try { text = ctx.mod.eventText(event, ctx); } catch (error) { text = String(error); }
      if (bad(text)) problems.push(`event ${event.kind} (${event.text}): ${text}`);
      else texts.push(text);
    }
  }
  const ctx = context({ game, table: 'T', version: 1, seat: null, view: samples[0].view, seats: [], acting: [] }, info);
  for (const component of info.components) {
    const tip = ctx.mod.explain(component.id, ctx);
    if (!tip || bad(tip.title) || tip.lines.some(bad)) problems.push(`component ${component.id}: ${JSON.stringify(tip)}`);
    else texts.push(tip.title, ...tip.lines);
  }
  return { problems: [...new Set(problems)], texts, passes };
}"""


@pytest.fixture(scope="module")
def page(browser, server):
    context = browser.new_context()
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    yield page
    context.close()


@pytest.mark.parametrize("game", SETUPS)
def test_every_option_event_and_component_of_random_games_has_a_text_in_every_language(page, game):
    sampled = samples(game)
    assert sum(len(s["actions"]) for s in sampled) > 200 and sum(len(s["events"]) for s in sampled) > 200
    for language in LANGUAGES:
        result = page.evaluate(CHECK, [game, sampled, language])
        assert result["problems"] == [], f"{language}: {result['problems'][:20]}"
        leaked = sorted({k for text in result["texts"] for k in KEY_PATTERN.findall(text)})
        assert not leaked, f"{language}: raw keys {leaked[:20]}"
        if language == "en":       # a pass says what is given up: the same words as the engine's
            assert all(text == label for label, text in result["passes"]), set(map(tuple, result["passes"]))


GENERIC = """async ([game, view]) => {
  const { setLanguage } = await import('/static/i18n.js');
  const { context } = await import('/static/tableview.js');
  const generic = (await import('/static/games/generic.js')).default;
  await setLanguage('en');
  const info = (await (await fetch('/api/games')).json()).games.find((g) => g.name === game);
  const ctx = context({ game, table: 'T', version: 1, seat: 0, view, seats: [{ seat: 0, kind: 'human' }], acting: [] }, info);
  ctx.mod = generic;
  const board = generic.render(ctx);
  const chips = [...board.querySelectorAll('[data-component]')].map((el) => el.dataset.component);
  return { chips, text: board.textContent, status: generic.status(ctx), explained: chips.every((id) => generic.explain(id, ctx)) };
}"""


@pytest.mark.parametrize("game", SETUPS)
def test_a_game_without_a_board_module_is_shown_as_an_outline_of_its_view(page, game):
    """A newly added game has no module yet: the generic one outlines any game's view, and every
    component id in it becomes an explained chip."""
    view = registry.game(game).new_state(2, 1).view(0)
    result = page.evaluate(GENERIC, [game, json.loads(json.dumps(view))])
    assert result["explained"] and len(result["text"]) > 200
    if game != "kingsburg":                  # its view names components by number, not by id
        assert result["chips"]
    assert "ui.generic_note" not in result["text"] and "This game has no drawn board yet" in result["text"]


WORKSHOPS = """async () => {
  const { setLanguage } = await import('/static/i18n.js');
  const { context } = await import('/static/tableview.js');
  const { tileName } = await import('/static/games/messina-texts.js');
  await setLanguage('en');
  const info = (await (await fetch('/api/games')).json()).games.find((g) => g.name === 'messina-1347');
  const ctx = context({ game: 'messina-1347', table: 'T', version: 1, seat: null, view: {}, seats: [], acting: [] }, info);
  return info.components.filter((c) => c.kind === 'workshop' && c.period === 'early')
    .map((c) => [c.id, c.requires_upgraded, tileName(ctx, c.id)]);
}"""


def test_a_messina_workshop_for_upgraded_citizens_is_named_by_what_it_then_produces(page):
    """An early workshop that takes only an upgraded citizen produces nothing otherwise: its name
    was "“nothing”", read as a useless tile (a browser audit); it is named by what it produces."""
    names = page.evaluate(WORKSHOPS)
    upgraded = [(i, name) for i, only, name in names if only]
    assert upgraded and len(names) > len(upgraded)
    assert all(name.startswith("“upgraded citizen only: ") and "nothing" not in name for _, name in upgraded), upgraded
    assert not any("nothing" in name for _, only, name in names if not only)


ORDER = """async () => {
  const { shownOptions } = await import('/static/decision.js');
  const messina = (await import('/static/games/messina-1347.js')).default;
  const kingsburg = (await import('/static/games/kingsburg.js')).default;
  const actions = ['reshuffle:huts:points', 'reshuffle:huts:coin', 'hut_tile:U01', 'workshop:W03', 'skip']
    .map((key) => ({ key, label: key, data: {} }));
  return [shownOptions({ mod: messina }, actions).map((a) => a.key), shownOptions({ mod: kingsburg }, actions).map((a) => a.key)];
}"""


def test_messina_shows_the_builds_before_the_reshuffles_and_numbers_them_so(page):
    """A browser audit: the build's six reshuffle payments came first and pushed the tiles out of
    the keys 1-9. Messina's module ranks them last (the order shown is the order numbered); a
    game without a rank keeps the engine's order."""
    messina, kingsburg = page.evaluate(ORDER)
    assert messina == ["hut_tile:U01", "workshop:W03", "skip", "reshuffle:huts:points", "reshuffle:huts:coin"]
    assert kingsburg == ["reshuffle:huts:points", "reshuffle:huts:coin", "hut_tile:U01", "workshop:W03", "skip"]


SINCE = """async () => {
  const { setLanguage } = await import('/static/i18n.js');
  const { context } = await import('/static/tableview.js');
  const { sinceBlock } = await import('/static/decision.js');
  const { eventText } = await import('/static/tableview.js');
  await setLanguage('en');
  const info = (await (await fetch('/api/games')).json()).games.find((g) => g.name === 'messina-1347');
  const ctx = context({ game: 'messina-1347', table: 'T', version: 9, seat: 0, view: {}, seats: [], acting: [] }, info);
  const event = (kind, version, text, seats = []) => ({ kind, version, text, seats, data: {} });
  const events = [event('hex_turn', 5, 'Seat 1 chooses hex B02.', [1]), event('build', 6, 'Seat 1 builds.', [1]),
    event('round', 7, 'Round 2 is prepared.'), event('citizens', 7, '6 citizens appear in Messina.'),
    event('turn_order', 8, 'Turn order by the city book: seat 1, seat 0.')];
  return [events.map((e) => eventText(e, ctx)), [...sinceBlock(ctx, events, 5).querySelectorAll('li')].map((li) => li.textContent)];
}"""


def test_since_your_last_decision_shows_the_moves_before_a_new_rounds_set_up(page):
    """A browser audit: after a new round the block showed "6 citizens appear in Messina" and
    left the opponent's moves in the log. The game ranks its set-up events (drawn on the board)
    below the moves; what is shown keeps the order it happened in."""
    texts, shown = page.evaluate(SINCE)
    hex_turn, build, new_round, citizens, turn_order = texts
    assert shown == [hex_turn, build, turn_order]


PERSONS = """async ([view]) => {
  const { setLanguage } = await import('/static/i18n.js');
  const { context } = await import('/static/tableview.js');
  await setLanguage('en');
  const info = (await (await fetch('/api/games')).json()).games.find((g) => g.name === 'notre-dame');
  const ctx = context({ game: 'notre-dame', table: 'T', version: 1, seat: 0, view, seats: [], acting: [] }, info);
  return ctx.mod.render(ctx).querySelector('.persons').textContent;
}"""


def test_notre_dames_reconstructed_rat_numbers_are_marked_and_the_mark_explained(page):
    """The persons' rat numbers are reconstructed (the printed ones are not public): each is
    marked "*", and the mark is explained under the cards (a browser audit found it unexplained)."""
    view = json.loads(json.dumps(registry.game("notre-dame").new_state(3, 1).view(0)))
    assert "rats" in view["reconstructed_parts"]
    text = page.evaluate(PERSONS, [view])
    assert text.count(" *") >= 3 and "* Reconstructed rat numbers: the printed ones are not public" in text


HAND = """async ([views]) => {
  const { setLanguage } = await import('/static/i18n.js');
  const { context } = await import('/static/tableview.js');
  await setLanguage('en');
  const info = (await (await fetch('/api/games')).json()).games.find((g) => g.name === 'notre-dame');
  return views.map((view) => {
    const ctx = context({ game: 'notre-dame', table: 'T', version: 1, seat: 0, view, seats: [], acting: [] }, info);
    return [...ctx.mod.render(ctx).querySelectorAll('.hand h3')].map((el) => el.textContent);
  });
}"""


def test_notre_dames_first_draft_pick_is_from_the_cards_dealt_the_second_from_those_passed(page):
    """ND-5.2, ND-5.4 (a browser audit: the dealt hand was headed "Cards passed to you")."""
    state = registry.game("notre-dame").new_state(3, 1)
    first = json.loads(json.dumps(state.view(0)))
    for seat in range(3):
        state.apply(state.legal_keys(seat)[0], seat)
    second = json.loads(json.dumps(state.view(0)))
    dealt, passed = page.evaluate(HAND, [[first, second]])
    assert "Cards dealt to you" in dealt and "Cards passed to you" not in dealt
    assert "Cards passed to you" in passed


COMMON = """async ([actions, view]) => {
  const { setLanguage } = await import('/static/i18n.js');
  const { context } = await import('/static/tableview.js');
  const { commonPreview, withoutCommon, previewBlock } = await import('/static/decision.js');
  await setLanguage('en');
  const info = (await (await fetch('/api/games')).json()).games.find((g) => g.name === 'notre-dame');
  const ctx = context({ game: 'notre-dame', table: 'T', version: 1, seat: 0, view, seats: [0, 1, 2].map((seat) => ({ seat, kind: 'human' })), acting: [] }, info);
  const common = commonPreview(actions);
  return [common, actions.map((a) => withoutCommon(a.data.preview, common)), previewBlock(common, ctx)?.textContent ?? null];
}"""


def test_what_every_option_does_alike_is_said_once_above_the_options(page):
    """A browser audit: after the round's last bribe every option showed the plague's result
    (another seat's rats, the plague note), read as the cost of each bribe. What every option's
    preview says alike is lifted out and said once; what differs (the Physician's rats, the
    coin) stays on its row; with nothing in common there is no such line."""
    plague = {"key": "plague", "text": "then the plague", "args": {"value": 6, "n": 6}}
    actions = [
        {"key": "bribe:monk", "data": {"preview": {"gain": {"coins": -1, "stones": 2, "rats": 5},
                                                   "others": {"1": {"rats": 5}}, "notes": [plague]}}},
        {"key": "bribe:physician", "data": {"preview": {"gain": {"coins": -1}, "others": {"1": {"rats": 5}},
                                                        "notes": [{"key": "physician", "args": {"n": 5}}]}}},
        {"key": "pass", "data": {"preview": {"gain": {"rats": 5}, "others": {"1": {"rats": 5}}, "notes": [plague],
                                             "confirm": "bribe_nobody"}}},
    ]
    view = json.loads(json.dumps(registry.game("notre-dame").new_state(3, 1).view(0)))
    common, rows, text = page.evaluate(COMMON, [actions, view])
    assert common == {"gain": {}, "others": {"1": {"rats": 5}}, "notes": [], "uncertain": []}
    assert rows[0] == {"gain": {"coins": -1, "stones": 2, "rats": 5}, "others": {}, "notes": [plague], "uncertain": []}
    assert rows[2]["confirm"] == "bribe_nobody" and rows[2]["others"] == {}
    assert "+5 rats" in text
    none, _, _ = page.evaluate(COMMON, [[actions[0], {"key": "x", "data": {}}], view])
    assert none is None


def test_the_browser_and_the_terminal_lift_the_same_common_part(page):
    """decision.js's commonPreview / withoutCommon and kernel/preview.py's common_preview /
    without_common give the same result: the same change alike certain or uncertain is lifted,
    an uncertain one with other amounts stays with its "about" on each row, an item uncertain on
    every option without a change is said once, notes match whatever their arguments' order."""
    plague = {"key": "plague", "text": "then the plague", "args": {"value": 6, "n": 6}}
    cases = [
        [{"gain": {"coins": -1, "rats": 2, "vp": 1}, "others": {"1": {"rats": 1}}, "notes": [plague],
          "uncertain": ["vp", "gold"]},
         {"gain": {"coins": -2, "rats": 2, "vp": 1}, "others": {"1": {"rats": 1, "vp": 1}},
          "notes": [dict(plague, args={"n": 6, "value": 6})], "uncertain": ["rats", "vp", "gold"]}],
        [{"gain": {"vp": 1}, "uncertain": ["vp"], "notes": [plague]}, {"gain": {"vp": 2}, "uncertain": ["vp"],
                                                                        "notes": [plague]}],
        [{"gain": {"coins": -1}}, {}],
    ]
    view = json.loads(json.dumps(registry.game("notre-dame").new_state(3, 1).view(0)))
    for previews in cases:
        actions = [{"key": f"k{i}", "data": {"preview": p}} for i, p in enumerate(previews)]
        common, rows, _ = page.evaluate(COMMON, [actions, view])
        expected = common_preview(previews)
        assert common == expected, (previews, common)
        assert rows == [without_common(p, expected) if expected else p for p in previews], rows


def in_context(game: str, args: str, body: str) -> str:
    """A page script: with English loaded and `ctx` the table context of `game` for seat 0 of two
    human seats (empty view), run `body` on the arguments `args`."""
    return f"""async ([{args}]) => {{
  const {{ setLanguage }} = await import('/static/i18n.js');
  const {{ context, actionText, eventText }} = await import('/static/tableview.js');
  await setLanguage('en');
  const info = (await (await fetch('/api/games')).json()).games.find((g) => g.name === '{game}');
  const ctx = context({{ game: '{game}', table: 'T', version: 1, seat: 0, view: {{}}, seats: [0, 1].map((seat) => ({{ seat, kind: 'human' }})), acting: [] }}, info);
  window.ludotekaUntranslated = [];
  {body}
}}"""


PLAIN_KEYS = in_context("kingsburg", "keys", """const texts = keys.map((key) => actionText({ key, label: `ENGINE ${key}`, data: {} }, ctx));
  return [texts, window.ludotekaUntranslated];""")


@pytest.mark.rule("KB-17.1")
def test_every_kingsburg_option_without_data_has_its_own_text(page):
    """A whole game by clicks once reached the Statue's reroll of the white die (KB-17.1), which
    fell back to the engine's English: every key that needs no data (the rerolls of the Statue
    and the Chapel, keep, done, skip) has its text in the browser."""
    keys = [*REROLL_LABELS, "done", "skip"]
    texts, untranslated = page.evaluate(PLAIN_KEYS, [keys])
    assert untranslated == [] and not any(text.startswith("ENGINE") for text in texts), texts
    assert dict(zip(keys, texts))["statue-white"] == "Statue: reroll the white die"


KB_TEXTS = in_context("kingsburg", "actions, events",
                      "return [actions.map((a) => actionText(a, ctx)), events.map((e) => eventText(e, ctx))];")


@pytest.mark.rule("KB-9.18", "KB-9.10")
def test_kingsburg_says_what_a_help_costs_before_what_it_buys(page):
    """A browser audit read "Smuggler: pay 1 VP and 3 gold" as paying the gold too, and the
    Alchemist's help in the log as giving away all three goods: what is paid or given comes
    first, then "for" what it buys. The actions and events are the engine's own."""
    found = {}
    for seed in range(40):
        state = registry.game("kingsburg").new_state(4, seed)
        rng = random.Random(seed)
        while state.to_act is not None and len(found) < 2:
            for action in state.legal_actions(state.to_act):
                if action.key.startswith("take:") and action.data.get("advisor") == 14 and action.data["vp"] < 0:
                    found.setdefault("smuggler", action)
                elif action.key.startswith("trade:"):
                    found.setdefault("trade", action)
            state.apply(rng.choice(state.legal_keys()))
        if len(found) == 2:
            break
    smuggler, trade = (json.loads(json.dumps({"key": a.key, "label": a.label, "data": a.data}))
                       for a in (found["smuggler"], found["trade"]))
    # the event a trade writes, as the engine writes it (advisor_help with the goods given as negative)
    event = {"kind": "advisor_help", "text": "", "data": {"seat": 0, **{k: trade["data"][k] for k in (
        "advisor", "goods", "vp", "soldiers", "tokens", "peek")}}}
    (smuggler_text, _), (help_text,) = page.evaluate(KB_TEXTS, [[smuggler, trade], [event]])
    assert smuggler_text.startswith("Smuggler: pay 1 VP for "), smuggler_text
    assert " for 1 " in help_text and help_text.index("give") < help_text.index(" for "), help_text


ND_ACTIONS = in_context("notre-dame", "actions",
                        "return [actions.map((a) => actionText(a, ctx)), window.ludotekaUntranslated];")


@pytest.mark.rule("ND-18.7")
def test_the_jugglers_destination_names_the_piece_in_the_browser(page):
    """The Juggler's destinations say which piece moves; an option saved before they carried the
    piece keeps its old text."""
    sector = registry.game("notre-dame").data.card_ids[0]
    actions = [{"key": "to:x", "label": "ENGINE", "data": {"kind": "juggle_to", "sector": sector, "count": 2, **extra}}
               for extra in ({"piece": "stone"}, {"piece": "friend"}, {})]
    texts, untranslated = page.evaluate(ND_ACTIONS, [actions])
    assert untranslated == [], untranslated
    assert texts[0].startswith("Juggler: move a stone to your ") and texts[0].endswith("(then 2 pieces there)")
    assert texts[1].startswith("Juggler: move the trusted friend to your ")
    assert texts[2].startswith("Move it to your "), texts


@pytest.mark.rule("ND-7.1", "ND-18.7")
def test_notre_dame_is_nobodys_own_sector_in_the_option_texts(page):
    """A browser audit read "Place a stone ... in your Notre Dame" and "move a stone from your
    Notre Dame": Notre Dame is the common centre, not a sector of the seat's borough."""
    actions = [{"key": "a", "label": "ENGINE", "data": {"kind": "place", "to": "notre_dame"}},
               {"key": "b", "label": "ENGINE", "data": {"kind": "juggle", "from": "notre_dame", "piece": "stone"}},
               {"key": "c", "label": "ENGINE", "data": {"kind": "place", "to": "hotel"}}]
    texts, untranslated = page.evaluate(ND_ACTIONS, [actions])
    assert untranslated == [] and not any("your Notre Dame" in t for t in texts), texts
    assert texts[0] == "Place a stone from your personal supply on Notre Dame"
    assert texts[1] == "Juggler: move a stone from Notre Dame" and texts[2].endswith("in your Hotel"), texts


ND_SECTORS = """async ([view]) => {
  const { setLanguage } = await import('/static/i18n.js');
  const { context } = await import('/static/tableview.js');
  await setLanguage('en');
  const info = (await (await fetch('/api/games')).json()).games.find((g) => g.name === 'notre-dame');
  const seats = view.players.map((p) => ({ seat: p.seat, kind: 'human' }));
  const ctx = context({ game: 'notre-dame', table: 'T', version: 1, seat: 0, view, seats, acting: [] }, info);
  const board = ctx.mod.render(ctx);
  return [...board.querySelectorAll('g.sector')].filter((g) => g.dataset.place.startsWith('sector:0:')).map((g) => ({
    place: g.dataset.place, count: g.querySelector('.nd-count').textContent,
    stones: g.querySelectorAll('rect').length - 1, friend: g.querySelectorAll('circle').length,
  }));
}"""


@pytest.mark.rule("ND-7.6", "ND-13.5")
def test_a_notre_dame_sector_shows_its_stones_and_the_friend_counted_as_one(page):
    """A browser audit saw a sector with 1 stone and the trusted friend drawn as "1", no stone
    and the friend: the count is the pieces (the friend counts as a stone, ND-7.6), and every
    stone is drawn beside the friend."""
    game = registry.game("notre-dame")
    state = game.new_state(3, 1)
    names = game.data.sectors
    with_friend, plain = names.index("bank"), names.index("carriage_house")
    state.sector_stones[with_friend] = 1
    state.sector_stones[plain] = 2
    state.friend[0] = with_friend
    view = json.loads(json.dumps(state.view(0)))
    drawn = {d["place"]: d for d in page.evaluate(ND_SECTORS, [view])}
    assert drawn[f"sector:0:{names[with_friend]}"] == {"place": f"sector:0:{names[with_friend]}", "count": "2",
                                                     "stones": 1, "friend": 1}
    assert drawn[f"sector:0:{names[plain]}"]["count"] == "2" and drawn[f"sector:0:{names[plain]}"]["stones"] == 2
    assert drawn[f"sector:0:{names[plain]}"]["friend"] == 0


IF_ENDED = """async ([view, language]) => {
  const { setLanguage } = await import('/static/i18n.js');
  const { context } = await import('/static/tableview.js');
  await setLanguage(language);
  const info = (await (await fetch('/api/games')).json()).games.find((g) => g.name === 'messina-1347');
  const seats = view.players.map((p) => ({ seat: p.seat, kind: 'human' }));
  const ctx = context({ game: 'messina-1347', table: 'T', version: 1, seat: 0, view, seats, acting: [] }, info);
  const board = ctx.mod.render(ctx);
  return [...board.querySelectorAll('.ms-mat')].map((mat) => ({
    values: [...mat.querySelectorAll('dd.vp')].map((dd) => dd.textContent),
    line: mat.querySelector('.ms-if-ended')?.textContent ?? null,
  }));
}"""


def test_each_messina_mat_shows_the_score_if_the_game_ended_now(page):
    """MS-31 (a phone audit: the score stayed near 0 while the final scoring decided the game):
    every mat shows the score if the game ended now and what the final scoring would add, in
    every language; a finished game shows the score alone."""
    game = registry.game("messina-1347")
    state = game.new_state(3, 7)
    rng = random.Random(7)
    for _ in range(150):
        state.apply(rng.choice(state.legal_keys()))
    view = json.loads(json.dumps(state.view(0)))
    for language in LANGUAGES:
        mats = page.evaluate(IF_ENDED, [view, language])
        for mat, player in zip(mats, view["players"]):
            ended = player["if_ended_now"]
            assert mat["values"] == [str(player["score"]), str(ended["score"])]
            assert (mat["line"] is None) == (not ended["gains"]), (language, mat)
        lines = [m["line"] for m in mats if m["line"]]
        assert lines and not any(KEY_PATTERN.findall(line) or "undefined" in line for line in lines), lines
        if language == "en":
            assert all(line.startswith("The final scoring would add: ") for line in lines), lines
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_keys()))
    over = page.evaluate(IF_ENDED, [json.loads(json.dumps(state.view(0))), "en"])
    assert all(len(m["values"]) == 1 and m["line"] is None for m in over)


MS_TEXTS = in_context("messina-1347", "actions", "ctx.view = { decision: 'fight' };\n"
                      "  return actions.map((a) => actionText(a, ctx));")


@pytest.mark.rule("MS-12.7", "MS-12.11", "MS-12.12")
def test_only_a_payment_of_large_fire_alone_promises_the_adjacent_cube(page):
    """A browser audit: in a round where a cube costs 2 fire, "1 large fire and 1 fire" read "(and
    maybe one from an adjacent hex)", which only 2 large fires earn (MS-12.11; the engine's own
    label and `pay_for_cube` agree). The browser says what the engine's label says."""
    keys = ["fight:large_fire+fire", "fight:large_fire+large_fire", "fight:fire+fire", "fight:large_fire", "fight:fire"]
    actions = [{"key": key, "label": key, "data": {"payment": key[6:].split("+")}} for key in keys]
    texts = dict(zip(keys, page.evaluate(MS_TEXTS, [actions])))
    promised = {key for key, text in texts.items() if "adjacent" in text}
    assert promised == {"fight:large_fire+large_fire", "fight:large_fire"}, texts
