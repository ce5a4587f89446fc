"""Is Kingsburg's evaluation far from the best linear weighting of its own parts? (issue 29 §3)

`gen START COUNT SPEC OUT`: positions of 4-player games of SPEC (a few random moves), the parts of
`_value` for every seat, and the final VP. `fit FILE...`: per (year, phase) ridge weights (pulled
towards the hand weights, LAM=30) fitted on the even seeds, compared with the hand evaluation on the
odd ones: how often the seat it ranks first wins, and the correlation of its margins (mine minus the
best other) with the final margins. Run with PYTHONPATH=src; numpy needed for `fit`.
"""
import json, random, sys, time
import ludoteka
from ludoteka.ai import make_agent
from ludoteka.boardgames.kingsburg import evaluate as E
from ludoteka.boardgames.kingsburg.state import REINF_TOKENS

NAMES = ["vp", "goods", "tokens", "per_season", "other_ability", "per_battle", "battle", "soldiers3", "soldiers", "buildings"]

def features(state, seat, viewer=None):
    viewer = seat if viewer is None else viewer
    T = state.T
    data = T.data
    seasons_left = 3 * (5 - state.year) + sum(1 for p in (2, 4, 6) if p >= state.phase)
    years_left = 5 - state.year + (0 if state.phase < 8 else 0.2)
    tokens = state.tokens[seat]
    if tokens and state.rules.token_per_season:
        usable = state.usable_tokens(seat)
        if tokens > usable:
            tokens = usable + E.SURPLUS_TOKEN * (tokens - usable)
    built = state.buildings[seat]
    per_season = other = per_battle = 0.0
    battles_after = 5 - state.year
    for bit, ps, oa, pb in E.building_worth(T):
        if built & bit:
            if ps is not None:
                per_season += ps * seasons_left
            elif oa:
                other += years_left / 5
            per_battle += pb * battles_after
    battle = 0.0
    if not state.battle_fought():
        card_index = E._card_known(state, viewer)
        if card_index is not None:
            card = data.enemies[card_index]
            enemy = card.strength
            win_value = sum(card.gain[:5]) + 1
            vp_lost = card.lose[5] + card.lose[4] * 3
            if not state.rules.negative_vp:
                vp_lost = min(vp_lost, max(state.vp[seat], 0))
            lose_value = sum(card.lose[:4]) * E.GOOD_VALUE + vp_lost
        else:
            lo, hi = data.year_ranges[state.year - 1]
            enemy = (lo + hi) / 2
            win_value, lose_value = 1.5, 2.5
        reinf = 2.0 if state.rules.reinforcements == REINF_TOKENS else 3.5
        margin = state.soldiers[seat] + reinf + E._strength_mods(state, seat, card_index) - enemy
        p = min(1.0, max(0.0, 0.5 + margin / 5))
        battle = p * win_value - (1 - p) * lose_value
    return [float(state.vp[seat]), float(state.goods_total(seat)), float(tokens), per_season, other, per_battle,
            battle, float(min(state.soldiers[seat], 3)), float(state.soldiers[seat]), float(state.building_count(seat))]


def gen():
    g = ludoteka.game("kingsburg")
    start, count, spec, out = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
    rows = []
    t = time.time()
    for seed in range(start, start + count):
        rng = random.Random(seed)
        agents = [make_agent(spec, seed=seed * 7 + i) for i in range(4)]
        eps = rng.choice([0.0, 0.03, 0.08])
        s = g.new_state(4, seed)
        snaps = []
        while s.to_act is not None:
            keys = s.legal_keys()
            if len(keys) > 1 and rng.random() < 0.12:
                snaps.append(s.clone())
            k = keys[rng.randrange(len(keys))] if len(keys) > 1 and rng.random() < eps else agents[s.to_act].choose(s)
            s.apply(k)
        final = list(s.scores())
        for p in snaps:
            rows.append({"seed": seed, "year": p.year, "phase": p.phase,
                         "value": [E._value(p, x, x) for x in range(4)],
                         "feat": [features(p, x) for x in range(4)], "final": final})
        print(seed, len(rows), round(time.time() - t), file=sys.stderr, flush=True)
        if seed % 10 == 9:
            json.dump(rows, open(out, "w"))
    json.dump(rows, open(out, "w"))


def fit():
    import numpy as np
    rows = []
    for f in sys.argv[2:]:
        rows += json.load(open(f))
    print(len(rows), "positions")
    GOOD, TOKEN, SOLDIER, EFFECT = 0.6, 0.5, 0.35, 0.8
    def stage(r):
        return (r["year"], r["phase"])
    def use(r):
        sl = 3 * (5 - r["year"]) + sum(1 for p in (2, 4, 6) if p >= r["phase"])
        return 1.0 if sl >= 2 else (0.7 if sl == 1 else 0.05)
    def prior(r):
        u = use(r)
        return np.array([1, GOOD * u, TOKEN * u, 1, EFFECT, 1, 1, SOLDIER, 0, 0, 0.0])
    train = [r for r in rows if r["seed"] % 2 == 0]
    test = [r for r in rows if r["seed"] % 2 == 1]
    LAM = float(__import__("os").environ.get("LAM", "30"))
    W = {}
    for st in sorted({stage(r) for r in rows}):
        tr = [r for r in train if stage(r) == st]
        if not tr:
            continue
        X = np.array([f + [1.0] for r in tr for f in r["feat"]])
        y = np.array([v for r in tr for v in r["final"]], float)
        w0 = prior(tr[0])
        reg = LAM * np.eye(X.shape[1]); reg[-1, -1] = 1e-6
        w = np.linalg.solve(X.T @ X + reg, X.T @ y + reg @ w0)
        W[st] = w
    def rel(v):
        return [v[i] - max(v[j] for j in range(4) if j != i) for i in range(4)]
    def report(name, pred):
        win_hits, n, errs_rel, cors = 0, 0, [], []
        P, Y = [], []
        for r in test:
            p = pred(r)
            if p is None:
                continue
            f = r["final"]
            best = max(f)
            win_hits += (f[int(np.argmax(p))] == best); n += 1
            P += rel(p); Y += rel(f)
        P, Y = np.array(P), np.array(Y)
        c = np.corrcoef(P, Y)[0, 1]
        print(f"{name}: winner hit {win_hits / n:.3f} over {n}; corr(rel) {c:.3f}")
        return c
    report("hand _value", lambda r: r["value"])
    report("fitted", lambda r: [float(np.dot(W[stage(r)], f + [1.0])) for f in r["feat"]] if stage(r) in W else None)
    # by year
    for yr in range(1, 6):
        sub = [r for r in test if r["year"] == yr]
        def acc(pred):
            h = sum(r["final"][int(np.argmax(pred(r)))] == max(r["final"]) for r in sub)
            return h / len(sub)
        print(yr, len(sub), "hand", round(acc(lambda r: r["value"]), 3), "fit", round(acc(lambda r: [float(np.dot(W[stage(r)], f + [1.0])) for f in r["feat"]]), 3))
    if True:
        for st, w in sorted(W.items()):
            if st[1] in (1, 5):
                print(st, " ".join(f"{n}={x:.2f}" for n, x in zip(NAMES + ["b"], w)))


if __name__ == "__main__":
    {"gen": gen, "fit": fit}[sys.argv[1]]()
