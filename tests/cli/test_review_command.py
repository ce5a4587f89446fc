"""`ludoteka review RECORD --seat N` (issue 26 §2): the review in the terminal, with progress on
stderr and clear errors for a bad record or seat."""
from __future__ import annotations

import json

from ludoteka.cli.main import main
from ludoteka.kernel.record import record_of, save_record

from ai.test_review import greedy_game


def record_file(tmp_path, stop=62, name="game.json", **changes):
    record = {**record_of(greedy_game(2, {59: "action"}, stop=stop)), **changes}
    path = tmp_path / name
    save_record(path, record)
    return str(path)


def test_review_prints_the_costliest_decisions_and_progress(tmp_path, capsys):
    path = record_file(tmp_path)
    assert main(["review", path, "--seat", "0", "--budget", "8", "--json"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert data["budget"] == 8 and data["estimate"] == "score" and len(data["mistakes"]) >= 2
    skipped = next(m for m in data["mistakes"] if m["index"] == 59)     # the planted repopulation
    assert (skipped["chosen"]["key"], skipped["best"]["key"]) == ("action", "repopulate")
    total = data["decisions"]
    lines = err.splitlines()
    assert lines[0] == f"review: decision 1 of {total}"
    assert lines[1].startswith(f"review: decision 2 of {total}, about ") and lines[1].endswith(" s left")
    assert lines[-1].startswith(f"review: {total} decisions weighed in ") and len(lines) == total + 1
    # The text: the costliest first, --top of them.
    assert main(["review", path, "--seat", "0", "--budget", "8", "--top", "1"]) == 0
    out = capsys.readouterr().out
    first = data["mistakes"][0]
    assert out.startswith(f"Review of seat 0 (messina-1347, 8 iterations per search): {total} decisions "
                          f"weighed, {data['agreed']} as the AI would play, {len(data['mistakes'])} clearly worse")
    assert f"  1. after {first['index']} actions ({first['decision']}): about {first['loss']:.1f} points lost" in out
    assert f"       you chose: {first['chosen']['label']}" in out
    assert f"       better:    {first['best']['label']}" in out
    assert f"  ... and {len(data['mistakes']) - 1} more (--top to see them)." in out and "  2. after" not in out


def test_review_refuses_a_bad_record_or_seat_in_one_line(tmp_path, capsys):
    path = record_file(tmp_path, stop=6)
    tampered = record_file(tmp_path, stop=6, name="bad.json", scores=[99.0])
    (tmp_path / "text.json").write_text("not json")
    for argv, message in (
            ([path, "--seat", "1"], "review seat must be 0 (a solo game), not 1"),
            ([path], "the following arguments are required: --seat"),
            ([path, "--seat", "0", "--budget", "0"], "argument --budget: "),
            ([str(tmp_path / "missing.json"), "--seat", "0"], "cannot read game record"),
            ([str(tmp_path / "text.json"), "--seat", "0"], "is not valid JSON"),
            ([tampered, "--seat", "0"], "game record scores [99.0] differ from the replayed scores")):
        assert main(["review", *argv]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.startswith("ludoteka: error: ") and message in err
        assert len(err.strip().splitlines()) == 1
