#!/usr/bin/env bash
# The library's public surface stays small: at most MAX_ITEMS items on
# rustdoc's all-items page and MAX_MODULES public top-level modules
# (default features). Run after `cargo doc --no-deps`.
set -euo pipefail
MAX_ITEMS=140
MAX_MODULES=8
doc=target/doc/scramble
items=$(grep -o '<li><a href="[^"]*\.html"' "$doc/all.html" | wc -l)
modules=$(grep -o 'href="[a-z_]*/index.html"' "$doc/index.html" | sort -u | wc -l)
echo "all-items page: $items items (at most $MAX_ITEMS); public modules: $modules (at most $MAX_MODULES)"
[ "$items" -gt 0 ] && [ "$modules" -gt 0 ] || { echo "no items read from $doc" >&2; exit 1; }
[ "$items" -le "$MAX_ITEMS" ] && [ "$modules" -le "$MAX_MODULES" ]
