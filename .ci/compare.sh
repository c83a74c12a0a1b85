#!/usr/bin/env bash
# README's first command, the comparison, at smoke size on every server, and its report.
source "$(dirname "$0")/env.sh"

# README's first command at smoke size: every plan of jmeter/ headless against each server, the
# audit after every writing cell, and the report. -Dstrict=true fails the build on a failed cell.
check_cells() {
  local dir=target/compare/latest cells
  cells=$(($(wc -l < "$dir/cells.csv") - 1))
  [ "$cells" -ge "$1" ] || { echo "cells.csv has $cells cells, expected at least $1"; exit 1; }
  # Every cell: answers measured, throughput above 0, status ok; the audit, where there is one, ok.
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i
                     if (!col["requests"] || !col["throughput"] || !col["audit"] || !col["status"]) { print "cells.csv lacks a column: " $0; bad = 1; exit }
                     next }
           $col["requests"] <= 0 || $col["throughput"] <= 0 || $col["status"] != "ok" || ($col["audit"] != "" && $col["audit"] != "ok") {
             print "insane cell: " $0; bad = 1 }
           END { exit bad }' "$dir/cells.csv" || exit 1
  echo "   cells.csv: $cells sane cells"
}
# summary.json holds to its schema (a validator that is not the tests' own), with every cell of cells.csv and the
# parts named after the count (e.g. baseline thresholds).
check_summary() {
  python3 - "$1/summary.json" docs/summary.schema.json "$2" "${@:3}" <<'EOF' || exit 1
import json, sys, jsonschema
summary, schema = (json.load(open(path)) for path in sys.argv[1:3])
errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in jsonschema.Draft202012Validator(schema).iter_errors(summary)]
missing = [part for part in sys.argv[4:] if part not in summary]
if errors or missing or len(summary["cells"]) != int(sys.argv[3]):
    sys.exit(f"summary.json: {len(summary['cells'])} cells; missing {missing}; " + "; ".join(errors[:5]))
EOF
}
# Where the report's run table, verdict matrix and rankings lie in a 1440x900 window (top:bottom in px, or none), and
# how many latency-per-second sparklines drew a line: "run=82:197 verdicts=240:445 rankings=470:900 sparks=96".
first_screen() {
  local frame=target/ci-first-screen.html
  cat > "$frame" <<EOF
<!DOCTYPE html><html><body style="margin:0"><iframe id="r" src="file://$1" style="width:1440px;height:900px;border:0"></iframe>
<script>
window.addEventListener('load', () => {
  const d = document.getElementById('r').contentDocument, out = [];
  for (const id of ['run', 'verdicts', 'rankings']) {
    const e = d.getElementById(id), r = e && e.getBoundingClientRect();
    out.push(id + '=' + (e ? Math.round(r.top) + ':' + Math.round(r.bottom) : 'none'));
  }
  out.push('sparks=' + [...d.querySelectorAll('svg.spark')].filter(s => s.querySelector('polyline[points*=","]')).length);
  document.body.setAttribute('data-screen', out.join(' '));
});
</script></body></html>
EOF
  timeout 120 chromium --headless --no-sandbox --disable-gpu --allow-file-access-from-files --window-size=1440,900 \
    --dump-dom "file://$PWD/$frame" 2>/dev/null | grep -o 'data-screen="[^"]*"' | sed 's/^data-screen="//; s/"$//'
}
check_report() {
  local dir=target/compare/latest cells
  check_cells "$1"
  cells=$(($(wc -l < "$dir/cells.csv") - 1))
  # Every server variant's threads were sampled while its cells ran (the report's "where the threads were").
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; if (!col["wait_samples"]) { print "cells.csv lacks wait_samples"; bad = 1; exit }; next }
           { seen[$1 "/" $2] = 1; samples[$1 "/" $2] += $col["wait_samples"] }
           END { if (bad) exit 1; for (v in seen) if (samples[v] == 0) { print "no thread sample on " v; bad = 1 }; exit bad }' "$dir/cells.csv" || exit 1
  # Rendered by a real browser (headless Chromium): the verdict matrix is there and every chart drew its lines.
  local dom charts drawn
  dom=$(timeout 120 chromium --headless --no-sandbox --disable-gpu --dump-dom "file://$PWD/$dir/report.html" 2>/dev/null)
  grep -q '<table id="verdicts">' <<<"$dom" || { echo "the rendered report has no verdict matrix"; exit 1; }
  # The run's header first, its contents, then the matrix.
  awk '/<table id="run">/ && !r { r = NR } /<nav id="contents">/ && !c { c = NR } /<table id="verdicts">/ && !v { v = NR }
       END { exit !(r && c && v && r <= c && c <= v) }' <<<"$dom" || { echo "the rendered report does not open with the run and its contents"; exit 1; }
  # The first screen (1440x900, the report in a frame a script can measure): the run's table and the whole matrix,
  # and the rankings' first rows where there are rankings; every cell's latency per second drawn.
  local screen
  screen=$(first_screen "$PWD/$dir/report.html")
  awk -v cells="$cells" '{ for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] } }
       function top(x) { split(x, tb, ":"); return tb[1] + 0 } function bottom(x) { split(x, tb, ":"); return tb[2] + 0 }
       END { exit !(v["run"] != "none" && bottom(v["run"]) <= 900 && v["verdicts"] != "none" && bottom(v["verdicts"]) <= 900 \
                    && (v["rankings"] == "none" || top(v["rankings"]) <= 840) && v["sparks"] >= cells) }' <<<"$screen" \
    || { echo "the report's first screen (top:bottom in px of 900) or its latency over time: $screen"; exit 1; }
  charts=$( (grep -o '<svg[^>]*>' <<<"$dom" || true) | (grep -v 'class="spark"' || true) | wc -l)
  drawn=$(awk 'BEGIN { RS = "</svg>" } /<svg/ && /<polyline/ && !/<svg class="spark"/ { n++ } END { print n + 0 }' <<<"$dom")
  # A run at one load per experiment (one-load) has nothing to draw against users: a table of its cells instead.
  [ "$drawn" -eq "$charts" ] && { [ "$charts" -gt 0 ] || { [ "${3:-}" = one-load ] && grep -q '<table class="one-load">' <<<"$dom"; }; } \
    || { echo "the rendered report drew $drawn of $charts charts"; exit 1; }
  grep -q "Crossovers" "$dir/summary.txt" || { echo "no crossovers in the summary"; exit 1; }
  check_summary "$dir" "$cells"
  for variant in $2; do
    [ -f "$dir/$variant/dashboard/index.html" ] || { echo "no JMeter dashboard for $variant"; exit 1; }
  done
  echo "   report: $cells sane cells with thread samples on every server, the verdict matrix and $charts charts rendered by Chromium, first screen $screen, crossovers, summary.json valid, dashboards for $2"
}
all_plans=sleep,offload,entry,store,products,hello,threads,open
echo "== ./mvnw -Pcompare -Dmode=smoke -Dplans=$all_plans (tomcat, jetty, glassfish)"
./mvnw -Pcompare -Dmode=smoke -Dplans=$all_plans -Dservers=tomcat,jetty,glassfish -Dvariants=platform -Dstrict=true \
  > target/ci-compare-plans.log 2>&1 || { tail -80 target/ci-compare-plans.log; exit 1; }
awk '/== Trainyard comparison: summary/ { p = 1 } p && n++ < 40' target/ci-compare-plans.log
# The harness's own benchmark: where the run's time went, its cells' fixed cost among it.
grep "^Where the run's time went: .* the cells' fixed cost [0-9.]* s ([0-9.]* s a cell run" target/ci-compare-plans.log \
  || { echo "the run did not say where its time went"; exit 1; }
check_report 90 "tomcat-platform jetty-platform glassfish-platform"
# Three servers: each style ranked across them, in the report and on the console; each cell's latencies as .hgrm.
grep -q '<table id="rankings">' target/compare/latest/report.html || { echo "no rankings across the three servers"; exit 1; }
grep -q '^Rankings (server variants fastest first' target/compare/latest/summary.txt || { echo "no rankings on the console"; exit 1; }
hgrms=$(find target/compare/latest/ -name '*.hgrm' | wc -l)
[ "$hgrms" -ge 90 ] || { echo "$hgrms .hgrm files for 90 cells or more"; exit 1; }
# The store and products plans' 2x2 (web style x driver) on every server: R2DBC rows beside JDBC's, and the paper's
# driver findings checked.
for server in tomcat jetty glassfish; do
  for row in "store c4 r2dbc" "products 10000 r2dbc"; do
    grep -q "^$server,platform,$row,async," target/compare/latest/cells.csv || { echo "no async $row cell on $server"; exit 1; }
  done
done
grep -q "E1 store (drivers) on" target/compare/latest/summary.txt || { echo "no driver findings in the summary"; exit 1; }
if [ -n "${TRAINYARD_JDK21_HOME:-}" ]; then
  # The plan the thread models' finding reads, at two loads for a crossover (the first run measured every plan on
  # platform threads; the image suites run the whole suite on the virtual variants).
  echo "== ./mvnw -Pcompare -Dmode=smoke -Dplans=sleep -Dusers=1,20 (tomcat platform and virtual, cross-checked with wrk, each thread model's cost)"
  ./mvnw -Pcompare -Dmode=smoke -Dplans=sleep -Dusers=1,20 -Dservers=tomcat -Dvariants=platform,virtual -Dcrosscheck=true -Dthreadcost=true -Dstrict=true \
    > target/ci-compare-threads.log 2>&1 || { tail -80 target/ci-compare-threads.log; exit 1; }
  awk '/== Trainyard comparison: summary/ { p = 1 } p && n++ < 40' target/ci-compare-threads.log
  grep -q "E5 threads on tomcat" target/compare/latest/summary.txt || { echo "no thread-model finding"; exit 1; }
  grep -q "Lean cross-check" target/compare/latest/summary.txt || { echo "no cross-check"; exit 1; }
  # Both thread models held 1,000 users and were read (memory), the virtual one with its pinning recording.
  sed -n '/What each thread model costs/,/^$/p' target/compare/latest/summary.txt
  for variant in tomcat/platform tomcat/virtual; do
    grep -q "^- $variant: 1000 users held on blocking/sleep" target/compare/latest/summary.txt \
      || { echo "no thread model cost for $variant"; exit 1; }
  done
  grep -q "^- tomcat/virtual: .*\(no virtual thread pinned\|pinned event\)" target/compare/latest/summary.txt \
    || { echo "no pinning recording on tomcat/virtual"; exit 1; }
  grep -q '<table id="thread-cost">' target/compare/latest/report.html || { echo "the report has no thread-cost table"; exit 1; }
  check_report 10 "tomcat-platform tomcat-virtual"
  grep -q '<table id="thread-models">' target/compare/latest/report.html || { echo "no thread models set against each other"; exit 1; }
fi
# The sweep's machinery (a server variant started again per setting, its cells, its best named) on Tomcat, which
# reads its tuning from the shared file as Jetty does; each server's tuned start is the suite's (RunnerIT: Tomcat and
# Jetty on /metrics, GlassFish through asadmin) and Jetty's the runner step's too.
echo "== ./mvnw -Pcompare -Dmode=smoke -Dsweep=true (tomcat, again with one tuned setting)"
./mvnw -Pcompare -Dmode=smoke -Dsweep=true -Dplans=entry -Dusers=20 -Dservers=tomcat -Dvariants=platform \
  -Dsweep.threads=50 -Dsweep.pool=40 -Dstrict=true > target/ci-compare-sweep.log 2>&1 || { tail -80 target/ci-compare-sweep.log; exit 1; }
sed -n '/Each server at its best/,/^Crossovers/p' target/compare/latest/summary.txt
# The tuned server took its setting (on /metrics the server reports it), and the sweep named a best for each of
# its three styles.
grep -q "tomcat/platform threads=50 pool=40: tuned threads=50 pool=40; on /metrics the server reports request threads 50, pool 40" \
  target/compare/latest/report.html || { echo "the tuned Tomcat did not report its setting"; exit 1; }
bests=$(awk '/^Each server at its best/ { p = 1; next } p && /^- / { n++; next } p { exit } END { print n + 0 }' target/compare/latest/summary.txt)
[ "$bests" -eq 3 ] || { echo "the sweep named $bests bests, expected 3 (three styles)"; exit 1; }
check_report 8 "tomcat-platform tomcat-platform-threads50-pool40" one-load
echo "== ./mvnw -Pcompare -Dmode=smoke -Dclient=wrk -Dprotocols=http,https,https-close,h2 (tomcat: the same cells over each protocol)"
./mvnw -Pcompare -Dmode=smoke -Dclient=wrk -Dprotocols=http,https,https-close,h2 -Dplans=hello -Dservers=tomcat -Dvariants=platform \
  -Dstrict=true > target/ci-compare-protocols.log 2>&1 || { tail -80 target/ci-compare-protocols.log; exit 1; }
sed -n '/What the protocol costs/,/^$/p' target/compare/latest/summary.txt
# hello's two styles, each over http, https, https-close (wrk) and h2 (h2load) at its highest load (the database styles
# over TLS are the runner's HTTPS suite's).
compared=$(sed -n '/What the protocol costs/,/^$/p' target/compare/latest/summary.txt | grep -c ': http .* https .* https-close .* h2 ')
[ "$compared" -eq 2 ] || { echo "the protocols were compared on $compared cells, expected 2"; exit 1; }
# One start served the four protocols, one after the other.
[ "$(grep -c '^== tomcat/platform.*on the same start' target/ci-compare-protocols.log)" -eq 3 ] \
  || { echo "the protocols did not share one start"; grep '^== tomcat' target/ci-compare-protocols.log; exit 1; }
check_cells 8
# The example pipeline of docs/ at smoke size, held to a threshold the run breaks: a baseline run, the run judged
# against it, the documented status and the threshold named; the judged run's report and summary.json hold the deltas;
# and the two finished runs judged again by -Ddiff, measuring nothing, with the threshold that holds: status 0.
echo "== docs/pipeline.sh -Dmode=smoke -Dplans=hello (tomcat) with a threshold the run breaks, then -Ddiff"
status=0
BASELINE= THRESHOLDS='no-flip,p95<0.001ms@hello' DIR=target/ci-pipeline bash docs/pipeline.sh -Dmode=smoke -Dplans=hello \
  -Dservers=tomcat -Dvariants=platform -Ddashboards=false > target/ci-pipeline.out 2>&1 || status=$?
cat target/ci-pipeline.out
named=$(grep -cx '  p95<0.001ms@hello' target/ci-pipeline.out)
[ "$status" -eq 6 ] && [ "$named" -eq 1 ] || { echo "a broken threshold exited $status, named $named times"; exit 1; }
grep -q '^- held: no-flip: ' target/ci-pipeline.out || { echo "no-flip was not held"; exit 1; }
for table in baseline-verdicts baseline-cells; do
  grep -q "<table id=\"$table\">" target/ci-pipeline/latest/report.html || { echo "the judged run's report has no $table"; exit 1; }
done
check_summary target/ci-pipeline/latest "$(($(wc -l < target/ci-pipeline/latest/cells.csv) - 1))" baseline thresholds
first=$(ls target/ci-pipeline | grep '^2' | head -1)
status=0
./mvnw -q -Pcompare -Ddir=target/ci-pipeline -Ddiff="$first" -Dagainst=latest -Dassert=no-flip > target/ci-pipeline-diff.log 2>&1 || status=$?
[ "$status" -eq 0 ] && grep -q '^- held: no-flip: ' target/ci-pipeline-diff.log || { cat target/ci-pipeline-diff.log; echo "-Ddiff exited $status"; exit 1; }
echo "   the pipeline failed on its broken threshold (exit 6, named) with the deltas in the judged run's report; -Ddiff of the two runs held no-flip (exit 0)"
# Ctrl-C (SIGINT to the run's process group, as a terminal sends it) and SIGTERM (to Maven alone) two cells into a run:
# the report of what was measured is written, marked partial, and nothing the run started is left running. A
# background job of a script starts with SIGINT ignored, and a JVM keeps it so: python starts the run in a session of
# its own with SIGINT as a terminal's would be.
stop_midway() {
  local signal=$1 to=$2 dir=target/ci-stopped-$1 pid status started left
  rm -rf "$dir"
  python3 -c 'import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.setsid(); os.execvp(sys.argv[1], sys.argv[1:])' \
    ./mvnw -q -Pcompare -Dmode=smoke -Dplans=entry -Dservers=tomcat -Dvariants=platform -Ddashboards=false -Ddir="$dir" > "$dir.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 240); do grep -q '^\[3/' "$dir.log" && break; kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
  grep -q '^\[3/' "$dir.log" || { cat "$dir.log"; echo "the run did not reach its third cell"; exit 1; }
  started=$( (pgrep -s "$pid"; pgrep -f "postgres.*$PWD/target/pgdata") | sort -u | tr '\n' ' ')
  if [ "$to" = group ]; then kill "-$signal" -- "-$pid"; else kill "-$signal" "$pid"; fi
  status=0; wait "$pid" || status=$?
  left=""
  for _ in $(seq 1 20); do
    left=$(for p in $started; do if kill -0 "$p" 2>/dev/null; then ps -o pid=,args= -p "$p" || true; fi; done)
    [ -z "$left" ] && break; sleep 0.5
  done
  [ -z "$left" ] || { cat "$dir.log"; echo "left running after $signal: $left"; exit 1; }
  grep -q '<p id="partial"' "$dir/latest/report.html" || { cat "$dir.log"; echo "no partial report after $signal"; exit 1; }
  check_summary "$dir/latest" "$(($(wc -l < "$dir/latest/cells.csv") - 1))"
  python3 -c 'import json, sys; s = json.load(open(sys.argv[1])); sys.exit(0 if s["run"]["stopped"] and s["cells"] else "not stopped, or no cell")' \
    "$dir/latest/summary.json" || exit 1
  echo "   SIG$signal to $([ "$to" = group ] && echo "the run's process group" || echo Maven alone): exit $status, a partial report of $(($(wc -l < "$dir/latest/cells.csv") - 1)) cells, nothing left running"
}
echo "== ./mvnw -Pcompare -Dmode=smoke -Dplans=entry (tomcat), stopped two cells in by Ctrl-C, then by SIGTERM"
stop_midway INT group
stop_midway TERM maven
echo "README's first command: every plan ran on every server and the report is sane"
