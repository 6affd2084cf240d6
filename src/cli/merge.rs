//! `scramble merge`: adds up the JSON of `scramble verify --shard I/N --json`
//! runs into the whole census.

use std::path::PathBuf;
use std::process::ExitCode;

use scramble::census::shard::{merge, read};

use super::census_report::{exit_code, report_table};
use super::print_report;

#[derive(Debug, clap::Args)]
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
            let name = path.display().to_string();
            Ok((name.clone(), read(&name, &bytes)?))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let merged = merge(&reports)?;
    print_report(args.json, &merged, report_table)?;
    Ok(exit_code(&merged))
}
