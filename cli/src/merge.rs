//! `scramble merge`: adds up the JSON of `scramble verify --shard I/N --json`
//! runs into the whole census, or the documents of `scramble solve --shard
//! I/N` into the single run's answer.

use std::path::PathBuf;
use std::process::ExitCode;

use scramble::solve::shards;

use super::exit_codes::Exit;
use super::{print_json, print_text};

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  scramble verify --patterns 5 --shard 1/2 --json > a.json\n  scramble verify --patterns 5 --shard 2/2 --json > b.json\n  scramble merge a.json b.json\n  scramble solve puzzle.txt --shard 1/2 -o s1.json\n  scramble solve puzzle.txt --shard 2/2 -o s2.json\n  scramble merge s1.json s2.json"
)]
pub struct Args {
    /// Shard files written by `scramble verify --shard I/N --json`, or by
    /// `scramble solve --shard I/N` (all of one kind).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let files = args
        .files
        .iter()
        .map(|path| Ok((scramble::output::shown_path(path), super::input::read_file(path)?)))
        .collect::<anyhow::Result<Vec<_>>>()?;
    if files
        .iter()
        .any(|(_, bytes)| scramble::puzzle::edge::EdgeShard::is_document(bytes))
    {
        return super::solve::edge::merge(&files, args.json).map(Into::into);
    }
    if let Some(merged) = shards::merge(&files)? {
        if args.json {
            print_json(&merged)?;
        } else {
            print_text(&merged.text())?;
        }
        return Ok(Exit::found(merged.found()).into());
    }
    let merged = scramble::census::merge(&files)?;
    if args.json {
        print_json(&merged)?;
    } else {
        print_text(merged.text())?;
    }
    Ok(Exit::of_census(&merged).into())
}
