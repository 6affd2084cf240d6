//! Assembles the one-file page from the template in `web/page/`, the
//! wasm-bindgen glue and the WebAssembly engine (inlined in base64), and the
//! sample puzzles of `fixtures/`. Deterministic: the same inputs give the
//! same bytes. Run by `web/build.sh`:
//!
//! ```text
//! assemble GLUE.js ENGINE.wasm OUT.html
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const TEMPLATE: &str = include_str!("../../page/page.html");
const STYLE: &str = include_str!("../../page/page.css");
const SECTIONS: &str = include_str!("../../page/page.js");
const EDITOR: &str = include_str!("../../page/editor.js");
const APP: &str = include_str!("../../page/app.js");

fn main() -> ExitCode {
    let args: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    let [glue, wasm, out] = &args[..] else {
        eprintln!("usage: assemble GLUE.js ENGINE.wasm OUT.html");
        return ExitCode::from(2);
    };
    match assemble(glue, wasm).and_then(|page| write(out, &page)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("assemble: {message}");
            ExitCode::FAILURE
        }
    }
}

fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn write(path: &Path, page: &str) -> Result<(), String> {
    std::fs::write(path, page).map_err(|e| format!("{}: {e}", path.display()))
}

fn assemble(glue: &Path, wasm: &Path) -> Result<String, String> {
    let glue = String::from_utf8(read(glue)?).map_err(|e| format!("the glue is not UTF-8: {e}"))?;
    let wasm = read(wasm)?;
    let samples = serde_json::to_string(&samples()?).map_err(|e| e.to_string())?;
    let script = format!("{SECTIONS}\n{EDITOR}\n{APP}");
    let values = [
        ("style", STYLE.to_string()),
        ("script", script),
        ("samples", samples.replace('<', "\\u003c")),
        ("glue", glue),
        ("wasm", base64(&wasm)),
    ];
    for (key, value) in &values {
        if value.to_ascii_lowercase().contains("</script") {
            return Err(format!("{key} would break out of its element"));
        }
    }
    fill(TEMPLATE, &values)
}

/// The sample puzzles: the paper's 2x2, the real puzzles and two
/// edge-matching boards (Brendan Owen's 6x6, a 5 x 4 rectangle), by name.
fn samples() -> Result<BTreeMap<String, String>, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("fixtures");
    let mut files = vec![
        root.join("paper2x2.txt"),
        root.join("edge/brendan/brendan_06x06.txt"),
        root.join("edge/small/planted-5x4-k3.json"),
    ];
    let real = std::fs::read_dir(root.join("real")).map_err(|e| format!("fixtures/real: {e}"))?;
    files.extend(
        real.filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "txt")),
    );
    files
        .iter()
        .map(|file| {
            let name = file.file_stem().unwrap_or_default().to_string_lossy().into_owned();
            let text = String::from_utf8(read(file)?).map_err(|e| format!("{}: {e}", file.display()))?;
            Ok((name, text))
        })
        .collect()
}

/// Replaces each `{{key}}` of `template` once; every key must be there
/// exactly once, and values are not searched again.
fn fill(template: &str, values: &[(&str, String)]) -> Result<String, String> {
    let mut placed = Vec::new();
    for (key, _) in values {
        let marker = format!("{{{{{key}}}}}");
        if template.matches(&marker).count() != 1 {
            return Err(format!("the template needs {marker} exactly once"));
        }
        let at = template.find(&marker).unwrap_or_default();
        placed.push((at, marker.len(), key));
    }
    placed.sort();
    let mut page = String::with_capacity(template.len() + values.iter().map(|(_, v)| v.len()).sum::<usize>());
    let mut from = 0;
    for (at, len, key) in placed {
        page.push_str(&template[from..at]);
        page.push_str(
            values
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v.as_str())
                .unwrap_or_default(),
        );
        from = at + len;
    }
    page.push_str(&template[from..]);
    Ok(page)
}

/// Standard base64 with padding.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_the_standard_vectors() {
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), coded);
        }
        assert_eq!(base64(&[0xff, 0xfe, 0x00]), "//4A");
    }

    #[test]
    fn fill_places_each_value_once_and_refuses_missing_markers() {
        let values = [("a", "{{b}}".to_string()), ("b", "2".to_string())];
        assert_eq!(fill("x {{a}} y {{b}}", &values).unwrap(), "x {{b}} y 2");
        assert!(fill("x {{a}}", &values).is_err());
        assert!(fill("{{a}}{{a}}{{b}}", &values).is_err());
    }

    #[test]
    fn the_template_has_the_marker_for_an_entered_puzzle() {
        assert_eq!(TEMPLATE.matches(scramble::render::page::ENTERED).count(), 1);
    }
}
