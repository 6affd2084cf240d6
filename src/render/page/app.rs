//! The protocol of the one-file page: what its WebAssembly engine answers.
//!
//! The page (`web/`) runs this library compiled to WebAssembly in a Web
//! Worker and talks to it in JSON, one request and one answer per call:
//! [`explore_json`] turns a puzzle's text into everything the page shows
//! ([`Explored`]: the [`PageData`] and the two drawings), or into the
//! parse error with its line and column; [`count_json`] counts the
//! solutions and says how long it took. An edge-matching puzzle (a grey
//! frame, unsigned colours) gets its own view (`super::edge`) from both. [`super::Page::html`] places a puzzle in
//! the built page, which is how `scramble explore` writes it: one page,
//! whoever fills it.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::cards::Cards;
use super::{Options, PageData, data, drawing};
use crate::context::{Stop, Threads};
use crate::puzzle::read::{Format, parse, warnings};
use crate::solve::diagnose::explain::{self, Fixes, Wording};
use crate::solve::{Goal, Order, Search, Solver};
use crate::{Error, Puzzle, RecordingGraph, Result};

/// The largest grid the page explores (as `scramble explore`).
pub(crate) const MAX_SIZE: usize = crate::render::MAX_DRAWN_SIZE;

/// The marker in the built page where [`super::Page::html`] puts the puzzle: an
/// empty entry, which the page reads as "none given".
pub const ENTERED: &str = r#"<script type="application/json" id="entered">null</script>"#;

/// A puzzle as the page sends it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct Request {
    /// The puzzle file's text.
    pub text: String,
    /// `auto`, `spec` or `card`.
    pub format: String,
    /// The puzzle's name (`puzzle` when empty).
    pub name: String,
    /// The traced search's order (see [`Order::name`]; `spiral` when empty).
    pub order: String,
    /// Seed of the `random` order.
    pub seed: u64,
    /// At most this many search steps are traced (the default when 0).
    pub trace_cap: usize,
    /// At most this many solutions are shown (the default when `None`).
    pub solution_cap: Option<usize>,
    /// Stop the solution search after this many milliseconds (never when
    /// `None`): the page asks for 0 after its Stop button.
    pub limit_ms: Option<u64>,
    /// Pictures counted on the real cards, `[picture, count]`: they narrow
    /// the fixes ([`fixes`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub counts: Vec<(String, usize)>,
}

/// Everything the page shows of one puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct Explored {
    /// The puzzle in the text notation (what a file read as cards or
    /// another format becomes).
    pub text: String,
    /// What the reader warns about (lonely pictures, look-alike names).
    pub warnings: Vec<String>,
    /// The data of every section.
    pub data: PageData,
    /// G(P) drawn by the embedded renderer, tagged.
    pub graph: String,
    /// The pieces, tagged.
    pub pieces: String,
    /// The puzzle as the card editor holds it.
    pub cards: Cards,
}

/// A solution count as the page shows it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub(crate) struct Counted {
    /// Solutions modulo rotation.
    pub count: u64,
    /// Distinct-looking solutions ([`crate::solve::looks`]).
    pub looks: u64,
    /// Nodes of the search tree.
    pub nodes: u64,
    /// Milliseconds the count took (tables included).
    pub ms: f64,
}

/// A failed request: the message and, for a parse error, where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Failure {
    /// What went wrong.
    pub message: String,
    /// 1-based line of a parse error.
    pub line: Option<usize>,
    /// 1-based column of a parse error, in characters.
    pub column: Option<usize>,
}

/// The file name parse errors carry.
const FILE: &str = "puzzle";

impl Request {
    /// The puzzle, named, or the parse error.
    pub(crate) fn puzzle(&self) -> Result<Puzzle> {
        let format = match self.format.as_str() {
            "" | "auto" => Format::Auto,
            "spec" | "text" => Format::Spec,
            "card" => Format::Card,
            other => return Err(Error::Unsupported(format!("unknown format {other:?}"))),
        };
        let name = if self.name.is_empty() { FILE } else { &self.name };
        let puzzle = parse(&self.text, FILE, format)?.with_name(name);
        if puzzle.size() > MAX_SIZE {
            return Err(Error::Unsupported(format!(
                "the page explores grids up to {MAX_SIZE}x{MAX_SIZE}; this puzzle is {0}x{0}",
                puzzle.size()
            )));
        }
        Ok(puzzle)
    }

    fn options(&self) -> Result<Options> {
        let defaults = Options::default();
        let order = match self.order.as_str() {
            "" => defaults.order,
            name => *Order::ALL
                .iter()
                .find(|o| o.name() == name)
                .ok_or_else(|| Error::Unsupported(format!("unknown order {name:?}")))?,
        };
        Ok(Options {
            order,
            seed: self.seed,
            trace_cap: if self.trace_cap == 0 {
                defaults.trace_cap
            } else {
                self.trace_cap
            },
            solution_cap: self.solution_cap.unwrap_or(defaults.solution_cap),
        })
    }

    fn stop(&self) -> Stop {
        match self.limit_ms {
            Some(ms) => Stop::never().after(Duration::from_millis(ms)),
            None => Stop::never(),
        }
    }
}

/// Explores the requested puzzle: the page's data and drawings.
///
/// # Complexity
/// That of [`super::page`]: the solver's work for the solutions
/// (ended by the request's time limit) plus the trace.
pub(crate) fn explore(request: &Request) -> Result<Explored> {
    let puzzle = request.puzzle()?;
    let graph = RecordingGraph::new(&puzzle);
    let drawings = drawing::draw(&puzzle, &graph)?;
    let stop = request.stop();
    Ok(Explored {
        text: puzzle.to_string(),
        warnings: warnings(&puzzle),
        data: data(
            &puzzle,
            &graph,
            &request.options()?,
            &crate::context::Context::new().until(&stop),
        )?,
        graph: drawings.graph,
        pieces: drawings.pieces,
        cards: Cards::of(&puzzle),
    })
}

/// Counts the requested puzzle's solutions modulo rotation on one thread
/// (the spiral backtracker), timed.
///
/// # Complexity
/// The backtracker's: exponential in the worst case, milliseconds for
/// real 3x3 puzzles.
pub(crate) fn count(request: &Request) -> Result<Counted> {
    let puzzle = request.puzzle()?;
    let started = web_time::Instant::now();
    let solver = Solver::new(&puzzle, Order::Spiral, 0)?;
    let stop = request.stop();
    let context = crate::context::Context::new().until(&stop);
    let outcome = solver.run(&Search::within(Goal::Count { keep: 0 }, &context).on(Threads::One));
    if outcome.stats.stopped {
        return Err(Error::Unsupported(format!(
            "the count was stopped after {} solutions",
            outcome.solutions
        )));
    }
    Ok(Counted {
        count: outcome.solutions,
        looks: crate::solve::looks::from_count(&puzzle, outcome.solutions, outcome.symmetric),
        nodes: outcome.stats.nodes(),
        ms: started.elapsed().as_secs_f64() * 1000.0,
    })
}

/// The single-picture changes that may undo a typo, in words, the
/// likeliest first, narrowed by the request's counts: for a puzzle with a
/// solution, those that give another answer (as `scramble solve --wrong`
/// says them, [`crate::solve::diagnose::alternatives`]); for one without,
/// those that make it solvable (as `scramble solve` says them). The search
/// stops after the request's time limit, or
/// [`crate::solve::diagnose::BUDGET`], and then says so.
///
/// # Complexity
/// A first-solution search, then that of
/// [`crate::solve::diagnose::alternatives`] or
/// [`crate::solve::diagnose::diagnose`], bounded by the time limit.
pub(crate) fn fixes(request: &Request) -> Result<Fixes> {
    let puzzle = request.puzzle()?;
    let stop = Stop::never().after(
        request
            .limit_ms
            .map_or(crate::solve::diagnose::BUDGET, Duration::from_millis),
    );
    let context = crate::context::Context::new().until(&stop);
    let solver = Solver::new(&puzzle, Order::Spiral, 0)?;
    let solved = solver
        .run(&Search::within(Goal::First, &context).on(Threads::One))
        .solutions
        > 0;
    let wording = Wording::default();
    Ok(if solved {
        let edits = crate::solve::diagnose::alternatives(&puzzle, &context)?;
        explain::alternatives(&edits.counted(&puzzle, &request.counts)?, &wording)
    } else {
        let found = crate::solve::diagnose::diagnose(&puzzle, &context)?;
        explain::fixes(&found.edits.counted(&puzzle, &request.counts)?, &wording)
    })
}

/// `fixes` from JSON to JSON: `{"ok": Fixes}` or `{"error": Failure}`.
///
/// ```
/// // The paper's puzzle with the bottom of card 2 typed 4- for 4+: no
/// // solution; the cards show 4- twice.
/// let request = r#"{"text": "3+ 1+ 2+ 3-\n3+ 3- 4- 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+", "counts": [["4-", 2]]}"#;
/// let answer = scramble::render::page::fixes_json(request);
/// assert!(answer.contains("card #2, bottom side: 4- -> 4+"), "{answer}");
/// assert!(answer.contains("more dropped by your counts") && !answer.contains("-> 4-"), "{answer}");
/// // The paper's puzzle as printed solves: the changes that give another answer.
/// let answer = scramble::render::page::fixes_json(r#"{"text": "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+"}"#);
/// assert!(answer.contains("gives another answer"), "{answer}");
/// ```
pub fn fixes_json(request: &str) -> String {
    answer(request, fixes)
}

/// `explore` from JSON to JSON: `{"ok": Explored}` or `{"error": Failure}`.
///
/// ```
/// let answer = scramble::render::page::explore_json(r#"{"text": "1+ 2+ 1- 2-\n1+ x"}"#);
/// assert!(answer.starts_with(r#"{"error":"#) && answer.contains(r#""message":"puzzle:2:4:"#), "{answer}");
/// ```
pub fn explore_json(request: &str) -> String {
    answer(request, |r| match super::edge::asked(r) {
        true => value(super::edge::explore(r, Some(super::edge::BUDGET))?),
        false => value(explore(r)?),
    })
}

/// `count` from JSON to JSON: `{"ok": Counted}` or `{"error": Failure}`;
/// for an edge-matching puzzle, its view counted to the end (or the
/// request's time limit).
pub fn count_json(request: &str) -> String {
    answer(request, |r| match super::edge::asked(r) {
        true => value(super::edge::explore(r, None)?),
        false => value(count(r)?),
    })
}

/// `answer` as JSON.
fn value(answer: impl Serialize) -> Result<serde_json::Value> {
    serde_json::to_value(answer).map_err(|e| Error::Unsupported(format!("the answer as JSON: {e}")))
}

fn answer<T: Serialize>(request: &str, run: impl FnOnce(&Request) -> Result<T>) -> String {
    let result = serde_json::from_str::<Request>(request)
        .map_err(|e| Error::Unsupported(format!("a request the engine cannot read: {e}")))
        .and_then(|r| run(&r));
    let json = match result {
        Ok(value) => serde_json::to_string(&serde_json::json!({ "ok": value })),
        Err(error) => serde_json::to_string(&serde_json::json!({ "error": failure(&error) })),
    };
    json.unwrap_or_else(|e| format!(r#"{{"error":{{"message":"the answer could not be written: {e}"}}}}"#))
}

fn failure(error: &Error) -> Failure {
    let (line, column) = match error {
        Error::Parse { line, column, .. } => (Some(*line), Some(*column)),
        _ => (None, None),
    };
    Failure {
        message: error.to_string(),
        line,
        column,
    }
}

/// The entry that opens the built page on `puzzle` (and `options` for its
/// trace and solutions): [`ENTERED`] with the request that explores it.
pub(super) fn entered(puzzle: &Puzzle, options: &Options) -> Result<String> {
    let request = Request {
        text: puzzle.to_string(),
        format: "spec".into(),
        name: puzzle.name().to_string(),
        order: options.order.name().into(),
        seed: options.seed,
        trace_cap: options.trace_cap,
        solution_cap: Some(options.solution_cap),
        limit_ms: None,
        counts: Vec::new(),
    };
    let json = serde_json::to_string(&request)
        .map_err(|e| Error::Unsupported(format!("the puzzle as JSON: {e}")))?
        .replace('<', "\\u003c");
    Ok(ENTERED.replace("null", &json))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_example_of_puzzle_holds() {
        use crate::render::page::app::Request;
        let request = Request {
            text: "1+ 2+ 1- 2-\n".repeat(4),
            name: "tiles".into(),
            ..Request::default()
        };
        assert_eq!(request.puzzle().unwrap().name(), "tiles");
    }

    #[test]
    fn the_example_of_explore_holds() {
        use crate::render::page::app::{Request, explore};
        let text = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".to_string();
        let explored = explore(&Request {
            text,
            ..Request::default()
        })
        .unwrap();
        assert_eq!(explored.data.subgraphs.map(|s| s.len()), Some(256));
        assert!(explored.graph.starts_with("<svg"));
    }

    #[test]
    fn the_example_of_count_holds() {
        use crate::render::page::app::{Request, count};
        let text = include_str!("../../../fixtures/real/wizards.txt").to_string();
        assert_eq!(
            count(&Request {
                text,
                ..Request::default()
            })
            .unwrap()
            .count,
            1
        );
    }

    #[test]
    fn fixes_are_the_alternatives_of_a_solvable_puzzle_and_the_narrowed_fixes_of_another() {
        use crate::render::page::app::{Request, fixes};
        use crate::solve::diagnose::{alternatives, diagnose, explain};
        let text = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+";
        let said = fixes(&Request {
            text: text.into(),
            ..Request::default()
        })
        .unwrap();
        let puzzle: crate::Puzzle = text.parse().unwrap();
        let wording = explain::Wording::default();
        let expected = explain::alternatives(&alternatives(&puzzle, &Context::new()).unwrap(), &wording);
        assert_eq!(said, expected);
        assert!(said.head.starts_with("if the answer fails on your cards") && !said.fixes.is_empty());
        // The bottom of card 2 typed 4- for 4+: no solution; the cards show 4- twice.
        let typo = text.replacen("4+", "4-", 1);
        let counts = vec![("4-".to_string(), 2)];
        let said = fixes(&Request {
            text: typo.clone(),
            counts: counts.clone(),
            ..Request::default()
        })
        .unwrap();
        let puzzle: crate::Puzzle = typo.parse().unwrap();
        let found = diagnose(&puzzle, &Context::new()).unwrap();
        assert_eq!(
            said,
            explain::fixes(&found.edits.counted(&puzzle, &counts).unwrap(), &wording)
        );
        assert!(said.head.contains("more dropped by your counts"), "{said:?}");
        let refused = fixes(&Request {
            text: typo,
            counts: vec![("7+".to_string(), 1)],
            ..Request::default()
        });
        assert!(refused.is_err());
    }

    #[test]
    fn a_page_opens_on_its_puzzle() {
        use crate::render::page::{ENTERED, Options, page};
        let puzzle: crate::Puzzle = "1+ 2+ 1- 2-\n".repeat(4).parse().unwrap();
        let template = format!("<html>{ENTERED}</html>");
        let made = page(&puzzle, &Options::default(), &crate::Context::new()).unwrap();
        let filled = made.html(&template).unwrap();
        assert!(filled.contains(r#""order":"spiral""#) && filled.contains("1+ 2+ 1- 2-"));
    }

    use super::*;
    use crate::context::Context;

    fn json(text: &str) -> serde_json::Value {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn parse_errors_carry_line_and_column() {
        let request = serde_json::json!({ "text": "1+ 2+ 1- 2-\n2- 1+ 2+ 1-\n1- 2- 1+ 2+\n2+ 1- 2- 1?" }).to_string();
        let answer = json(&explore_json(&request));
        let error = &answer["error"];
        assert_eq!(error["line"], 4);
        assert!(error["column"].as_u64().unwrap() >= 10, "{error}");
        assert!(error["message"].as_str().unwrap().starts_with("puzzle:4:"));
    }

    #[test]
    fn bad_requests_and_options_are_errors_not_panics() {
        for request in [
            "",
            "null",
            r#"{"text": 3}"#,
            r#"{"nonsense": 1}"#,
            r#"{"text": "1+ 2+ 1- 2-\n1+ 2+ 1- 2-\n1+ 2+ 1- 2-\n1+ 2+ 1- 2-", "order": "sideways"}"#,
            r#"{"text": "1+ 2+ 1- 2-\n1+ 2+ 1- 2-\n1+ 2+ 1- 2-\n1+ 2+ 1- 2-", "format": "xml?"}"#,
        ] {
            let answer = json(&explore_json(request));
            assert!(answer["error"]["message"].is_string(), "{request}: {answer}");
            assert!(answer["error"]["line"].is_null(), "{request}: {answer}");
        }
    }

    #[test]
    fn the_page_data_is_the_command_lines() {
        let text = include_str!("../../../fixtures/paper2x2.txt");
        let request = Request {
            text: text.into(),
            name: "paper2x2".into(),
            ..Request::default()
        };
        let puzzle: Puzzle = text.parse::<Puzzle>().unwrap().with_name("paper2x2");
        let page = super::super::page(&puzzle, &Options::default(), &Context::new()).unwrap();
        assert_eq!(explore(&request).unwrap().data, page.data);
    }

    #[test]
    fn a_count_stopped_at_once_is_an_error_and_an_explore_says_partial() {
        let text = include_str!("../../../fixtures/real/wizards.txt").to_string();
        let stopped = Request {
            text,
            limit_ms: Some(0),
            ..Request::default()
        };
        assert!(count(&stopped).unwrap_err().to_string().contains("stopped"));
        let solutions = explore(&stopped).unwrap().data.solutions.unwrap();
        assert!(solutions.stopped && solutions.count.is_none());
    }

    #[test]
    fn every_real_puzzle_counts_as_the_plain_backtracker_says() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/real");
        let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
        files.retain(|f| f.extension().is_some_and(|e| e == "txt"));
        assert!(files.len() >= 10);
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            let counted = count(&Request {
                text: text.clone(),
                ..Request::default()
            })
            .unwrap();
            let plain = crate::solve::plain::count_solutions(&text.parse().unwrap());
            assert_eq!(counted.count, plain, "{}", file.display());
            let looks = crate::solve::looks::count(&text.parse().unwrap(), &Context::new()).unwrap();
            assert_eq!(Some(counted.looks), looks.looks, "{}", file.display());
            assert!(counted.nodes > 0);
        }
    }

    #[test]
    fn a_page_without_the_marker_is_refused() {
        let puzzle: Puzzle = include_str!("../../../fixtures/paper2x2.txt").parse().unwrap();
        let made = super::super::page(&puzzle, &Options::default(), &Context::new()).unwrap();
        assert!(made.html("<html></html>").is_err());
    }
}
