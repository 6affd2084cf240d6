//! What the commands that write a puzzle's pictures share: the check that
//! no planned file replaces an input, the note when `auto` draws without
//! Graphviz, and solved grids as rows.

use scramble::output::Owns;
use scramble::render::{Renderer, UsedRenderer};
use scramble::{Arrangement, Puzzle};

/// Says on stderr when `auto` had to do without Graphviz.
pub fn note_fallback(asked: Renderer, used: UsedRenderer) {
    if asked == Renderer::Auto && used == UsedRenderer::Embedded {
        super::note("scramble: Graphviz not found; drawing with the embedded renderer\n");
    }
}

/// Refuses, before any work, a run whose files planned under
/// `<out>/<puzzle>/<sub>` (replacing what `owns` names there) would replace
/// one of its inputs, by path, spelling or device and inode, existing or
/// not yet: the one check every command that writes a puzzle's files makes
/// as soon as its inputs are read (the output layer checks again when it
/// writes). Nothing to check with `--no-pictures`.
pub fn refuse_over_inputs(pictures: &super::PicturesArg, puzzle: &Puzzle, sub: &str, owns: Owns) -> anyhow::Result<()> {
    if pictures.writes() {
        let folder = super::puzzle_folder(&pictures.out, puzzle)?;
        scramble::output::FileSet::new(&folder.join(sub), owns).refuse()?;
    }
    Ok(())
}

/// An arrangement as rows of `piece@rotation` with the puzzle's labels.
pub fn grid_rows(puzzle: &Puzzle, arrangement: &Arrangement) -> Vec<Vec<String>> {
    arrangement.rows(puzzle)
}
