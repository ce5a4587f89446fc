"""Search self-play (4 x the agent SPEC), revision 1 or 2: +2 tokens placed, offered, left; the
Smuggler; the Town Hall. Usage: check_tokens_search.py SPEC GAMES REVISION (seeds 3000-)."""
import sys, time, collections
from ludoteka import registry
from ludoteka.ai import make_agent
g = registry.game("kingsburg")
REV1 = {"negative_vp": False, "one_token_per_season": False, "effect_order_choice": False}
spec = sys.argv[1]; n = int(sys.argv[2]); rev = sys.argv[3]
opts = REV1 if rev == "1" else {}
tot = collections.Counter()
for gi in range(n):
    st = g.new_state(4, 3000 + gi, opts)
    agents = [make_agent(spec, 100 * gi + s) for s in range(4)]
    t = time.time()
    while st.to_act is not None:
        seat = st.to_act
        kind = st.top()[0].name
        k = agents[seat].choose(st)
        if kind == "take_help" and (st.top()[2] >> 1) == 14:
            tot["smug_offered_vp<=0" if st.vp[seat] <= 0 else "smug_offered_vp>0"] += 1
            if k != "decline": tot["smug_taken_vp<=0" if st.vp[seat] <= 0 else "smug_taken_vp>0"] += 1
        if kind == "choose_advisor":
            tot["influences"] += 1
            if st.T.target_info[k][1]: tot["token_placed"] += 1
            if st.tokens[seat] and not st.token_used >> seat & 1: tot["token_available_at_advisor"] += 1
        if kind == "choose_dice" and k == "pass":
            tot["pass"] += 1
            if st.tokens[seat] and not st.token_used >> seat & 1: tot["pass_with_token_unused"] += 1
        if kind in ("town_hall",):
            tot["townhall:" + k.split(":")[0]] += 1
        st.apply(k)
    for s in range(4):
        tot["tokens_left"] += st.tokens[s]; tot["vp"] += st.vp[s]; tot["negvp"] += st.vp[s] < 0
    print(gi, st.scores(), [st.tokens[s] for s in range(4)], f"{time.time()-t:.0f}s", flush=True)
print(dict(tot))
