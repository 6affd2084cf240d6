//! The engine of the one-file page: the scramble library compiled to
//! WebAssembly. Each export takes the page's request as JSON and answers in
//! JSON (see `scramble::render::page`); this crate only translates.
//!
//! `web/build.sh` builds it for `wasm32-unknown-unknown`, runs
//! wasm-bindgen on it and assembles the page (the `assemble` binary).

use wasm_bindgen::prelude::wasm_bindgen;

/// Everything the page shows of a puzzle, or its parse error:
/// [`scramble::render::page::explore_json`].
#[wasm_bindgen]
pub fn explore(request: &str) -> String {
    scramble::render::page::explore_json(request)
}

/// The puzzle's solutions counted and timed:
/// [`scramble::render::page::count_json`].
#[wasm_bindgen]
pub fn count(request: &str) -> String {
    scramble::render::page::count_json(request)
}

/// The single-picture changes that may undo a typo (those that make a
/// puzzle without a solution solvable, or give a solved one another
/// answer), narrowed by pictures counted on the cards:
/// [`scramble::render::page::fixes_json`].
#[wasm_bindgen]
pub fn fixes(request: &str) -> String {
    scramble::render::page::fixes_json(request)
}
