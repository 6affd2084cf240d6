//! The row-scan search against the plain judge on generated framed
//! puzzles (squares, rectangles, hints, grey inside), and the readers.

use std::num::NonZeroUsize;

use super::judge::{judge, judge_in};
use super::read::{EdgeFormat, parse_edge};
use super::*;
use crate::context::Context;
use crate::rng::Rng;

/// A `w x h` board with a planted solution: interior sides drawn from
/// `colours` colours (grey among them when `grey_inside`), the pieces
/// shuffled and turned.
pub(crate) fn planted(seed: u64, w: usize, h: usize, colours: usize, grey_inside: bool) -> EdgePuzzle {
    let mut rng = Rng::new(seed);
    let colour = |rng: &mut Rng| {
        if grey_inside {
            rng.below(colours + 1) as u8
        } else {
            1 + rng.below(colours) as u8
        }
    };
    let across: Vec<u8> = (0..h * (w - 1)).map(|_| colour(&mut rng)).collect();
    let down: Vec<u8> = (0..(h - 1) * w).map(|_| colour(&mut rng)).collect();
    let mut pieces: Vec<[u8; 4]> = (0..w * h)
        .map(|cell| {
            let (r, c) = (cell / w, cell % w);
            let top = if r == 0 { GREY } else { down[(r - 1) * w + c] };
            let bottom = if r + 1 == h { GREY } else { down[r * w + c] };
            let left = if c == 0 { GREY } else { across[r * (w - 1) + c - 1] };
            let right = if c + 1 == w { GREY } else { across[r * (w - 1) + c] };
            let mut piece = [top, right, bottom, left];
            piece.rotate_left(rng.below(4));
            piece
        })
        .collect();
    rng.shuffle(&mut pieces);
    EdgePuzzle::new(w, h, pieces, vec![]).unwrap()
}

fn on(threads: usize) -> Context<'static> {
    Context::new().on_threads(NonZeroUsize::new(threads).unwrap())
}

/// Shapes, colours and grey rules of the generated population. A 4x4
/// board with grey inside gets one colour more: with three it can have
/// 17,280 boards, which the plain judge takes seconds to walk.
fn population() -> Vec<EdgePuzzle> {
    let mut puzzles = vec![];
    for seed in 0..60u64 {
        let (w, h) = [(3, 3), (4, 3), (3, 4), (4, 4), (2, 3), (5, 3), (2, 2)][seed as usize % 7];
        let grey_inside = seed % 5 == 4;
        let colours = 3 + (seed as usize / 7) % 3 + usize::from(grey_inside && w * h == 16);
        puzzles.push(planted(seed, w, h, colours, grey_inside));
    }
    puzzles
}

#[test]
fn every_rotation_search_meets_the_judge_node_for_node() {
    let mut layered = 0;
    for puzzle in population() {
        let (found, nodes) = judge(&puzzle);
        assert!(found >= 1, "a planted board is a solution");
        let tables = super::tables::Tables::new(&puzzle);
        let bits = super::bits::Bits::new(&puzzle, &tables).expect("every kind fits 64 bits");
        layered += usize::from(bits.layered());
        // A list of one: the bit sets (two lanes that take each other's
        // candidates); a list of two: the list walk. The same first board
        // and the same candidate tests.
        let [fast, walk] = [1, 2].map(|list| puzzle.count(true, list, &on(1)));
        for counted in [&fast, &walk] {
            assert_eq!(counted.arrangements, found, "{puzzle:?}");
            assert_eq!(counted.stats.nodes_per_depth, nodes, "{puzzle:?}");
        }
        assert_eq!(fast.boards[..], walk.boards[..1], "{puzzle:?}");
        assert_eq!(fast.stats.candidate_tests, walk.stats.candidate_tests, "{puzzle:?}");
    }
    assert!(
        layered >= 10,
        "{layered} puzzles with a piece that fits one key in two turns"
    );
}

#[test]
fn frame_first_search_meets_the_judge_in_its_order() {
    for puzzle in population().into_iter().step_by(2) {
        let order = super::frame_first::order(&puzzle);
        let mut sorted = order.clone();
        sorted.sort();
        assert_eq!(sorted, (0..puzzle.pieces.len()).collect::<Vec<_>>(), "every cell once");
        let rim = 2 * (puzzle.width + puzzle.height) - 4;
        assert!(
            order[..rim].iter().all(|&c| (0..4).any(|d| puzzle.on_rim(c, d))),
            "the rim first"
        );
        let (found, nodes) = judge_in(&puzzle, &order);
        let counted = puzzle.count_frame_first(true, 3, &on(1));
        assert_eq!(
            (counted.arrangements, &counted.stats.nodes_per_depth),
            (found, &nodes),
            "{puzzle:?}"
        );
        let row_scan = puzzle.count(true, 0, &on(1));
        assert_eq!(row_scan.arrangements, counted.arrangements, "the same boards");
        assert!(counted.boards.iter().all(|b| puzzle.is_solution(b)));
        let pinned = puzzle.count_frame_first(false, 0, &on(1));
        assert_eq!(pinned.solutions, puzzle.count(false, 0, &on(1)).solutions);
    }
}

#[test]
fn pinning_a_corner_keeps_one_board_per_rotation_class() {
    for puzzle in population() {
        let (found, _) = judge(&puzzle);
        let counted = puzzle.count(false, 0, &on(1));
        assert_eq!(counted.arrangements, found, "{puzzle:?}");
        assert_eq!(counted.solutions * u128::from(puzzle.symmetries()), found, "{puzzle:?}");
        assert_eq!(counted.every_rotation, !puzzle.grey_only_on_rim());
    }
}

#[test]
fn hints_are_kept_and_no_rotation_is_identified() {
    for (seed, puzzle) in population().into_iter().enumerate().take(30) {
        let board = puzzle.count(true, 1, &on(1)).boards.remove(0);
        let cell = seed % puzzle.pieces().len();
        let (piece, turn) = board[cell];
        let hinted = EdgePuzzle::new(
            puzzle.width(),
            puzzle.height(),
            puzzle.pieces().to_vec(),
            vec![Hint { cell, piece, turn }],
        )
        .unwrap();
        let (found, nodes) = judge(&hinted);
        let counted = hinted.count(false, 5, &on(1));
        assert_eq!((counted.solutions, counted.arrangements), (found, found));
        assert_eq!(counted.stats.nodes_per_depth, nodes);
        let frame_first = hinted.count_frame_first(false, 0, &on(1));
        let (_, nodes) = judge_in(&hinted, &super::frame_first::order(&hinted));
        assert_eq!(
            (frame_first.solutions, frame_first.stats.nodes_per_depth),
            (found, nodes)
        );
        assert!(
            counted
                .boards
                .iter()
                .all(|b| hinted.is_solution(b) && b[cell] == (piece, turn))
        );
    }
}

#[test]
fn threads_change_neither_counts_nor_nodes() {
    for (k, puzzle) in population().into_iter().step_by(5).enumerate() {
        // A count that keeps its first board (the command line's) too.
        let list = k % 2;
        let one = puzzle.count(true, list, &on(1));
        let two = puzzle.count(true, list, &on(2));
        assert_eq!(
            (one.arrangements, one.stats.nodes_per_depth, one.boards),
            (two.arrangements, two.stats.nodes_per_depth, two.boards)
        );
    }
}

#[test]
fn frame_first_threads_change_neither_counts_nor_nodes_nor_boards() {
    let mut split = 0;
    for (k, puzzle) in population().into_iter().step_by(3).enumerate() {
        let list = [0, 1, 1000][k % 3];
        let every_rotation = k % 4 != 1;
        let one = puzzle.count_frame_first(every_rotation, list, &on(1));
        let two = puzzle.count_frame_first(every_rotation, list, &on(2));
        assert_eq!(
            (
                one.arrangements,
                one.solutions,
                &one.stats.nodes_per_depth,
                one.stats.candidate_tests
            ),
            (
                two.arrangements,
                two.solutions,
                &two.stats.nodes_per_depth,
                two.stats.candidate_tests
            ),
            "{puzzle:?}"
        );
        assert_eq!(one.boards, two.boards, "the same boards in the same order");
        let (_, nodes) = judge_in(&puzzle, &super::frame_first::order(&puzzle));
        if every_rotation {
            assert_eq!(two.stats.nodes_per_depth, nodes, "{puzzle:?}");
        }
        split += usize::from(one.stats.nodes() > 2_000);
    }
    // Trees big enough to be cut below their first cells.
    assert!(split >= 3, "{split} trees of more than 2,000 nodes");
    let puzzle = planted(8, 5, 5, 3, false);
    let one = puzzle.count_frame_first(true, 1000, &on(1));
    assert!(one.arrangements > 4 && one.boards.iter().all(|b| puzzle.is_solution(b)));
    assert_eq!(puzzle.count_frame_first(true, 1000, &on(2)).boards, one.boards);
}

#[test]
fn listed_boards_are_distinct_solutions_in_search_order() {
    let puzzle = planted(7, 4, 4, 2, false);
    let all = puzzle.count(true, 1000, &on(1));
    assert!(all.boards.len() as u128 == all.arrangements.min(1000) && all.arrangements > 4);
    assert!(all.boards.iter().all(|b| puzzle.is_solution(b)));
    let mut sorted = all.boards.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), all.boards.len());
    let few = puzzle.count(true, 3, &on(1));
    assert_eq!(few.boards, all.boards[..3]);
    // Two threads list the same boards, in the same order.
    assert_eq!(puzzle.count(true, 1000, &on(2)).boards, all.boards);
    assert_eq!(puzzle.count(true, 1, &on(2)).boards, all.boards[..1]);
    let found = puzzle.first(&on(1));
    assert_eq!((found.solutions, found.boards.len()), (1, 1));
    assert!(puzzle.is_solution(&found.boards[0]));
}

#[test]
fn a_stopped_count_says_so_and_keeps_a_lower_bound() {
    let puzzle = planted(3, 4, 4, 2, false);
    let full = puzzle.count(true, 0, &on(1));
    assert!(
        full.stats.nodes() > 1 << 17 && !full.stats.stopped,
        "a tree past the first look at the stop"
    );
    let stop = crate::context::Stop::never().after(std::time::Duration::ZERO);
    let counted = puzzle.count(true, 0, &Context::new().until(&stop));
    assert!(counted.stats.stopped);
    assert!(counted.arrangements < full.arrangements && counted.stats.nodes() < full.stats.nodes());
}

#[test]
fn is_solution_refuses_what_breaks_a_rule() {
    let puzzle = planted(11, 3, 3, 2, false);
    let board = puzzle.first(&on(1)).boards.remove(0);
    assert!(puzzle.is_solution(&board));
    let mut turned = board.clone();
    turned[4].1 = (turned[4].1 + 1) % 4;
    let mut swapped = board.clone();
    swapped.swap(0, 1);
    let mut twice = board.clone();
    twice[1] = twice[0];
    assert!(
        !puzzle.is_solution(&turned)
            || puzzle.pieces()[board[4].0]
                .iter()
                .all(|&c| c == puzzle.pieces()[board[4].0][0])
    );
    assert!(!puzzle.is_solution(&swapped) && !puzzle.is_solution(&twice) && !puzzle.is_solution(&board[1..]));
}

#[test]
fn the_frame_is_checked_before_any_search() {
    let corner = [0, 1, 1, 0];
    let error = |pieces: Vec<[u8; 4]>, hints| EdgePuzzle::new(2, 2, pieces, hints).unwrap_err().to_string();
    assert!(error(vec![corner; 3], vec![]).contains("3 pieces for a 2 x 2 board"));
    assert!(error(vec![corner, corner, corner, [1, 1, 1, 1]], vec![]).contains("the rim has 8 sides"));
    assert!(error(vec![corner, corner, [0, 1, 0, 1], [0, 1, 0, 1]], vec![]).contains("cannot all reach the rim"));
    let hint = |cell, piece, turn| vec![Hint { cell, piece, turn }];
    assert!(error(vec![corner; 4], hint(4, 0, 0)).contains("off the board"));
    assert!(error(vec![corner; 4], hint(0, 0, 1)).contains("does not fit the frame"));
    let twice = vec![
        Hint {
            cell: 0,
            piece: 0,
            turn: 0,
        },
        Hint {
            cell: 0,
            piece: 1,
            turn: 0,
        },
    ];
    assert!(error(vec![corner; 4], twice).contains("already pinned"));
    assert!(EdgePuzzle::new(2, 2, vec![corner; 4], hint(0, 0, 0)).is_ok());
}

#[test]
fn the_three_formats_read_the_same_puzzle() {
    let puzzle = planted(5, 4, 3, 3, false);
    let quads: Vec<String> = puzzle.pieces().iter().map(|p| Quad(*p).to_string()).collect();
    let lines = quads.join("\n");
    let with_ids: Vec<String> = quads
        .iter()
        .enumerate()
        .map(|(i, q)| format!("{i} {q}  # piece"))
        .collect();
    let heule = format!("1\n2 3 5 0\n{lines}\n");
    let json = format!(
        r#"{{"width": 4, "height": 3, "numColors": 4, "pieces": [{}], "hints": [{{"pos": 6, "piece": 4, "rot": 0}}]}}"#,
        puzzle
            .pieces()
            .iter()
            .map(|p| format!("{p:?}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let read = |text: &str| parse_edge(text, "f", EdgeFormat::Auto);
    assert_eq!(read(&lines).unwrap(), puzzle);
    assert_eq!(read(&with_ids.join("\n")).unwrap(), puzzle);
    let hinted = read(&json);
    // The planted piece 4 may not fit cell 6 turned 0: then the hint is refused by name.
    match (read(&heule), hinted) {
        (Ok(a), Ok(b)) => assert_eq!((a.hints(), b.width()), (b.hints(), 4)),
        (Err(a), Err(b)) => assert!(a.to_string().contains("hint 1") && b.to_string().contains("hint 1")),
        (a, b) => panic!("the formats disagree: {a:?} {b:?}"),
    }
}

#[test]
fn bad_files_name_the_line_and_column() {
    let read = |text: &str| parse_edge(text, "f.txt", EdgeFormat::Auto).unwrap_err().to_string();
    assert_eq!(read("0 0 1 1\n0 x 1 1\n"), "f.txt:2:3: expected a number, found `x`");
    assert_eq!(
        read("0 0 1 1\n0 0 1\n"),
        "f.txt:2:1: expected `U R D L` or `id U R D L`, found 3 numbers"
    );
    assert_eq!(read("0 0 1 64\n"), "f.txt:1:7: colour 64: expected 0 to 63");
    assert!(read("{\"width\": 2,\n \"height\": }").starts_with("f.txt:2:"));
    assert!(read("2\n1 1 1 0\n").contains("expected 2 hint lines"));
    assert_eq!(
        read("# pieces\n0 0 1 1\n0 0 1 1\n0 0 1 1\n"),
        "f.txt:2:1: 3 pieces make no framed board: expected 4 corner pieces (two grey sides), \
         2(w + h) - 8 edge pieces (one) and w * h pieces in all"
    );
}

#[test]
fn faults_of_the_model_are_shown_where_the_file_says_them() {
    let read = |text: &str| parse_edge(text, "f", EdgeFormat::Auto).unwrap_err().to_string();
    let json = |width: &str, pieces: &str, hints: &str| {
        read(&format!(
            "{{\n  \"width\": {width},\n  \"height\": 2,\n  \"pieces\": [\n    {pieces}\n  ],\n  \"hints\": [{hints}]\n}}"
        ))
    };
    let corners = "[0, 1, 1, 0], [0, 0, 1, 1], [1, 0, 0, 1], [1, 1, 0, 0]";
    // The JSON numbers pieces from 0, as its hints do; the line layouts from 1.
    assert_eq!(
        json("40", corners, ""),
        "f:2:3: a 40 x 2 board: each side must be 2 to 32 cells"
    );
    assert_eq!(json("3", corners, ""), "f:4:3: 4 pieces for a 3 x 2 board of 6 cells");
    assert_eq!(
        json("2", "[0, 1, 1, 0], [0, 0, 1, 1], [1, 0, 0, 1], [0, 1, 0, 1]", ""),
        "f:5:47: piece 3 (0 1 0 1) has grey sides that cannot all reach the rim"
    );
    assert_eq!(
        json("2", "[0, 1, 1, 0], [0, 0, 1, 1], [1, 0, 0, 1], [1, 1, 0, 70]", ""),
        "f:5:47: piece 3 (1 1 0 70) has a colour over 63 (numColors, or the limit)"
    );
    assert_eq!(
        json(
            "2",
            corners,
            "{\"pos\": 0, \"piece\": 0, \"rot\": 0}, {\"pos\": 9, \"piece\": 1, \"rot\": 0}"
        ),
        "f:7:47: hint 2: cell 9 is off the board of 4 cells"
    );
    assert_eq!(
        read("2\n1 1 1 0\n\n1 1 2 0\n0 1 1 0\n0 0 1 1\n1 0 0 1\n1 1 0 0\n"),
        "f:4:1: hint 2: row 1, column 1 is already pinned"
    );
    // Heule's hints say rows, columns and pieces from 1, and so do their faults.
    let pieces = "0 1 1 0\n0 0 1 1\n1 0 0 1\n1 1 0 0\n";
    assert_eq!(
        read(&format!("2\n1 1 1 0\n2 2 1 0\n{pieces}")),
        "f:3:1: hint 2: piece 1 is already pinned"
    );
    assert_eq!(
        read(&format!("1\n1 2 1 0\n{pieces}")),
        "f:2:1: hint 1: piece 1 turned 0 does not fit the frame at row 1, column 2"
    );
    assert_eq!(
        read("0 1 1 0\n0 0 1 1\n1 0 0 1\n0 1 0 1\n"),
        "f:4:1: piece 4 (0 1 0 1) has grey sides that cannot all reach the rim"
    );
}

/// Every model of `puzzle`'s CNF, each decoded and checked to be a board,
/// blocking each one's placements before asking for the next (varisat).
fn cnf_models(puzzle: &EdgePuzzle) -> (u128, bool) {
    use varisat::{ExtendFormula, Lit};
    let cnf = crate::render::cnf::EdgeCnf::new(puzzle);
    let mut solver = varisat::Solver::new();
    solver.add_dimacs_cnf(cnf.dimacs().as_bytes()).expect("valid DIMACS");
    let mut models = 0;
    while solver.solve().expect("solvable formula") {
        let model: Vec<i32> = solver.model().unwrap().iter().map(|l| l.to_dimacs() as i32).collect();
        let board = cnf.decode(&model).expect("one piece per cell");
        assert!(puzzle.is_solution(&board), "{puzzle:?}");
        let block: Vec<Lit> = model
            .iter()
            .filter(|&&l| l > 0 && l as u32 <= cnf.placements())
            .map(|&l| !Lit::from_dimacs(l as isize))
            .collect();
        solver.add_clause(&block);
        models += 1;
    }
    (models, cnf.models_are_solutions())
}

#[test]
fn the_cnf_models_are_the_counted_boards_with_frame_hints_and_rectangles() {
    let mut hinted = 0;
    for (i, puzzle) in population().into_iter().enumerate() {
        let counted = puzzle.count(false, 0, &on(1));
        let (models, pinned) = cnf_models(&puzzle);
        let want = if pinned {
            counted.solutions
        } else {
            counted.arrangements
        };
        assert_eq!(models, want, "{puzzle:?}");
        assert_eq!(
            pinned,
            puzzle.grey_only_on_rim(),
            "pinned exactly when corners are told by grey"
        );
        if i % 3 == 0 {
            // Pin one placement of a solution as a hint.
            let board = puzzle.first(&on(1)).boards.remove(0);
            let cell = i % board.len();
            let hint = Hint {
                cell,
                piece: board[cell].0,
                turn: board[cell].1,
            };
            let with_hint =
                EdgePuzzle::new(puzzle.width(), puzzle.height(), puzzle.pieces().to_vec(), vec![hint]).unwrap();
            let (models, pinned) = cnf_models(&with_hint);
            assert!(!pinned);
            assert_eq!(models, with_hint.count(false, 0, &on(1)).solutions, "{with_hint:?}");
            hinted += 1;
        }
    }
    assert_eq!(hinted, 20);
}

#[test]
fn the_text_export_reads_back_as_the_same_puzzle() {
    let fixtures = [
        "brendan/brendan_06x06.txt",
        "e2/e2-clue-clue2.json",
        "e2/e2-16x16-v00.json",
        "macmahon24.json",
    ];
    let read = |name: &str| match super::AnyPuzzle::read(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/edge")
            .join(name),
        crate::Format::Auto,
    ) {
        Ok(super::AnyPuzzle::Edge(puzzle)) => puzzle,
        other => panic!("{name}: {other:?}"),
    };
    let mut puzzles: Vec<EdgePuzzle> = fixtures.iter().map(|f| read(f)).collect();
    for (seed, puzzle) in population().into_iter().enumerate().take(30) {
        let (cell, piece) = (seed % puzzle.pieces().len(), (seed * 7) % puzzle.pieces().len());
        let hints = vec![Hint {
            cell,
            piece,
            turn: (seed % 4) as u8,
        }];
        if let Ok(hinted) = EdgePuzzle::new(puzzle.width(), puzzle.height(), puzzle.pieces().to_vec(), hints) {
            puzzles.push(hinted);
        }
        puzzles.push(puzzle);
    }
    let (mut lines, mut json) = (0, 0);
    for puzzle in &puzzles {
        let text = puzzle.text();
        let back = super::read::parse_edge(&text, "text", super::read::EdgeFormat::Auto).unwrap();
        let fields = |p: &EdgePuzzle| (p.width(), p.height(), p.pieces().to_vec(), p.hints().to_vec());
        assert_eq!(fields(&back), fields(puzzle), "{text}");
        if text.starts_with('{') { json += 1 } else { lines += 1 }
    }
    // Both forms are met: squares and wide boards as lines, tall boards and
    // grey inside as JSON.
    assert!(lines > 10 && json > 5, "{lines} as lines, {json} as JSON");
}

#[test]
fn a_rectangles_pictures_keep_its_board_and_no_square_search_takes_them() {
    let wide = planted(3, 5, 3, 3, false);
    let pictures = wide.pictures().unwrap();
    assert_eq!((pictures.shape(), pictures.pieces().len()), ((5, 3), 15));
    let grey = crate::puzzle::Picture::new(crate::puzzle::Pattern::new(1), crate::puzzle::Sign::Same);
    assert_eq!(pictures.picture_label(grey), "grey=");
    for (piece, sides) in pictures.pieces().iter().zip(wide.pieces()) {
        let patterns = piece.sides().map(|p| p.pattern());
        assert_eq!(patterns, sides.map(|c| crate::puzzle::Pattern::new(u32::from(c) + 1)));
    }
    assert!(
        std::panic::catch_unwind(|| pictures.size()).is_err(),
        "no n for a 5 x 3 board"
    );
    // The entry points of long work refuse it with an error instead.
    let context = crate::Context::new();
    let refused = |r: crate::Result<()>| matches!(r, Err(crate::Error::InvalidPuzzle(m)) if m.contains("5 x 3"));
    assert!(refused(
        crate::solve::Solver::new(&pictures, crate::solve::Order::Spiral, 0).map(drop)
    ));
    assert!(refused(
        crate::solve::frontier::count(&pictures, 1 << 20, &context).map(drop)
    ));
    assert!(refused(crate::solve::diagnose::diagnose(&pictures, &context).map(drop)));
    assert!(refused(
        crate::solve::diagnose::alternatives(&pictures, &context).map(drop)
    ));
    assert!(refused(
        crate::judge::judge(&pictures, &crate::RecordingGraph::new(&pictures)).map(drop)
    ));
    let square = planted(3, 4, 4, 3, false).pictures().unwrap();
    assert_eq!((square.size(), square.shape()), (4, (4, 4)));
}
