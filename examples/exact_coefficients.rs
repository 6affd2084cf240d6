//! Computes the census coefficients `N_j` independently of the census
//! enumeration and prints them as the Rust source of
//! `src/census/exact/data.rs`:
//!
//! ```sh
//! cargo run --release --example exact_coefficients > src/census/exact/data.rs
//! ```
//!
//! Wall time goes to stderr.

use std::time::Instant;

fn main() {
    let started = Instant::now();
    // Solved grids over up to 12 patterns: every grid there is.
    let file = scramble::census::exact::data_file(12);
    eprintln!("computed in {:.1} s", started.elapsed().as_secs_f64());
    print!("{file}");
}
