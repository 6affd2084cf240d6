//! Edges in `subgraphs --json` and `inspect --json` are the graph export's
//! edges: each carries the `id` of an edge of `graph --format json` and the
//! same ends, key, piece, corner and name.

use serde_json::Value;

use crate::json_report;

/// The node-link export's edges of `puzzle`, by `id`.
fn exported(puzzle: &str, out: &std::path::Path) -> Vec<Value> {
    crate::scramble()
        .args(["graph", puzzle, "--format", "json", "--out"])
        .arg(out)
        .assert()
        .success();
    let name = std::path::Path::new(puzzle).file_stem().unwrap();
    let text = std::fs::read_to_string(out.join(name).join("recording.json")).unwrap();
    let export: Value = serde_json::from_str(&text).unwrap();
    let edges = export["edges"].as_array().unwrap().clone();
    for (i, edge) in edges.iter().enumerate() {
        assert_eq!(edge["id"], i, "{edge}");
    }
    edges
}

/// Every edge object under `edges` keys anywhere in `report`.
fn reported(report: &Value, found: &mut Vec<Value>) {
    match report {
        Value::Object(map) => {
            for (key, value) in map {
                match (key.as_str(), value) {
                    ("edges", Value::Array(edges)) => found.extend(edges.iter().cloned()),
                    _ => reported(value, found),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| reported(item, found)),
        _ => {}
    }
}

/// Each reported edge equals the exported edge of its `id`, but for the
/// text's `label`, which names its ends and piece (and a piece name longer
/// than a label, which only the export holds).
fn assert_found(what: &str, report: &Value, export: &[Value], expected: usize) {
    let mut edges = vec![];
    reported(report, &mut edges);
    assert_eq!(edges.len(), expected, "{what}");
    for edge in &edges {
        let id = edge["id"].as_u64().unwrap_or_else(|| panic!("{what}: no id in {edge}")) as usize;
        let mut without_label = edge.clone();
        let label = without_label.as_object_mut().unwrap().remove("label").unwrap();
        let mut expected = export[id].clone();
        if edge.get("name").is_none() {
            let name = expected.as_object_mut().unwrap().remove("name");
            assert!(
                name.is_none_or(|n| n.as_str().unwrap().chars().count() > 64),
                "{what}: {edge}"
            );
        }
        assert_eq!(without_label, expected, "{what}");
        let label = label.as_str().unwrap();
        let ends = format!(
            "{}->{} ",
            export[id]["source"].as_str().unwrap(),
            export[id]["target"].as_str().unwrap()
        );
        assert!(label.starts_with(&ends), "{what}: {label} for {}", export[id]);
    }
}

#[test]
fn subgraph_and_inspect_edges_are_the_export_s_edges() {
    let out = tempfile::tempdir().unwrap();
    for puzzle in ["fixtures/paper2x2.txt", "fixtures/named2x2.txt"] {
        let export = exported(puzzle, out.path());
        let subgraphs = json_report(&["subgraphs", puzzle, "--no-pictures"], out.path());
        assert_found("subgraphs", &subgraphs, &export, 256 * 4);
        let inspect = json_report(&["inspect", puzzle, "--no-pictures"], out.path());
        // Four pieces with one kept corner each, and the one lattice point.
        assert_found("inspect", &inspect, &export, 8);
    }
    let export = exported("fixtures/named2x2.txt", out.path());
    assert!(
        export.iter().all(|e| e["name"].is_string()),
        "named2x2 names every piece"
    );
}

#[test]
fn a_3x3_solution_s_kept_edges_are_the_export_s_edges() {
    let out = tempfile::tempdir().unwrap();
    let export = exported("fixtures/planted3x3.txt", out.path());
    let inspect = json_report(&["inspect", "fixtures/planted3x3.txt", "--no-pictures"], out.path());
    // 16 kept edges on the pieces, 4 at each of the 4 lattice points.
    assert_found("inspect", &inspect, &export, 32);
}
