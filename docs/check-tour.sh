#!/usr/bin/env bash
# Runs the documentation as a new user would, on a fresh clone: the tour of
# README.md, docs/guide.md, docs/format.md and docs/own-puzzle.md must run
# as typed and print what they show.
#
#   docs/check-tour.sh                       # from anywhere in the repository
#   docs/check-tour.sh --no-setup            # skip step 2: the `scramble` on
#                                            # PATH runs the tour
#   docs/check-tour.sh --without-graphviz    # hide Graphviz from the tour
#                                            # (combines with --no-setup)
#
# 1. Clones the repository's HEAD (committed work only) into a temporary
#    folder.
# 2. Runs README's two set-up commands, found in README the way CI finds
#    them (`cargo run --release -- graph ...` and `cargo test`), then
#    README's `cargo install --locked --path cli` with `--root` in the
#    temporary folder, whose `bin/` alone puts `scramble` on PATH.
# 3. Runs every command of the tour exactly as typed: every line that
#    starts with `$ ` inside a fenced code block of the three files, in
#    order, with bash, from the clone's root. The expected exit code is 0
#    unless the line ends with the shell comment `# exit N`.
# 4. Compares what each command printed (stdout and stderr together) with
#    the lines the file shows under it (up to the next `$ ` line or the end
#    of the block). Numbers with a decimal point (times, rates) match any
#    such number; a line `...` stands for any number of lines; without
#    `...` the output must be exactly the lines shown. The one line
#    `scramble: Graphviz not found; drawing with the embedded renderer`,
#    which drawing commands print on stderr where Graphviz is missing (the
#    guide says so once), is left out of the comparison; the checker counts
#    the commands that printed it.
# 5. Checks that `git status --porcelain` is empty in the clone: the tour
#    changed no tracked file and left no untracked file outside ignored
#    folders.
#
# --without-graphviz runs the tour with a PATH on which every folder that
# holds Graphviz's programs is replaced by a folder of links to everything
# else in it, so `scramble` draws with its embedded renderer.
#
# Builds go to this repository's `target/` (or $CHECK_TOUR_TARGET), so
# dependencies are not built again; only the crate itself is (the clone's
# files are newer). That is safe only when the working tree is HEAD: cargo
# would later take the clone's artifacts as fresh for older, different
# files. So the script refuses to run with uncommitted changes to tracked
# files. The clone is removed at the end unless KEEP=1.
# Exit 0 when every check passes, 1 otherwise.
set -euo pipefail

setup=1
graphviz=1
for arg in "$@"; do
    case $arg in
        --no-setup) setup=0 ;;
        --without-graphviz) graphviz=0 ;;
        *) echo "check-tour: unknown argument $arg (expected --no-setup, --without-graphviz)" >&2; exit 2 ;;
    esac
done
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
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

say "clone of $(git -C "$repo" rev-parse --short HEAD) in $tmp/scramble"
git clone --quiet --no-hardlinks "$repo" "$tmp/scramble"
cd "$tmp/scramble"
docs=(README.md docs/guide.md docs/format.md docs/own-puzzle.md)

if [ "$setup" = 0 ]; then
    say "no set-up: the tour runs $(command -v scramble)"
else
setup_run=$(grep -m1 '^cargo run --release -- graph ' README.md)
setup_test=$(grep -m1 '^cargo test' README.md)
install=$(grep -m1 '^cargo install --locked --path cli' README.md)
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

# Graphviz's programs hidden from PATH (see the header).
hide_graphviz() {
    local dirs dir f shadow kept=()
    IFS=: read -ra dirs <<<"$PATH"
    for dir in "${dirs[@]}"; do
        if [ -e "$dir/neato" ] || [ -e "$dir/dot" ]; then
            shadow="$tmp/path-${#kept[@]}"
            mkdir -p "$shadow"
            for f in "$dir"/*; do
                case ${f##*/} in
                    dot | neato | fdp | sfdp | twopi | circo | osage | patchwork) ;;
                    *) ln -s "$f" "$shadow/" ;;
                esac
            done
            dir=$shadow
        fi
        kept+=("$dir")
    done
    PATH=$(IFS=:; printf '%s' "${kept[*]}")
    export PATH
}
if [ "$graphviz" = 0 ]; then
    hide_graphviz
    if command -v neato >/dev/null || command -v dot >/dev/null; then
        fail "Graphviz is still on PATH"
    fi
    say "Graphviz hidden from PATH"
fi

# The tour of file $1 as `command<TAB>expected exit code<TAB>first
# line<TAB>last line` of the output it shows (line numbers of $1).
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
    ' "$1"
}

notice='scramble: Graphviz not found; drawing with the embedded renderer'


# Numbers with a decimal point become `#.#`, trailing blanks go, and an
# indented `...` is `...`.
mask() { sed -E 's/[0-9]+\.[0-9]+/#.#/g; s/[[:space:]]+$//; s/^[[:space:]]+\.\.\.$/.../'; }

# Whether the output (file $1) shows what the document shows (file $2).
shows() {
    mask <"$2" >"$2.masked"
    if ! grep -qx '\.\.\.' "$2.masked"; then
        diff "$2.masked" <(mask <"$1")
        return
    fi
    # With `...`: the document's other lines appear in the output in order, and
    # lines between two of them are skipped only where it has `...`.
    awk -v want="$2.masked" '
        BEGIN { n = 0; while ((getline line < want) > 0) { n++; w[n] = line }; i = 1; gap = 0 }
        {
            while (i <= n && w[i] == "...") { gap = 1; i++ }
            if (i > n) { if (!gap) { print "not shown in the document: " $0; bad = 1; exit } ; next }
            if ($0 == w[i]) { i++; gap = 0; next }
            if (!gap) { print "document shows: " w[i]; print "printed:         " $0; bad = 1; exit }
        }
        END {
            while (i <= n && w[i] == "...") i++
            if (!bad && i <= n) { print "document shows, never printed: " w[i]; bad = 1 }
            exit bad
        }
    ' <(mask <"$1")
}

count=0
embedded=0
for doc in "${docs[@]}"; do
say "tour: every \`\$ \` line of $doc's code blocks"
while IFS=$'\t' read -r cmd code from to; do
    count=$((count + 1))
    if [ "$to" -ge "$from" ]; then sed -n "${from},${to}p" "$doc"; fi >"$tmp/want"
    t0=$(date +%s.%N)
    set +e
    bash -c "$cmd" </dev/null >"$tmp/raw" 2>&1
    status=$?
    set -e
    if grep -qxF "$notice" "$tmp/raw"; then embedded=$((embedded + 1)); fi
    grep -vxF "$notice" "$tmp/raw" >"$tmp/got" || true
    took=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
    if [ "$status" != "$code" ]; then
        fail "exit $status, $doc implies $code ($doc:$((from - 1))): $cmd"
        sed 's/^/    /' "$tmp/got" | head -20
    elif ! diff_out=$(shows "$tmp/got" "$tmp/want"); then
        fail "output differs from $doc:$from-$to: $cmd"
        printf '%s\n' "$diff_out" | sed 's/^/    /' | head -20
    else
        printf 'ok  exit %s  %5ss  %s\n' "$status" "$took" "$cmd"
    fi
done < <(tour "$doc")
done
[ "$count" -gt 0 ] || fail "no tour command found in ${docs[*]}"
say "$embedded command(s) drew with the embedded renderer: Graphviz not found"

say "git status --porcelain in the clone"
if [ -n "$(git status --porcelain)" ]; then
    fail "the tour changed the clone:"
    git status --porcelain | sed 's/^/    /'
fi

say "$count tour commands, $failures failure(s), $((SECONDS - started)) s in all"
[ "$failures" = 0 ]
