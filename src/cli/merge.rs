//! `scramble merge`: adds up the JSON of `scramble verify --shard I/N --json`
//! runs into the whole census.

use std::path::PathBuf;
use std::process::ExitCode;

use scramble::census::shard::{merge, read};

use super::census_report::{exit_code, report_table};
use super::print_report;

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  scramble verify --patterns 5 --shard 1/2 --json > a.json\n  scramble verify --patterns 5 --shard 2/2 --json > b.json\n  scramble merge a.json b.json"
)]
pub struct Args {
    /// Shard files written by `scramble verify --shard I/N --json`.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let reports = args
        .files
        .iter()
        .map(|path| {
            let bytes = scramble::puzzle::read::read_limited(path)?;
            let name = scramble::error::shown_path(path);
            Ok((name.clone(), read(&name, &bytes)?))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let merged = merge(&reports)?;
    print_report(args.json, &merged, report_table)?;
    Ok(exit_code(&merged))
}
