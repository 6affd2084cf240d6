#!/usr/bin/env bash
# Runs README.md as a new user would, on a fresh clone: README's tour must
# run as typed and print what README shows.
#
#   docs/check-tour.sh              # from anywhere in the repository
#   docs/check-tour.sh --no-setup   # skip step 2: the `scramble` on PATH
#                                   # runs the tour (to iterate on README)
#
# 1. Clones the repository's HEAD (committed work only) into a temporary
#    folder, with `shared` beside it (a symlink to the `../shared` beside
#    this repository), as README asks.
# 2. Runs README's two set-up commands, found in README the way CI finds
#    them (`cargo run --release -- graph ...` and `cargo test`), then
#    README's `cargo install --path .` with `--root` in the temporary
#    folder, whose `bin/` alone puts `scramble` on PATH.
# 3. Runs every command of the tour exactly as typed: every line that
#    starts with `$ ` inside a fenced code block of README.md, in order,
#    with bash, from the clone's root. The expected exit code is 0 unless
#    the line ends with the shell comment `# exit N`.
# 4. Compares what each command printed (stdout and stderr together) with
#    the lines README shows under it (up to the next `$ ` line or the end
#    of the block). Numbers with a decimal point (times, rates) match any
#    such number; a line `...` stands for any number of lines; without
#    `...` the output must be exactly the lines shown.
# 5. Checks that `git status --porcelain` is empty in the clone: the tour
#    changed no tracked file and left no untracked file outside ignored
#    folders.
#
# Builds go to this repository's `target/` (or $CHECK_TOUR_TARGET), so
# dependencies are not built again; only the crate itself is (the clone's
# files are newer). That is safe only when the working tree is HEAD: cargo
# would later take the clone's artifacts as fresh for older, different
# files. So the script refuses to run with uncommitted changes to tracked
# files. The clone is removed at the end unless KEEP=1.
# Exit 0 when every check passes, 1 otherwise.
set -euo pipefail

repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
shared=$(cd "$repo/.." && pwd)/shared
test -d "$shared" || { echo "check-tour: $shared is missing (README's tour needs ../shared)" >&2; exit 1; }
export CARGO_TARGET_DIR=${CHECK_TOUR_TARGET:-$repo/target}
if [ -n "$(git -C "$repo" status --porcelain --untracked-files=no)" ]; then
    echo "check-tour: commit first: it checks HEAD and shares $CARGO_TARGET_DIR with this working tree" >&2
    exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-tour.XXXXXX")
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$tmp"' EXIT
started=$SECONDS
failures=0

say() { printf '== [%ss] %s\n' "$((SECONDS - started))" "$*"; }
fail() { printf 'FAIL: %s\n' "$*"; failures=$((failures + 1)); }

say "clone of $(git -C "$repo" rev-parse --short HEAD) in $tmp/scramble, shared beside it"
git clone --quiet --no-hardlinks "$repo" "$tmp/scramble"
ln -s "$shared" "$tmp/shared"
cd "$tmp/scramble"

if [ "${1:-}" = --no-setup ]; then
    say "no set-up: the tour runs $(command -v scramble)"
else
setup_run=$(grep -m1 '^cargo run --release -- graph ' README.md)
setup_test=$(grep -m1 '^cargo test' README.md)
install=$(grep -m1 '^cargo install --path \.' README.md)
for cmd in "$setup_run" "$setup_test"; do
    say "set-up: $cmd"
    bash -c "$cmd" </dev/null || fail "set-up command failed: $cmd"
done
say "PATH: $install --root $tmp/root"
bash -c "$install --quiet --root '$tmp/root'" </dev/null || fail "$install failed"
export PATH="$tmp/root/bin:$PATH"
[ "$(command -v scramble)" = "$tmp/root/bin/scramble" ] || fail "scramble on PATH is $(command -v scramble)"
# A set-up that rewrote tracked files would hide from the last check.
if [ -n "$(git status --porcelain)" ]; then fail "the set-up changed the clone: $(git status --porcelain)"; fi
fi

# The tour as `command<TAB>expected exit code<TAB>first line<TAB>last line`
# of the output README shows (line numbers of README.md).
tour() {
    awk '
        /^```/ { if (cmd != "") print_cmd(NR - 1); fenced = !fenced; next }
        fenced && /^\$ / {
            if (cmd != "") print_cmd(NR - 1)
            cmd = substr($0, 3); from = NR + 1
            code = 0
            if (match(cmd, /# exit [0-9]+$/)) code = substr(cmd, RSTART + 7)
            next
        }
        function print_cmd(to) { printf "%s\t%s\t%d\t%d\n", cmd, code, from, to; cmd = "" }
    ' README.md
}

# Numbers with a decimal point become `#.#`, trailing blanks go, and an
# indented `...` is `...`.
mask() { sed -E 's/[0-9]+\.[0-9]+/#.#/g; s/[[:space:]]+$//; s/^[[:space:]]+\.\.\.$/.../'; }

# Whether the output (file $1) shows what README shows (file $2).
shows() {
    mask <"$2" >"$2.masked"
    if ! grep -qx '\.\.\.' "$2.masked"; then
        diff "$2.masked" <(mask <"$1")
        return
    fi
    # With `...`: README's other lines appear in the output in order, and
    # lines between two of them are skipped only where README has `...`.
    awk -v want="$2.masked" '
        BEGIN { n = 0; while ((getline line < want) > 0) { n++; w[n] = line }; i = 1; gap = 0 }
        {
            while (i <= n && w[i] == "...") { gap = 1; i++ }
            if (i > n) { if (!gap) { print "not shown in README: " $0; bad = 1; exit } ; next }
            if ($0 == w[i]) { i++; gap = 0; next }
            if (!gap) { print "README shows: " w[i]; print "printed:      " $0; bad = 1; exit }
        }
        END {
            while (i <= n && w[i] == "...") i++
            if (!bad && i <= n) { print "README shows, never printed: " w[i]; bad = 1 }
            exit bad
        }
    ' <(mask <"$1")
}

say "tour: every \`\$ \` line of README.md's code blocks"
count=0
while IFS=$'\t' read -r cmd code from to; do
    count=$((count + 1))
    if [ "$to" -ge "$from" ]; then sed -n "${from},${to}p" README.md; fi >"$tmp/want"
    t0=$(date +%s.%N)
    set +e
    bash -c "$cmd" </dev/null >"$tmp/got" 2>&1
    status=$?
    set -e
    took=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
    if [ "$status" != "$code" ]; then
        fail "exit $status, README implies $code (README.md:$((from - 1))): $cmd"
        sed 's/^/    /' "$tmp/got" | head -20
    elif ! diff_out=$(shows "$tmp/got" "$tmp/want"); then
        fail "output differs from README.md:$from-$to: $cmd"
        printf '%s\n' "$diff_out" | sed 's/^/    /' | head -20
    else
        printf 'ok  exit %s  %5ss  %s\n' "$status" "$took" "$cmd"
    fi
done < <(tour)
[ "$count" -gt 0 ] || fail "no tour command found in README.md"

say "git status --porcelain in the clone"
if [ -n "$(git status --porcelain)" ]; then
    fail "the tour changed the clone:"
    git status --porcelain | sed 's/^/    /'
fi

say "$count tour commands, $failures failure(s), $((SECONDS - started)) s in all"
[ "$failures" = 0 ]
