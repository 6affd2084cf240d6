"""The package's answers agree with the command line's on the fixtures."""

import pytest

import scramble
from conftest import ROOT, run_json

PUZZLES = ["fixtures/paper2x2.txt", "fixtures/cards3x3.txt", "fixtures/unsolvable2x2.txt", "fixtures/several2x2.txt"]


def cli_rows(puzzle, rows):
    """`#3@1` or `NAME@1` cells of the command line as (piece, turn)."""
    labels = {puzzle.piece_name(p) or f"#{p}": p for p in range(1, len(puzzle.pieces()) + 1)}
    return [[(labels[cell.rsplit("@", 1)[0]], int(cell.rsplit("@", 1)[1])) for cell in row] for row in rows]


@pytest.mark.parametrize("path", PUZZLES)
def test_count_first_and_solutions_agree(path):
    puzzle = scramble.read(str(ROOT / path))
    [counted] = run_json("solve", path, "--json", "--no-pictures")
    assert puzzle.count() == counted["solutions"]
    assert puzzle.looks() == counted["looks"]
    [first] = run_json("solve", path, "--first", "--json", "--no-pictures")
    expected = None if first["solution"] is None else cli_rows(puzzle, first["solution"])
    assert puzzle.first() == expected
    [listed] = run_json("solve", path, "--list", "--list-limit", "5", "--json", "--no-pictures")
    assert puzzle.solutions(5) == [cli_rows(puzzle, s) for s in listed["listed"]["solutions"]]


def test_recording_graph_is_the_node_link_export(tmp_path):
    path = "fixtures/cards3x3.txt"
    graph = scramble.read(str(ROOT / path)).recording_graph()
    run_json("graph", path, "--format", "json", "--out", str(tmp_path), "--json")
    import json

    exported = json.loads((tmp_path / "cards3x3" / "recording.json").read_text())
    assert graph.is_directed() and graph.is_multigraph()
    assert sorted(graph.nodes) == sorted(n["id"] for n in exported["nodes"])
    edges = sorted((s, t, k, tuple(sorted(d.items()))) for s, t, k, d in graph.edges(keys=True, data=True))
    expected = sorted(
        (e["source"], e["target"], e["key"], tuple(sorted((a, v) for a, v in e.items() if a not in ("source", "target", "key"))))
        for e in exported["edges"]
    )
    assert edges == expected
    assert graph.number_of_edges() == 4 * 9


def test_subgraphs_agree_with_the_subgraphs_command():
    path = "fixtures/paper2x2.txt"
    rows = scramble.read(str(ROOT / path)).subgraphs()
    [report] = run_json("subgraphs", path, "--json", "--no-pictures")
    assert len(rows) == 256
    cli = {r["index"]: r for r in report["listed"]}
    assert len(cli) == 256
    for row in rows:
        theirs = cli[row["index"]]
        assert (row["theorem"], row["twisted"], row["judge"]) == (theirs["theorem"], theirs["twisted"], theirs["judge"])
        assert row["theorem"] == all(c["holds"] for c in row["conditions"])
        assert row["conditions"] == theirs["conditions"], "one shape, the same witnesses"
        assert len(set(e // 4 for e in row["edges"])) == 4, "one corner per piece"
    assert sum(r["judge"] for r in rows) == report["solution_graphs"]


@pytest.mark.parametrize("repetition_free", [True, False])
def test_census_totals_agree_with_verify(repetition_free):
    flags = [] if repetition_free else ["--repetitions"]
    [report] = run_json("verify", "--patterns", "2", *flags, "--json", "--no-pictures")
    assert report["repetition_free"] == repetition_free
    totals = scramble.census(2, repetition_free=repetition_free)
    assert totals["puzzles"] > 0
    assert totals == {key: report[key] for key in totals}


def test_errors_carry_file_line_and_column(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("1+ 2+ 1- 2-\n1+ 2+ 1- 9x\n1+ 2+ 1- 2-\n1+ 2+ 1- 2-\n")
    with pytest.raises(scramble.ScrambleError) as caught:
        scramble.read(str(bad))
    assert (caught.value.line, caught.value.column) == (2, 10)
    assert caught.value.file.endswith("bad.txt")
    with pytest.raises(scramble.ScrambleError) as caught:
        scramble.read("1+ 2+\n")
    assert caught.value.file == "text"
    assert caught.value.line is not None


def test_a_missing_path_is_file_not_found_and_errors_are_public(tmp_path):
    missing = tmp_path / "pigz.txt"
    for given in (str(missing), missing):
        with pytest.raises(FileNotFoundError) as caught:
            scramble.read(given)
        assert caught.value.filename == str(missing)
    with pytest.raises(IsADirectoryError):
        scramble.read(str(tmp_path))
    assert scramble.ScrambleError.__module__ == "scramble"
    assert repr(scramble.ScrambleError("x")) == "ScrambleError('x')"
    assert scramble.ScrambleError.__qualname__ == "ScrambleError"


@pytest.mark.parametrize("path", ["fixtures/real/wizards.txt", "fixtures/legespiel/KatzUndMaus.config.xml"])
def test_looks_agree_with_solve(path):
    puzzle = scramble.read(str(ROOT / path))
    [counted] = run_json("solve", path, "--json", "--no-pictures")
    assert (puzzle.count(), puzzle.looks()) == (counted["solutions"], counted["looks"])


@pytest.mark.parametrize(
    "path", ["fixtures/frontier/trails5x5.txt", "fixtures/legespiel/CrazySheepGame.config.xml", "fixtures/cards3x3.txt"]
)
def test_frontier_agrees_with_solve_method_frontier(path):
    counted = scramble.read(str(ROOT / path)).frontier()
    [cli] = run_json("solve", path, "--method", "frontier", "--json", "--no-pictures")
    for key in ["solutions", "arrangements", "looks", "kinds", "states", "primes"]:
        # The command line writes counts past 2^53 as decimal strings.
        expected = cli[key] if cli[key] is None else int(cli[key])
        assert counted[key] == expected, key
    assert counted["solutions"] > 2**64 or path != "fixtures/frontier/trails5x5.txt"


@pytest.mark.parametrize(
    "path",
    ["fixtures/edge/small/planted-4x4-k3.json", "fixtures/edge/small/planted-5x4-k3.json", "fixtures/edge/small/planted-4x4-k3-grey-inside.json"],
)
def test_edge_counts_and_first_boards_agree(path):
    puzzle = scramble.read(str(ROOT / path))
    assert isinstance(puzzle, scramble.EdgePuzzle)
    [cli] = run_json("solve", path, "--json")
    counted = puzzle.count()
    for key in ("solutions", "arrangements", "symmetries", "every_rotation", "nodes", "candidate_tests"):
        assert counted[key] == cli[key], key
    board = puzzle.first()
    assert [[f"{p}@{t}" for p, t in row] for row in board] == cli["solution"]
    assert puzzle.board_edges(board) == cli["board_edges"]
    assert puzzle.viewer_link(board) == cli["viewer"]
    with pytest.raises(ValueError):
        puzzle.board_edges(board[:-1])


@pytest.mark.parametrize("path", ["fixtures/own/wizards_typo.txt", "fixtures/unsolvable2x2.txt", "fixtures/paper2x2.txt"])
def test_diagnosis_and_alternatives_are_the_command_lines(path):
    puzzle = scramble.read(str(ROOT / path))
    [plain] = run_json("solve", path, "--json", "--no-pictures")
    [wrong] = run_json("solve", path, "--wrong", "--json", "--no-pictures")
    solvable = plain["solutions"] > 0
    assert puzzle.diagnosis() == plain["diagnosis"]
    assert (puzzle.diagnosis() is None) == solvable
    assert puzzle.alternatives() == wrong.get("alternatives")
    assert (puzzle.alternatives() is None) == (not solvable)


def test_the_likeliest_fixes_name_cards_as_pieces_are_numbered():
    typo = scramble.read(str(ROOT / "fixtures/own/wizards_typo.txt"))
    fixes = typo.diagnosis()["edits"]["one"]
    # The right side of card 5 was typed purple- for purple+.
    true = [f for f in fixes if (f["card"], f["direction"], f["to"]) == (5, "right", "purple+")]
    assert len(true) == 1 and true[0]["label"] == "#5" and fixes.index(true[0]) < 3
    for fix in fixes:
        card = [s for s in typo.pieces()[fix["card"] - 1].split()]
        assert card[fix["side"]] == fix["from"]


def test_counts_narrow_the_changes_as_the_command_line_does():
    typo = scramble.read(str(ROOT / "fixtures/own/wizards_typo.txt"))
    [counted] = run_json("solve", "fixtures/own/wizards_typo.txt", "--count", "purple-=6", "--json", "--no-pictures")
    assert typo.diagnosis(counts={"purple-": 6}) == counted["diagnosis"]
    assert counted["diagnosis"]["edits"]["dropped"] > 0
    wizards = scramble.read(str(ROOT / "fixtures/real/wizards.txt"))
    [wrong] = run_json("solve", "fixtures/real/wizards.txt", "--count", "3-=5", "--json", "--no-pictures")
    assert wizards.alternatives(counts={"3-": 5}) == wrong["alternatives"]
    with pytest.raises(scramble.ScrambleError, match="not a picture of"):
        typo.diagnosis(counts={"pink+": 1})
