//! The factorial study's plots.

use crate::Result;
use crate::solve::Strategy;
use crate::study::plot::{self, Plot};
use crate::study::population::Population;

use super::*;

/// The study's plots, one pair per grid size: the share of comparisons
/// the paper's rule wins against random backtracking by K, per population
/// (first solution solid, exhaustion dashed); and the same share to the
/// first solution for each of `PARTS` on uniform solvable puzzles.
pub(crate) fn plots(study: &Factorial) -> Result<Vec<Plot>> {
    let mut sizes: Vec<usize> = study.samples.iter().map(|s| s.size).collect();
    sizes.sort_unstable();
    sizes.dedup();
    let mut plots = Vec::new();
    for size in sizes {
        let of = |population: Population, strategy: Strategy, first: bool| -> Vec<(f64, f64)> {
            study
                .samples
                .iter()
                .filter(|s| s.size == size && s.population == population && s.puzzles > 0)
                .filter_map(|s| {
                    let row = s.row(strategy)?;
                    let versus = if first {
                        &row.first_vs_baseline
                    } else {
                        &row.all_vs_baseline
                    };
                    Some((f64::from(s.patterns), versus.fewer.estimate))
                })
                .collect()
        };
        let populations: Vec<Population> = POPULATIONS
            .into_iter()
            .filter(|&p| study.samples.iter().any(|s| s.population == p && s.size == size))
            .collect();
        let series: Vec<plot::Series> = populations
            .iter()
            .flat_map(|&p| {
                [
                    (format!("{}, first solution", population_label(p)), of(p, PAPER, true)),
                    (format!("{}, exhaustion", population_label(p)), of(p, PAPER, false)),
                ]
            })
            .collect();
        let svg = plot::lines(
            &format!(
                "{size}x{size}: P(paper's rule needs fewer nodes than random backtracking); first solution solid, exhaustion dashed"
            ),
            "patterns K",
            "mean over puzzles of the share of random orders beaten",
            0.0..1.0,
            &series,
            plot::LineColors::Paired,
        )?;
        plots.push((format!("factorial-paper-{size}x{size}.svg"), svg));
        let population = if populations.contains(&Population::Uniform) {
            Population::Uniform
        } else {
            populations.first().copied().unwrap_or(Population::Planted)
        };
        let series: Vec<plot::Series> = PARTS
            .iter()
            .filter(|(name, _)| size % 2 == 0 || !name.contains("symmetry"))
            .map(|(name, strategy)| (name.to_string(), of(population, *strategy, true)))
            .collect();
        let svg = plot::lines(
            &format!(
                "{size}x{size}, {}: P(fewer nodes than random backtracking to the first solution), part by part",
                population_label(population)
            ),
            "patterns K",
            "mean over puzzles of the share of random orders beaten",
            0.0..1.0,
            &series,
            plot::LineColors::PerSeries,
        )?;
        plots.push((format!("factorial-parts-{size}x{size}.svg"), svg));
    }
    Ok(plots)
}
