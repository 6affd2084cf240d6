//! Tests of ARCHITECTURE.md's claims: each "the one X" it makes, and the
//! module layering, checked on the source text so that a second X or an
//! upward import fails here.

use std::path::{Path, PathBuf};

/// Every `.rs` file of the library (`src/`, named from `src/`) and of the
/// command line (`cli/src/`, named `cli/...`).
fn sources() -> Vec<(String, String)> {
    fn walk(dir: &Path, found: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, found);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut named = vec![];
    for (dir, prefix) in [(root.join("src"), ""), (root.join("cli/src"), "cli/")] {
        let mut files = vec![];
        walk(&dir, &mut files);
        named.extend(files.into_iter().map(|path| {
            let name = path.strip_prefix(&dir).unwrap().to_string_lossy().replace('\\', "/");
            (format!("{prefix}{name}"), std::fs::read_to_string(&path).unwrap())
        }));
    }
    named.sort();
    named
}

/// The code of a file without comments and without its test modules (from
/// the first `#[cfg(test)]` before a `mod NAME {` on: test modules close
/// every file here).
fn code(text: &str) -> String {
    let mut end = text.len();
    for (at, _) in text.match_indices("#[cfg(test)]\n") {
        let next = text[at..].lines().nth(1).unwrap_or("");
        let next = next.trim_start_matches("pub(crate) ").trim_start_matches("pub ");
        if next.starts_with("mod ") && next.ends_with('{') {
            end = at;
            break;
        }
    }
    text[..end]
        .lines()
        .map(str::trim_start)
        .filter(|l| !l.starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The files whose code contains `needle`.
fn files_with(needle: &str) -> Vec<String> {
    sources()
        .into_iter()
        .filter(|(name, _)| name != "architecture.rs")
        .filter(|(_, text)| code(text).contains(needle))
        .map(|(name, _)| name)
        .collect()
}

#[test]
fn each_one_of_a_kind_is_defined_once() {
    for (needle, home) in [
        ("pub trait Progress:", "progress.rs"),
        ("pub struct Stop {", "context/stop.rs"),
        ("pub struct Context<", "context/mod.rs"),
        ("pub enum Threads {", "context/mod.rs"),
        ("pub struct Stats {", "context/stats.rs"),
        ("UnionFind", "partition.rs"),
        ("pub enum Error {", "error.rs"),
        ("ThreadPoolBuilder", "context/mod.rs"),
        ("indicatif::", "cli/progress.rs"),
        ("pub enum Population {", "study/population.rs"),
        ("const Z95:", "study/stats.rs"),
        ("fn keeps_rotation_class", "puzzle/grid.rs"),
    ] {
        assert_eq!(files_with(needle), [home], "`{needle}` outside {home}");
    }
}

#[test]
fn types_are_not_named_alike() {
    for name in ["Grid", "Frame", "Estimate", "Stop", "Context"] {
        let defined = files_with(&format!("struct {name} "))
            .into_iter()
            .chain(files_with(&format!("struct {name}<")))
            .chain(files_with(&format!("enum {name} ")))
            .count();
        assert!(defined <= 1, "{defined} types named {name}");
    }
}

/// The layer of a top-level module (ARCHITECTURE.md, lowest first).
fn layer(module: &str) -> Option<usize> {
    const LAYERS: [&[&str]; 8] = [
        &["error", "rng", "partition", "progress", "context", "output"],
        &["puzzle"],
        &["recording"],
        &["solve"],
        &["judge"],
        &["theorem"],
        &["render", "census", "study"],
        &["cli", "architecture", "lib"],
    ];
    LAYERS.iter().position(|layer| layer.contains(&module))
}

#[test]
fn library_code_imports_only_from_its_own_or_lower_layers() {
    let mut upward = vec![];
    for (name, text) in sources() {
        let module = name.split(['/', '.']).next().unwrap();
        let Some(own) = layer(module) else { continue };
        // A test file may call a higher layer as its judge.
        if name.ends_with("/tests.rs") {
            continue;
        }
        let code = code(&text);
        for (at, _) in code.match_indices("crate::") {
            let rest = &code[at + 7..];
            let target: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if layer(&target).is_some_and(|l| l > own) {
                upward.push(format!("{name} -> {target}"));
            }
        }
    }
    upward.sort();
    upward.dedup();
    assert_eq!(upward, Vec::<String>::new(), "upward imports");
}

/// Which top-level module a name the crate root re-exports comes from.
fn root_home(name: &str) -> Option<String> {
    let lib = sources().into_iter().find(|(file, _)| file == "lib.rs").unwrap().1;
    code(&lib)
        .split(';')
        .filter_map(|s| s.trim().strip_prefix("pub use "))
        .find(|statement| {
            statement
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .any(|word| word == name)
        })
        .map(|statement| statement.split("::").next().unwrap().to_string())
}

/// The top-level modules each library module's code (tests left out)
/// names through `crate::`, a re-export at the root counted as the module
/// that defines it.
fn module_imports() -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
    let sources = sources();
    // Files declared `#[cfg(test)] mod name;`: test code, like `tests.rs`.
    let mut tests_only = vec![];
    for (name, text) in &sources {
        let dir = match name.rsplit_once('/') {
            Some((dir, "mod.rs")) => format!("{dir}/"),
            Some((dir, file)) => format!("{dir}/{}/", file.trim_end_matches(".rs")),
            None if name == "lib.rs" => String::new(),
            None => format!("{}/", name.trim_end_matches(".rs")),
        };
        for (at, _) in text.match_indices("#[cfg(test)]\nmod ") {
            let rest = &text[at + "#[cfg(test)]\nmod ".len()..];
            if let Some(module) = rest.split_once(";\n").map(|(m, _)| m).filter(|m| !m.contains(' ')) {
                tests_only.push(format!("{dir}{module}"));
            }
        }
    }
    let mut graph: std::collections::BTreeMap<String, std::collections::BTreeSet<String>> = Default::default();
    for (name, text) in sources {
        let module = name.split(['/', '.']).next().unwrap().to_string();
        let stem = name.trim_end_matches(".rs").trim_end_matches("/mod");
        let test_code = tests_only
            .iter()
            .any(|t| stem == t || stem.starts_with(&format!("{t}/")));
        if name.starts_with("cli/") || test_code || name.ends_with("/tests.rs") || module == "lib" {
            continue;
        }
        let code = code(&text);
        for (at, _) in code.match_indices("crate::") {
            let word: String = code[at + 7..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            let target = if word.starts_with(char::is_uppercase) || layer(&word).is_none() {
                root_home(&word)
            } else {
                Some(word)
            };
            if let Some(target) = target.filter(|t| *t != module) {
                graph.entry(module.clone()).or_default().insert(target);
            }
        }
    }
    graph
}

#[test]
fn no_two_modules_import_each_other_even_through_others() {
    let graph = module_imports();
    assert!(graph["solve"].contains("puzzle"), "the scan sees imports: {graph:?}");
    // Depth-first search from every module; a module met again on the
    // current path closes a cycle.
    fn visit(
        at: &str,
        graph: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut std::collections::BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|m| m == at) {
            let mut cycle = path[start..].to_vec();
            cycle.push(at.to_string());
            return Some(cycle);
        }
        if !done.insert(at.to_string()) {
            return None;
        }
        path.push(at.to_string());
        for next in graph.get(at).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        None
    }
    let mut done = Default::default();
    for module in graph.keys() {
        let cycle = visit(module, &graph, &mut vec![], &mut done);
        assert_eq!(cycle, None, "a module cycle");
    }
}

#[test]
fn the_named_cycles_stay_broken() {
    let imports = |file: &str, needle: &str| {
        sources()
            .iter()
            .any(|(name, text)| name == file && code(text).contains(needle))
    };
    assert!(!imports("recording/gluing.rs", "crate::solve"), "gluing -> solve");
    assert!(!imports("theorem/ring_core.rs", "super::frame::"), "ring_core -> frame");
    assert!(imports("theorem/frame.rs", "super::ring_core"), "frame -> ring_core");
    assert!(
        !sources().iter().any(|(name, _)| name == "solve/stop.rs"),
        "solve::stop is back"
    );
}

/// The text of ARCHITECTURE.md.
fn architecture_page() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md")).unwrap()
}

/// The names the crate root re-exports (`pub use` in lib.rs).
fn root_names() -> Vec<String> {
    let lib = sources().into_iter().find(|(name, _)| name == "lib.rs").unwrap().1;
    let mut names = vec![];
    for statement in code(&lib).split(';').filter_map(|s| s.trim().strip_prefix("pub use ")) {
        let list = match statement.split_once('{') {
            Some((_, list)) => list.trim_end_matches('}').to_string(),
            None => statement.rsplit("::").next().unwrap().to_string(),
        };
        names.extend(list.split(',').map(|n| n.trim().to_string()).filter(|n| !n.is_empty()));
    }
    names.sort();
    names
}

#[test]
fn the_public_surface_is_the_one_architecture_states() {
    let page = architecture_page();
    let section = page
        .split("## Public surface")
        .nth(1)
        .expect("ARCHITECTURE.md states the surface");
    let section = section.split("\n## ").next().unwrap();
    let listed = section.split("Re-exported from the crate root:").nth(1).unwrap();
    let listed = listed.split("\n\n").next().unwrap();
    let mut stated: Vec<String> = listed
        .split('`')
        .skip(1)
        .step_by(2)
        .map(|n| n.trim_start_matches("scramble::").to_string())
        .collect();
    stated.sort();
    assert_eq!(
        root_names(),
        stated,
        "lib.rs's `pub use` and ARCHITECTURE.md's list differ"
    );
}

#[test]
fn public_items_outside_the_command_line_do_not_grow() {
    // Items declared `pub` in the library (the grep of ARCHITECTURE.md's
    // "Public surface"). Lower this ceiling as items become `pub(crate)`;
    // raising it is a decision to review.
    const CEILING: usize = 568;
    let starts = ["fn", "struct", "enum", "trait", "type", "const", "static", "mod", "use"];
    let count: usize = sources()
        .iter()
        .filter(|(name, _)| !name.starts_with("cli/"))
        .map(|(_, text)| {
            text.lines()
                .filter(|l| {
                    let rest = l.trim_start().strip_prefix("pub ").unwrap_or("");
                    starts.iter().any(|s| rest.starts_with(&format!("{s} ")))
                })
                .count()
        })
        .sum();
    assert!(count <= CEILING, "{count} public items, more than {CEILING}");
}

#[test]
fn the_library_pulls_no_command_line_crate() {
    let manifest = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml")).unwrap();
    let section = |name: &str| -> Vec<String> {
        let body = manifest.split(&format!("\n[{name}]\n")).nth(1).unwrap_or("");
        let body = body.split("\n[").next().unwrap();
        body.lines()
            .filter_map(|l| l.split_once(" = ").map(|(key, _)| key.trim().to_string()))
            .collect()
    };
    let dependencies = section("dependencies");
    assert!(
        dependencies.contains(&"petgraph".to_string()),
        "the [dependencies] table is read"
    );
    for name in [
        "anyhow",
        "clap",
        "clap_complete",
        "clap_mangen",
        "indicatif",
        "signal-hook",
    ] {
        assert!(
            !dependencies.contains(&name.to_string()),
            "the library depends on {name}"
        );
    }
    assert!(!manifest.contains("[[bin]]"), "the library package builds a binary");
}

#[test]
fn the_layers_are_the_ones_architecture_states() {
    let page = architecture_page();
    let map = page.split("## Code map").nth(1).unwrap().split("\n## ").next().unwrap();
    let stated: Vec<Vec<String>> = map
        .split("\n- ")
        .skip(1)
        .map(|bullet| {
            let head = bullet.split(": ").next().unwrap();
            head.split('`').skip(1).step_by(2).map(str::to_string).collect()
        })
        .collect();
    let layers: Vec<Vec<String>> = (0..)
        .map_while(|l| {
            let modules: Vec<String> = sources()
                .iter()
                .map(|(name, _)| name.split(['/', '.']).next().unwrap().to_string())
                .filter(|m| layer(m) == Some(l) && !["cli", "architecture", "lib"].contains(&m.as_str()))
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect();
            (!modules.is_empty()).then_some(modules)
        })
        .collect();
    let sorted = |v: &[Vec<String>]| -> Vec<Vec<String>> {
        v.iter()
            .map(|l| {
                let mut l = l.clone();
                l.sort();
                l
            })
            .collect()
    };
    assert_eq!(
        sorted(&stated),
        sorted(&layers),
        "ARCHITECTURE.md's code map and the layers differ"
    );
}

/// The files of library and command-line code (tests left out) that
/// contain `needle`.
fn code_files_with(needle: &str) -> Vec<String> {
    sources()
        .into_iter()
        .filter(|(name, _)| name != "architecture.rs" && !name.ends_with("/tests.rs"))
        .filter(|(_, text)| code(text).contains(needle))
        .map(|(name, _)| name)
        .collect()
}

#[test]
fn only_the_output_layer_writes_files() {
    for needle in [
        "fs::write(",
        "File::create(",
        "OpenOptions::new(",
        "fs::rename(",
        "fs::copy(",
        "persist(",
    ] {
        let writers: Vec<String> = code_files_with(needle)
            .into_iter()
            .filter(|name| !(name == "output.rs" || name.starts_with("output/")))
            .collect();
        assert_eq!(writers, Vec::<String>::new(), "`{needle}` outside `output`");
    }
    assert!(
        !code_files_with("fs::rename(").is_empty(),
        "the scan finds the output layer's renames"
    );
}

#[test]
fn every_source_file_starts_with_its_documentation() {
    for (name, text) in sources() {
        let first = text.lines().find(|l| !l.starts_with("#![")).unwrap_or("");
        assert!(first.starts_with("//!"), "{name} does not start with `//!`");
    }
}

#[test]
fn unsafe_code_stands_in_one_place() {
    assert_eq!(code_files_with("unsafe {"), ["render/children.rs"]);
    let lib = sources().into_iter().find(|(name, _)| name == "lib.rs").unwrap().1;
    assert!(lib.contains("#![deny(unsafe_code)]"));
    let cli = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("cli/src/main.rs")).unwrap();
    assert!(cli.contains("#![forbid(unsafe_code)]"));
}

#[test]
fn no_sat_solver_is_linked() {
    let manifest = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml")).unwrap();
    let dependencies = manifest
        .split("[dependencies]")
        .nth(1)
        .unwrap()
        .split("\n[")
        .next()
        .unwrap();
    let dev = manifest
        .split("[dev-dependencies]")
        .nth(1)
        .unwrap()
        .split("\n[")
        .next()
        .unwrap();
    assert!(!dependencies.contains("varisat") && dev.contains("varisat"));
}

#[test]
fn the_context_s_types_have_one_public_path_and_are_imported_from_their_home() {
    let lib = sources().into_iter().find(|(name, _)| name == "lib.rs").unwrap().1;
    let lib = code(&lib);
    assert!(lib.contains("\nmod context;") && !lib.contains("pub mod context;"));
    assert!(lib.contains("pub use context::{Context, Stats, Stop, Threads};"));
    for name in ["Context", "Stats", "Stop", "Threads"] {
        // The crate root is the one public path: no other re-export (the
        // private `context` gathers its own submodules' types).
        let reexports: Vec<String> = sources()
            .into_iter()
            .filter(|(file, text)| {
                file != "lib.rs"
                    && !file.starts_with("cli/")
                    && !file.starts_with("context/")
                    && code(text).lines().any(|l| {
                        l.starts_with("pub use")
                            && l.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                                .any(|w| w == name)
                    })
            })
            .map(|(file, _)| file)
            .collect();
        assert_eq!(reexports, Vec::<String>::new(), "`{name}` re-exported");
        // Inside the crate, imports name the defining module.
        let through_root: Vec<String> = code_files_with(&format!("crate::{name}"))
            .into_iter()
            .chain(code_files_with(&format!("solve::{name}")))
            .filter(|file| !file.starts_with("cli/"))
            .collect();
        assert_eq!(
            through_root,
            Vec::<String>::new(),
            "`{name}` imported through a re-export"
        );
    }
}

#[test]
fn long_work_takes_the_context_and_nothing_else() {
    // Outside `context`, no public function takes or returns a bare `Stop`
    // or `Progress`, and no public field holds one: long work takes the
    // one `&Context`.
    let word = |text: &str, name: &str| {
        text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .any(|w| w == name)
    };
    let mut bare = Vec::new();
    for (file, text) in sources() {
        if file.starts_with("cli/") || file.starts_with("context/") || file == "architecture.rs" {
            continue;
        }
        let code = code(&text);
        for (at, _) in code.match_indices("pub fn ") {
            let signature = code[at..].split(['{', ';']).next().unwrap_or("");
            if word(signature, "Stop") || word(signature, "Progress") {
                bare.push(format!("{file}: {}", signature.split('(').next().unwrap_or("")));
            }
        }
        for line in code
            .lines()
            .filter(|l| l.starts_with("pub ") && !l.starts_with("pub fn"))
        {
            let field = line.strip_prefix("pub ").unwrap_or("");
            if field
                .split(':')
                .next()
                .is_some_and(|name| name.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
                && field.contains(':')
                && (word(field, "Stop") || word(field, "Progress"))
            {
                bare.push(format!("{file}: field {field}"));
            }
        }
    }
    assert_eq!(bare, Vec::<String>::new(), "long work that does not take `&Context`");
}

#[test]
fn every_test_and_file_the_architecture_page_cites_exists() {
    // The page backs each claim with `[test or file, ...]`: a cited test
    // is a function of the library or the command line, a cited file or
    // module path is there.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = architecture_page();
    // Each group opens with "[`" and ends at "]"; its code spans are the
    // even pieces between backticks.
    let cited: Vec<&str> = page
        .split("[`")
        .skip(1)
        .filter_map(|rest| rest.split(']').next())
        .flat_map(|group| group.split('`').step_by(2))
        .collect();
    let code: String = sources().into_iter().map(|(_, text)| text).collect();
    let mut missing = Vec::new();
    for name in cited {
        let found = if [".rs", ".md", ".mjs", ".sh"].iter().any(|e| name.ends_with(e)) {
            root.join(name).exists() || root.join("src").join(name).exists()
        } else if name.contains("::") {
            let path = name.replace("::", "/");
            root.join("src").join(format!("{path}.rs")).exists() || root.join("src").join(&path).is_dir()
        } else if name.contains('_') {
            code.contains(&format!("fn {name}("))
        } else {
            root.join("src").join(format!("{name}.rs")).exists() || root.join("src").join(name).is_dir()
        };
        if !found {
            missing.push(name.to_string());
        }
    }
    assert_eq!(missing, Vec::<String>::new(), "cited by ARCHITECTURE.md, not found");
}

#[test]
fn front_ends_leave_the_census_engine_and_uniqueness_to_the_library() {
    // Which census engine runs and what it may hold (`census::engine`, behind
    // the one entry point `census::run`), and what "unique" means
    // (`solve::unique`), are decided in the library: the command line,
    // Python and the page call them, not the engines.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let front_ends: Vec<(String, String)> = sources()
        .into_iter()
        .filter(|(name, _)| name.starts_with("cli/"))
        .chain(
            ["python/src/lib.rs", "web/src/lib.rs"]
                .map(|file| (file.to_string(), std::fs::read_to_string(root.join(file)).unwrap())),
        )
        .collect();
    let mut found = Vec::new();
    for (file, text) in &front_ends {
        for needle in [
            "fast::run",
            "plain::run",
            "symmetric::run",
            "census::fast",
            "census::symmetric",
            "census::engine",
            "census::shard",
            "Goal::Nth(1)",
        ] {
            if code(text).contains(needle) {
                found.push(format!("{file}: {needle}"));
            }
        }
    }
    assert_eq!(found, Vec::<String>::new());
    assert!(front_ends.iter().any(|(_, text)| text.contains("census::run(")));
    assert!(front_ends.iter().any(|(_, text)| text.contains("solve::unique")));
}

#[test]
fn front_ends_search_for_fixes_as_long_as_the_library_says() {
    // How long the search for a typo's fixes runs unless the user says
    // otherwise is `solve::diagnose::BUDGET`: each front-end that runs the
    // search (the command line, Python) takes its default from there.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let cli: String = sources()
        .into_iter()
        .filter(|(name, _)| name.starts_with("cli/"))
        .map(|(_, text)| code(&text))
        .collect();
    let python = code(&std::fs::read_to_string(root.join("python/src/lib.rs")).unwrap());
    for (front_end, text) in [("cli", cli), ("python", python)] {
        let runs = text.contains("diagnose::diagnose(") && text.contains("diagnose::alternatives(");
        assert!(runs, "{front_end} runs the search for fixes");
        assert!(
            text.contains("diagnose::BUDGET"),
            "{front_end} takes its default elsewhere"
        );
    }
}
