//! Theorem 2.1 with self-matching pictures (`X=`), judged against the
//! arrangements: the tables of docs/notes/self-matching.md.
//!
//! ```sh
//! cargo run --release --example self_matching            # every table (about a minute)
//! cargo run --release --example self_matching -- --quick # the small families only
//! ```
//!
//! Prints three markdown tables: every 2x2 puzzle of the mixed families
//! (K signed and L self-matching patterns, with and without repetitions);
//! every multiset of four corners over the mixes of 4 patterns, which by
//! the 4-pattern lemma covers every 2x2 puzzle over any number of patterns;
//! and the smallest puzzles on which a criterion rejects a solution graph.
//! Exits 1 if a claim of the note fails on any table.

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let (tables, ok) = scramble::census::self_matching_tables(quick);
    print!("{tables}");
    if !ok {
        eprintln!("a claim of docs/notes/self-matching.md failed");
        std::process::exit(1);
    }
}
