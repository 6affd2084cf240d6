#!/usr/bin/env bash
# Builds the one-file page docs/app/scramble.html (or the file given): the
# scramble library compiled to WebAssembly (the crate in web/), wasm-bindgen's
# glue, and the template of web/page/, assembled into one HTML file.
# Deterministic: CI builds it again and compares it byte for byte with the
# copy in the repository.
#
# Needs only crates.io and rustup: the wasm32-unknown-unknown target and
# wasm-bindgen-cli at the version of the wasm-bindgen crate (installed here
# when missing; the first install compiles for a few minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-docs/app/scramble.html}
version=$(cargo metadata --locked --format-version 1 |
    grep -o '"name":"wasm-bindgen","version":"[^"]*"' | head -n1 | sed 's/.*"version":"//; s/"$//')
rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || rustup target add wasm32-unknown-unknown
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $version" ]; then
    cargo install wasm-bindgen-cli --version "$version" --locked
fi
# Paths of the registry and of this checkout are no part of the engine.
registry="${CARGO_HOME:-$HOME/.cargo}/registry/src"
export RUSTFLAGS="--remap-path-prefix=$registry=/crates --remap-path-prefix=$PWD=/scramble"
cargo build --locked --quiet -p scramble-web --lib --profile web --target wasm32-unknown-unknown
unset RUSTFLAGS
pkg=target/web-pkg
rm -rf "$pkg"
wasm-bindgen --target no-modules --no-typescript --out-dir "$pkg" \
    target/wasm32-unknown-unknown/web/scramble_web.wasm
mkdir -p "$(dirname "$out")"
cargo run --locked --quiet -p scramble-web --bin assemble -- \
    "$pkg/scramble_web.js" "$pkg/scramble_web_bg.wasm" "$out"
printf '%s: %s bytes\n' "$out" "$(wc -c <"$out")"
