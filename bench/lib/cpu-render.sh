#!/bin/bash
# CPU per rendered analysis, whole process tree (the analysing process and its Chromium: user + system time, as the
# shell's `time` reports it once every process has been reaped), for workload 6's page. On a shared machine the rate
# of renders says more about the neighbours than about the code; CPU per render does not. Interleave runs of two
# builds (an old checkout's DIR and this one) and compare medians.
#
# usage: bench/lib/cpu-render.sh DIR [N]   (DIR holds a built dist/ and bench/lib/; N rendered analyses, default 40)
# prints: cpu_total, wall, per_render_cpu_ms (over N plus the client's 10 warm-up renders, the launch included), and
#         the client's own line (its ownCpuMs is the analysing process alone, without Chromium)
set -euo pipefail
DIR=$1
N=${2:-40}
PORTFILE=$(mktemp)
TIMES=$(mktemp)
OUT=$(mktemp)
node "$DIR/bench/lib/js-redirect-server.mjs" > "$PORTFILE" &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; rm -f "$PORTFILE" "$TIMES" "$OUT"' EXIT
for _ in $(seq 50); do [ -s "$PORTFILE" ] && break; sleep 0.2; done
PORT=$(head -1 "$PORTFILE")
cd "$DIR"
TIMEFORMAT='%U %S %R'
{ time node bench/lib/render-client.mjs "http://127.0.0.1:$PORT" "$N" 4 true > "$OUT"; } 2> "$TIMES"
read -r U S R < <(tail -1 "$TIMES")
echo "cpu_total=$(echo "$U + $S" | bc) wall=$R per_render_cpu_ms=$(echo "($U + $S)*1000/($N+10)" | bc) $(cat "$OUT")"
