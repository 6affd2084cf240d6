//! `scramble completions SHELL`: the shell's completion script on stdout
//! (clap_complete), and `scramble man [COMMAND]`: a man page in roff on
//! stdout (clap_mangen). Both are made from the command line's own
//! definition, so they always match this binary.

use std::process::ExitCode;

use clap::CommandFactory;
use clap_complete::Shell;

use super::{Cli, print_text};

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  scramble completions bash > ~/.local/share/bash-completion/completions/scramble\n  scramble completions zsh > ~/.zfunc/_scramble\n  scramble completions fish > ~/.config/fish/completions/scramble.fish"
)]
pub struct CompletionsArgs {
    /// The shell to write completions for.
    #[arg(value_enum)]
    shell: Shell,
}

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  scramble man > scramble.1\n  scramble man solve > scramble-solve.1\n  scramble man | man -l -"
)]
pub struct ManArgs {
    /// The command whose page to write (`solve`, `study heuristics`); the
    /// page of `scramble` itself, which lists every command, without one.
    #[arg(num_args = 0.., value_name = "COMMAND")]
    command: Vec<String>,
}

pub fn completions(args: CompletionsArgs) -> anyhow::Result<ExitCode> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "scramble", &mut script);
    print_text(&String::from_utf8(script)?)?;
    Ok(ExitCode::SUCCESS)
}

pub fn man(args: ManArgs) -> anyhow::Result<ExitCode> {
    let mut command = Cli::command();
    command.build();
    for (depth, name) in args.command.iter().enumerate() {
        let Some(sub) = command.find_subcommand(name) else {
            let known: Vec<&str> = command.get_subcommands().map(|c| c.get_name()).collect();
            let path = args.command[..depth]
                .iter()
                .map(|c| format!(" {c}"))
                .collect::<String>();
            anyhow::bail!(
                "no command `scramble{path} {name}`: expected one of {}",
                known.join(", ")
            );
        };
        command = sub.clone();
    }
    let mut page = Vec::new();
    clap_mangen::Man::new(command).render(&mut page)?;
    print_text(&String::from_utf8(page)?)?;
    Ok(ExitCode::SUCCESS)
}
