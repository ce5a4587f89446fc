"""Policy self-play (every seat game.playout_key), revision 1 against 2: +2 tokens used and left at
the end, the Smuggler offered and taken at 0 VP or less, how often evaluate_all at the start of each
year ranks two seats as the final scores do. Usage: check_tokens_policy.py GAMES (seeds 7000-)."""
import random, sys, itertools
from ludoteka import registry
from ludoteka.boardgames.kingsburg.evaluate import evaluate_all
g = registry.game("kingsburg")
REV1 = {"negative_vp": False, "one_token_per_season": False, "effect_order_choice": False}
def run(opts, n, seed0):
    stats = dict(tok_left=0, tok_used=0, tok_gained=0, smug_le0=0, smug_le0_taken=0, vp=0, conc=[0,0], seats=0, neg_final=0)
    for gi in range(n):
        st = g.new_state(4, seed0+gi, opts)
        rnd = random.Random(gi)
        snaps = []
        last_year = 0
        while st.to_act is not None:
            if st.year != last_year and st.phase == 1:
                pass
            if st.year != last_year:
                last_year = st.year
                snaps.append(evaluate_all(st))
            kind = st.top()[0].name
            seat = st.to_act
            k = g.playout_key(st, rnd.random)
            if kind == "take_help" and (st.top()[2] >> 1) == 14 and st.vp[seat] <= 0:
                stats["smug_le0"] += 1
                if k != "decline": stats["smug_le0_taken"] += 1
            if kind == "choose_advisor" and st.T.target_info[k][1]:
                stats["tok_used"] += 1
            st.apply(k)
        sc = st.scores()
        for s in range(4):
            stats["tok_left"] += st.tokens[s]; stats["vp"] += sc[s]; stats["seats"] += 1
            stats["neg_final"] += sc[s] < 0
        for ev in snaps[1:]:
            for a, b in itertools.combinations(range(4), 2):
                if sc[a] == sc[b] or ev[a] == ev[b]: continue
                stats["conc"][1] += 1
                stats["conc"][0] += (sc[a] > sc[b]) == (ev[a] > ev[b])
    s = stats["seats"]
    return {k: (round(v / s, 3) if isinstance(v, (int,float)) and k not in ("smug_le0", "smug_le0_taken") else v) for k, v in stats.items()} | {"conc_rate": round(stats["conc"][0]/stats["conc"][1], 3)}
n = int(sys.argv[1])
print("rev1", run(REV1, n, 7000))
print("rev2", run({}, n, 7000))
