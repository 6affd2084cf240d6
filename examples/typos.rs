//! How well does `scramble solve` find a one-picture typo? Every single
//! picture of every real puzzle with a solution (`fixtures/legespiel/` and
//! `fixtures/real/`, sizes up to 4x4) is changed to every other picture of
//! the puzzle's patterns, one at a time; for each such typo:
//! - **no solution**: where the true fix (the picture changed back) stands
//!   in the diagnosis's ranked list of single-picture fixes, and where the
//!   mistyped side stands among the sides that list names;
//! - **still solvable**: whether every answer is still right on the table
//!   (harmless), some are, or none is, and then where the true fix stands among the single-picture
//!   changes that give a new answer ([`scramble::solve::diagnose::alternatives`],
//!   what `solve --wrong` lists).
//!
//! For both, also where the true fix stands once the user has counted on
//! the cards the picture `solve` asks for (`--count`), and then the next
//! one it asks for.
//!
//! Used for docs/typos.md.
//!
//! `cargo run --release --example typos -- [--dump] [--no-wrong] [PUZZLE_FILE...]`
//! (default: every file of `fixtures/legespiel/` and `fixtures/real/`);
//! `--dump` prints one JSON line per no-solution typo with every fix and
//! the first solution after it;
//! `--no-wrong` (implied by `--dump`) leaves out where `--wrong` ranks the
//! true fix of a typo whose every answer is wrong, the longest part on a
//! 4x4 puzzle with many solutions.

use std::path::{Path, PathBuf};

use rayon::prelude::*;
use scramble::Context;
use scramble::solve::diagnose;
use scramble::solve::{Goal, Order, Search, Solver};
use scramble::{Arrangement, Picture, Puzzle};

/// What became of one typo.
#[derive(Clone, Copy, Debug)]
enum Fate {
    /// No solution; the true fix ranked (1-based) among `of` fixes, its
    /// pair (the picture typed, the picture meant) ranked `pair` among the
    /// pairs in the order of their best fix, the true fix ranked `place`
    /// among the fixes of its pair, the mistyped side ranked `side` among
    /// the sides the fixes name, in list order, and first named by the
    /// `named`-th fix; `counted`: the true fix's rank after one count and
    /// after two, as `solve` asks for them.
    Unsolvable {
        rank: usize,
        of: usize,
        pair: usize,
        place: usize,
        side: usize,
        named: usize,
        counted: [usize; 2],
    },
    /// Solvable, every answer right on the table.
    Harmless,
    /// Solvable, some answers right on the table, some not.
    AmongAnswers,
    /// Solvable, no answer right; the true fix ranked among `of` changes
    /// giving a new answer (`rank` 0: not listed), and after one count and
    /// two.
    Wrong {
        rank: usize,
        of: usize,
        counted: [usize; 2],
    },
    /// Solvable, no answer right, not ranked (`--no-wrong`).
    WrongUnranked,
}

/// What to measure and print.
#[derive(Clone, Copy)]
struct Options {
    /// Print every no-solution typo's fixes as a JSON line.
    dump: bool,
    /// Rank the true fix among `--wrong`'s changes.
    wrong: bool,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dump = args.iter().any(|a| a == "--dump");
    let options = Options {
        dump,
        wrong: !dump && !args.iter().any(|a| a == "--no-wrong"),
    };
    let mut paths: Vec<PathBuf> = args
        .iter()
        .filter(|a| !a.starts_with("--"))
        .map(PathBuf::from)
        .collect();
    if paths.is_empty() {
        paths = ["fixtures/legespiel", "fixtures/real"]
            .iter()
            .flat_map(|d| files(Path::new(d)))
            .collect();
    }
    let puzzles: Vec<Puzzle> = paths
        .iter()
        .map(|p| scramble::read_puzzle(p, Default::default()).expect("a puzzle"))
        .filter(|p| p.size() <= 4 && !solutions(p).is_empty())
        .collect();
    let fates: Vec<(usize, Vec<Fate>)> = puzzles.par_iter().map(|p| (p.size(), typos(p, options))).collect();
    print_table(&fates);
    println!();
    print_split(&fates);
    println!();
    print_pairs(&fates);
    println!();
    print_counted(&fates);
}

/// The puzzle files of a folder, sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("a folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| {
            let name = p.file_name().unwrap_or_default().to_string_lossy();
            name.ends_with(".xml") || name.ends_with(".txt")
        })
        .collect();
    out.sort();
    out
}

/// Every solution, one per rotation class.
fn solutions(puzzle: &Puzzle) -> Vec<Arrangement> {
    first_solutions(puzzle, u64::MAX)
}

/// The first `limit` solutions, one per rotation class.
fn first_solutions(puzzle: &Puzzle, limit: u64) -> Vec<Arrangement> {
    Solver::new(puzzle, Order::Spiral, 0)
        .expect("a square puzzle")
        .run(&Search::new(Goal::List { limit }))
        .kept
}

/// Every one-picture typo of `puzzle` and its fate.
fn typos(puzzle: &Puzzle, options: Options) -> Vec<Fate> {
    let mut palette: Vec<Picture> = puzzle.pictures().flat_map(|p| [p, p.complement()]).collect();
    palette.sort_unstable();
    palette.dedup();
    let mut out = Vec::new();
    for card in 0..puzzle.pieces().len() {
        for side in 0..4 {
            let now = puzzle.pieces()[card].side(side);
            for &typed in palette.iter().filter(|&&p| p != now) {
                let typo = puzzle.with_side(card, side, typed);
                let is_fix = |e: &Edit| e.at(card, side) && e.to == puzzle.picture_label(now);
                out.push(fate(puzzle, &typo, (card, side), is_fix, options));
            }
        }
    }
    out
}

/// The fate of `typo`, a copy of `puzzle` with the picture on side
/// `typed.1` of card `typed.0` changed; `is_fix` knows the true fix.
fn fate(
    puzzle: &Puzzle,
    typo: &Puzzle,
    typed: (usize, usize),
    is_fix: impl Fn(&Edit) -> bool,
    options: Options,
) -> Fate {
    let answers = solutions(typo);
    let rank_in = |edits: &[Edit]| edits.iter().position(&is_fix).map_or(0, |i| i + 1);
    if answers.is_empty() {
        let found = diagnose::diagnose(typo, &Context::new()).expect("a diagnosis");
        let one = single_changes(&serde_json::to_value(&found).expect("JSON")["edits"]);
        if options.dump {
            print_dump(puzzle, typo, &one, &is_fix);
        }
        let rank = rank_in(&one);
        assert!(rank > 0, "a diagnosis without a time limit lists every fix");
        let (pair, place) = pair_and_place(&one, rank);
        return Fate::Unsolvable {
            rank,
            of: one.len(),
            pair,
            place,
            side: side_rank(&one, typed),
            named: 1 + one.iter().position(|e| e.at(typed.0, typed.1)).expect("the true fix"),
            counted: counted_ranks(
                puzzle,
                typo,
                |counts| json(&found.counted(typo, counts).expect("pictures of the puzzle"))["edits"].clone(),
                rank_in,
            ),
        };
    }
    let good = answers.iter().filter(|a| a.is_solution(puzzle)).count();
    if good == answers.len() {
        Fate::Harmless
    } else if good > 0 {
        Fate::AmongAnswers
    } else if !options.wrong {
        Fate::WrongUnranked
    } else {
        let found = diagnose::alternatives(typo, &Context::new()).expect("alternatives");
        let one = single_changes(&serde_json::to_value(&found).expect("JSON"));
        Fate::Wrong {
            rank: rank_in(&one),
            of: one.len(),
            counted: counted_ranks(
                puzzle,
                typo,
                |counts| json(&found.counted(typo, counts).expect("pictures of the puzzle")),
                rank_in,
            ),
        }
    }
}

/// The true fix's rank (by `rank`) among the changes listed for `typo`
/// after the user counts on the cards (those of `puzzle`) the picture the
/// list asks for, and then the next one it asks for; `narrowed(counts)`
/// is the JSON of the list narrowed by `counts` (`Edits` as the library
/// writes them).
fn counted_ranks(
    puzzle: &Puzzle,
    typo: &Puzzle,
    narrowed: impl Fn(&[(String, usize)]) -> serde_json::Value,
    rank: impl Fn(&[Edit]) -> usize,
) -> [usize; 2] {
    let mut counts: Vec<(String, usize)> = Vec::new();
    let mut edits = narrowed(&counts);
    [0, 1].map(|_| {
        if let Some(picture) = edits["ask"]["picture"].as_str() {
            counts.push((picture.to_string(), puzzle.index(picture_named(typo, picture))));
            edits = narrowed(&counts);
        }
        rank(&single_changes(&edits))
    })
}

/// `value` as JSON.
fn json(value: &impl serde::Serialize) -> serde_json::Value {
    serde_json::to_value(value).expect("JSON")
}

/// The picture of `puzzle`'s patterns written `label`.
fn picture_named(puzzle: &Puzzle, label: &str) -> Picture {
    puzzle
        .pictures()
        .flat_map(|p| [p, p.complement()])
        .find(|&p| puzzle.picture_label(p) == label)
        .expect("a picture of the puzzle's patterns")
}

/// The rank (from 1) of the pair of `fixes[rank - 1]` (the picture it replaces,
/// the picture it writes) among the pairs in the order of their first fix,
/// and its rank among the fixes of that pair.
fn pair_and_place(fixes: &[Edit], rank: usize) -> (usize, usize) {
    fn of(e: &Edit) -> (&str, &str) {
        (e.from.as_str(), e.to.as_str())
    }
    let true_pair = of(&fixes[rank - 1]);
    let place = fixes[..rank].iter().filter(|e| of(e) == true_pair).count();
    // The pairs whose first fix comes before the true pair's, and its own.
    let first = fixes.iter().position(|e| of(e) == true_pair).expect("its own pair");
    let mut before: Vec<(&str, &str)> = fixes[..=first].iter().map(of).collect();
    before.sort_unstable();
    before.dedup();
    let pair = before.len();
    (pair, place)
}

/// The rank (from 1) of side `typed.1` of card `typed.0` among the sides
/// that `fixes` name, each fix its own place then its other places, each
/// side counted where it is first named: how many sides a reader of the
/// list looks at on the cards before the mistyped one.
fn side_rank(fixes: &[Edit], typed: (usize, usize)) -> usize {
    let mut seen: Vec<(usize, usize)> = Vec::new();
    for place in fixes.iter().flat_map(Edit::places) {
        if !seen.contains(&place) {
            seen.push(place);
        }
        if place == typed {
            return seen.len();
        }
    }
    unreachable!("the true fix names the mistyped side")
}

/// One picture on one card changed, as the JSON of the diagnosis writes it
/// (`card` from 1, kept here from 0).
#[derive(serde::Deserialize)]
struct Edit {
    #[serde(deserialize_with = "from_one")]
    card: usize,
    side: usize,
    from: String,
    to: String,
    solutions: Option<u64>,
    imbalance: usize,
    /// The other places where the same change gives the same puzzle.
    also: Vec<Place>,
}

/// A card's side, as the JSON of the diagnosis writes it.
#[derive(serde::Deserialize)]
struct Place {
    #[serde(deserialize_with = "from_one")]
    card: usize,
    side: usize,
}

/// A card numbered from 1, as the JSON writes it, from 0.
fn from_one<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<usize, D::Error> {
    let card = <usize as serde::Deserialize>::deserialize(deserializer)?;
    card.checked_sub(1)
        .ok_or_else(|| serde::de::Error::custom("cards are numbered from 1"))
}

impl Edit {
    /// Whether the edit changes side `side` of card `card`, or makes the
    /// same puzzle as that change would.
    fn at(&self, card: usize, side: usize) -> bool {
        self.places().any(|place| place == (card, side))
    }

    /// The `(card, side)` places the edit names: its own, then the others
    /// where it makes the same puzzle.
    fn places(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        std::iter::once((self.card, self.side)).chain(self.also.iter().map(|p| (p.card, p.side)))
    }
}

/// The single-picture changes (`one`) of the JSON of a diagnosis's edits.
fn single_changes(edits: &serde_json::Value) -> Vec<Edit> {
    serde_json::from_value(edits["one"].clone()).expect("edits as the library writes them")
}

/// `typo` with the picture of `edit`.
fn fixed(typo: &Puzzle, edit: &Edit) -> Puzzle {
    typo.with_side(edit.card, edit.side, picture_named(typo, &edit.to))
}

/// The first solution `puzzle` has, as `[piece, turn]` cell by cell, row
/// by row (the turn as `Placement::rotation` counts it).
fn first_solution(puzzle: &Puzzle) -> Vec<[usize; 2]> {
    first_solutions(puzzle, 1)
        .first()
        .expect("a fix makes the puzzle solvable")
        .cells()
        .iter()
        .map(|c| [c.piece, c.rotation])
        .collect()
}

/// One JSON line: the puzzle, the typo's picture counts, every fix with
/// the first solution after it.
fn print_dump(puzzle: &Puzzle, typo: &Puzzle, fixes: &[Edit], is_fix: &impl Fn(&Edit) -> bool) {
    let counts: Vec<(String, usize)> = typo
        .picture_indices()
        .into_iter()
        .map(|(p, n)| (typo.picture_label(p), n))
        .collect();
    let fixes: Vec<serde_json::Value> = fixes
        .iter()
        .map(|e| {
            let solved = first_solution(&fixed(typo, e));
            serde_json::json!([
                e.card,
                e.side,
                e.from,
                e.to,
                e.solutions,
                e.imbalance,
                is_fix(e),
                solved
            ])
        })
        .collect();
    let cards: Vec<Vec<String>> = typo
        .pieces()
        .iter()
        .map(|p| p.sides().iter().map(|&s| typo.picture_label(s)).collect())
        .collect();
    println!(
        "{}",
        serde_json::json!({"puzzle": puzzle.name(), "counts": counts, "cards": cards, "fixes": fixes})
    );
}

/// `part` of `whole` as a percentage.
fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        "-".to_string()
    } else {
        format!("{:.1}%", 100.0 * part as f64 / whole as f64)
    }
}

/// `part` of `whole` as a percentage with its 95% Wilson interval.
fn wilson(part: usize, whole: usize) -> String {
    if whole == 0 {
        return "-".to_string();
    }
    let (n, p, z) = (whole as f64, part as f64 / whole as f64, 1.96_f64);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    format!(
        "{:.1}% ({:.1}-{:.1})",
        100.0 * p,
        100.0 * (centre - half),
        100.0 * (centre + half)
    )
}

/// The true fix's rank for each typo that leaves no solution.
fn unsolvable_ranks(fates: &[Fate]) -> Vec<usize> {
    fates
        .iter()
        .filter_map(|f| match *f {
            Fate::Unsolvable { rank, .. } => Some(rank),
            _ => None,
        })
        .collect()
}

/// The share of `ranks` (one list per puzzle) within the top `k`, and the
/// 2.5% and 97.5% quantiles of that share over 2,000 resamples of the
/// puzzles with replacement: typos of one puzzle are not independent.
fn bootstrap(ranks: &[Vec<usize>], k: usize) -> String {
    let within = |rs: &[usize]| rs.iter().filter(|r| (1..=k).contains(*r)).count();
    let share = |picked: &mut dyn Iterator<Item = &Vec<usize>>| {
        let (hit, all) = picked.fold((0, 0), |(h, a), rs| (h + within(rs), a + rs.len()));
        hit as f64 / all.max(1) as f64
    };
    let mut rng = scramble::Rng::new(1);
    let mut shares: Vec<f64> = (0..2000)
        .map(|_| share(&mut (0..ranks.len()).map(|_| &ranks[rng.below(ranks.len())])))
        .collect();
    shares.sort_by(f64::total_cmp);
    format!(
        "{:.1}% ({:.1}-{:.1})",
        100.0 * share(&mut ranks.iter()),
        100.0 * shares[50],
        100.0 * shares[1949]
    )
}

/// The no-solution typos' ranks of the true fix, with the 95% Wilson
/// intervals, for all puzzles, each size, and the puzzles of even and odd
/// position (sorted by file).
fn print_split(fates: &[(usize, Vec<Fate>)]) {
    let ranks = |keep: &dyn Fn(usize, usize) -> bool| -> Vec<usize> {
        fates
            .iter()
            .enumerate()
            .filter(|(i, (size, _))| keep(*i, *size))
            .flat_map(|(_, (_, f))| unsolvable_ranks(f))
            .collect()
    };
    println!("| no-solution typos | count | true fix first | top 3 | top 10 |");
    println!("|---|---:|---:|---:|---:|");
    let mut groups: Vec<(String, Vec<usize>)> = vec![("all puzzles".to_string(), ranks(&|_, _| true))];
    for size in 2..=4 {
        groups.push((format!("{size}x{size}"), ranks(&|_, s| s == size)));
    }
    groups.push(("puzzles 1st, 3rd, 5th, ...".to_string(), ranks(&|i, _| i % 2 == 0)));
    groups.push(("puzzles 2nd, 4th, 6th, ...".to_string(), ranks(&|i, _| i % 2 == 1)));
    for (name, ranks) in groups {
        let n = ranks.len();
        let within = |k: usize| ranks.iter().filter(|r| (1..=k).contains(*r)).count();
        println!(
            "| {name} | {n} | {} | {} | {} |",
            wilson(within(1), n),
            wilson(within(3), n),
            wilson(within(10), n)
        );
    }
    let per_puzzle: Vec<Vec<usize>> = fates.iter().map(|(_, f)| unsolvable_ranks(f)).collect();
    println!();
    println!(
        "All puzzles, resampling whole puzzles: first {}, top 3 {}, top 10 {}",
        bootstrap(&per_puzzle, 1),
        bootstrap(&per_puzzle, 3),
        bootstrap(&per_puzzle, 10)
    );
}

/// Where the no-solution typos' ranking fails: which picture was typed
/// for which (the pair), or where (the place among the pair's fixes);
/// and where the list points a reader at the mistyped side.
fn print_pairs(fates: &[(usize, Vec<Fate>)]) {
    let ranks: Vec<[usize; 4]> = fates
        .iter()
        .flat_map(|(_, f)| f)
        .filter_map(|f| match *f {
            Fate::Unsolvable {
                pair,
                place,
                side,
                named,
                ..
            } => Some([pair, place, side, named]),
            _ => None,
        })
        .collect();
    let column = |k: usize| -> Vec<usize> { ranks.iter().map(|r| r[k]).collect() };
    println!("| no-solution typos | count | first | top 3 |");
    println!("|---|---:|---:|---:|");
    for (name, ranks) in [
        ("the true pair among the pairs, by their best fix", column(0)),
        ("the true fix among the fixes of its pair", column(1)),
        (
            "the mistyped side among the sides the fixes name, in list order",
            column(2),
        ),
        (
            "the mistyped side named by the first fix, by one of the first three",
            column(3),
        ),
    ] {
        let within = |k: usize| ranks.iter().filter(|&&r| r <= k).count();
        let n = ranks.len();
        println!("| {name} | {n} | {} | {} |", wilson(within(1), n), wilson(within(3), n));
    }
}

fn print_table(fates: &[(usize, Vec<Fate>)]) {
    let all: Vec<Fate> = fates.iter().flat_map(|(_, f)| f.iter().copied()).collect();
    let ranks = |wrong: bool| -> Vec<(usize, usize)> {
        all.iter()
            .filter_map(|f| match *f {
                Fate::Unsolvable { rank, of, .. } if !wrong => Some((rank, of)),
                Fate::Wrong { rank, of, .. } if wrong => Some((rank, of)),
                _ => None,
            })
            .collect()
    };
    let (unsolvable, wrong) = (ranks(false), ranks(true));
    let within = |ranks: &[(usize, usize)], k: usize| ranks.iter().filter(|(r, _)| (1..=k).contains(r)).count();
    let median = |ranks: &[(usize, usize)]| {
        let mut of: Vec<usize> = ranks.iter().map(|(_, of)| *of).collect();
        of.sort_unstable();
        of.get(of.len() / 2).copied().unwrap_or(0)
    };
    let harmless = all.iter().filter(|f| matches!(f, Fate::Harmless)).count();
    let among = all.iter().filter(|f| matches!(f, Fate::AmongAnswers)).count();
    let unranked = all.iter().filter(|f| matches!(f, Fate::WrongUnranked)).count();
    println!("{} puzzles, {} one-picture typos", fates.len(), all.len());
    println!();
    println!("| typos | count | true fix first | top 3 | top 10 | listed | median list |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for (name, ranks) in [("no solution", &unsolvable), ("solvable, every answer wrong", &wrong)] {
        let n = ranks.len();
        println!(
            "| {name} | {n} | {} | {} | {} | {} | {} |",
            wilson(within(ranks, 1), n),
            wilson(within(ranks, 3), n),
            wilson(within(ranks, 10), n),
            percent(within(ranks, usize::MAX), n),
            median(ranks)
        );
    }
    if unranked > 0 {
        println!("| solvable, every answer wrong, not ranked (--no-wrong) | {unranked} | | | | | |");
    }
    println!("| solvable, some answers right, some wrong | {among} | | | | | |");
    println!("| solvable, every answer right (harmless) | {harmless} | | | | | |");
}

/// Where the true fix stands as listed, after the count `solve` asks for
/// and after the next one, for the no-solution typos and (unless
/// `--no-wrong`) the typos whose every answer is wrong.
fn print_counted(fates: &[(usize, Vec<Fate>)]) {
    let all = || fates.iter().flat_map(|(_, f)| f);
    let unsolvable: Vec<[usize; 3]> = all()
        .filter_map(|f| match *f {
            Fate::Unsolvable { rank, counted, .. } => Some([rank, counted[0], counted[1]]),
            _ => None,
        })
        .collect();
    let wrong: Vec<[usize; 3]> = all()
        .filter_map(|f| match *f {
            Fate::Wrong { rank, counted, .. } => Some([rank, counted[0], counted[1]]),
            _ => None,
        })
        .collect();
    let per_puzzle = |k: usize| -> Vec<Vec<usize>> {
        fates
            .iter()
            .map(|(_, f)| {
                f.iter()
                    .filter_map(|f| match *f {
                        Fate::Unsolvable { rank, counted, .. } => Some([rank, counted[0], counted[1]][k]),
                        _ => None,
                    })
                    .collect()
            })
            .collect()
    };
    println!("| typos | count | true fix first | top 3 | top 10 |");
    println!("|---|---:|---:|---:|---:|");
    for (kind, ranks) in [("no solution", unsolvable), ("solvable, every answer wrong", wrong)] {
        for (k, when) in ["as listed", "after the count asked for", "after two counts asked for"]
            .iter()
            .enumerate()
        {
            let n = ranks.len();
            if n == 0 {
                continue;
            }
            let within = |top: usize| ranks.iter().filter(|r| (1..=top).contains(&r[k])).count();
            println!(
                "| {kind}, {when} | {n} | {} | {} | {} |",
                wilson(within(1), n),
                wilson(within(3), n),
                wilson(within(10), n)
            );
        }
    }
    println!();
    for (k, when) in ["as listed", "after the count asked for", "after two counts asked for"]
        .iter()
        .enumerate()
    {
        println!(
            "No solution, {when}, resampling whole puzzles: top 3 {}",
            bootstrap(&per_puzzle(k), 3)
        );
    }
}
