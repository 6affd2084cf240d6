#![warn(missing_docs)]
#![deny(unsafe_code)]
//! `scramble` studies Scramble Squares puzzles with graph theory, after
//! Mason & Zhang, "A graph theoretical approach to solving Scramble Squares
//! puzzles".
//!
//! - [`puzzle`]: pictures, pieces, puzzles, arrangements and puzzle files;
//!   framed edge-matching puzzles ([`puzzle::edge`]); seeded random puzzles
//!   with a planted solution ([`puzzle::generate`], [`Rng`]).
//! - [`recording`]: the recording graph G(P), a petgraph multigraph in which
//!   every piece is a colored directed 4-cycle.
//! - [`solve`]: the searches for n x n puzzles behind one front (the bitset
//!   backtracker and its search orders, the graph solver, random restarts,
//!   tree-size estimates, the frontier counter), the plain reference
//!   backtracker, distinct-looking solutions ([`solve::looks`]) and why a
//!   puzzle has no solution ([`solve::diagnose`]).
//! - [`theorem`]: Theorem 2.1 and the twisted-graph criterion for 2x2
//!   puzzles, the n x n forms (the frame conditions on a subgraph alone, the
//!   arrangement form, circuits glued at lattice points).
//! - [`Judgement`]: the 2x2 reference without graph theory.
//! - [`render`]: DOT (graphviz-rust) and SVG pictures of recording graphs,
//!   solution graphs and pieces, with Graphviz or an embedded renderer;
//!   exports, DIMACS CNF ([`render::cnf`]) and the data of the one-file
//!   interactive page ([`render::page`]).
//! - [`census`]: the exhaustive 2x2 and 3x3 censuses that check the
//!   theorems, and the 2x2 totals in closed form for every number of
//!   patterns.
//! - `study`: studies of the paper's open questions on generated puzzles
//!   (feature `plots`).
//! - `output`: files written whole or not at all (feature `fs`).
//! - [`Context`]: the one context of long work (stop, progress, threads):
//!   every call that can run long takes `&Context`.
//! - [`Progress`], [`Error`]: the one progress trait and the one error type.
//!
//! Features (all on by default): `render` DOT text and Graphviz (without
//! it the embedded renderer draws every picture); `plots` the studies and
//! their plots; `fs` the output layer;
//! `parallel` is not one: rayon builds for every target and runs on the
//! calling thread where there are none. With `--no-default-features` the
//! library builds for `wasm32-unknown-unknown`, the engine of the page in
//! `web/`.
//!
//! See ARCHITECTURE.md for the bird's-eye view.

#[cfg(test)]
mod architecture;
pub mod census;
mod context;
mod error;
mod judge;
#[cfg(feature = "fs")]
pub mod output;
mod partition;
mod progress;
pub mod puzzle;
pub mod recording;
pub mod render;
mod rng;
pub mod solve;
#[cfg(feature = "plots")]
pub mod study;
pub mod theorem;

pub use context::{Context, Stats, Stop, Threads};
pub use error::{Error, Result};
pub use rng::Rng;

/// The version of the layout of every JSON document scramble writes (its
/// `schema` field): raised when a key is renamed or removed or changes
/// meaning, not when a key is added.
pub const JSON_SCHEMA: u32 = 3;
pub use progress::Progress;
pub use puzzle::read::{Format, read_puzzle};
pub use puzzle::{Arrangement, Pattern, Picture, Piece, Placement, Puzzle, Sign};
pub use recording::RecordingGraph;

// The façade: what a program using the library needs first, by name from
// the crate root (ARCHITECTURE.md, "Public surface"; `architecture.rs`
// keeps this list under review).
pub use census::Census;
pub use judge::{Judgement, judge};
pub use puzzle::generate::{PlantOptions, planted};
pub use render::export::NodeLink;
pub use solve::{Goal, Method, Order, Outcome, Search, Solver};
pub use theorem::analysis::{Analysis, analyse};
