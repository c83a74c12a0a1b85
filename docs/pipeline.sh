#!/usr/bin/env bash
# Trainyard in a team's pipeline: the run under test judged against a baseline run, failing the
# pipeline on a threshold it breaks, each named. Run from anywhere; every argument is passed to
# both runs (e.g. -Dmode=smoke -Dservers=tomcat -Dplans=entry).
#   BASELINE    a run's folder or summary.json to judge against (unset: a baseline run is made first)
#   THRESHOLDS  what the run must keep (default: no-flip,errors<1%), as -Dassert takes them
#   DIR         where the runs' folders go (default: target/pipeline)
# Exit status: the comparison's own (docs/options.md): 0 kept every threshold, 5 a rule against the
# baseline broken, 6 a threshold on the run's figures broken, 2 bad input, 3 a cell failed, 4 a server lost.
set -u
cd "$(dirname "$0")/.."
dir=${DIR:-target/pipeline}
thresholds=${THRESHOLDS:-no-flip,errors<1%}
baseline=${BASELINE:-}
if [ -z "$baseline" ]; then
  echo "== the baseline run"
  ./mvnw -q -Pcompare -Ddir="$dir" -Dstrict=true "$@" > "$dir.baseline.log" 2>&1 || {
    status=$?; tail -40 "$dir.baseline.log"; echo "the baseline run failed (exit $status)"; exit $status; }
  baseline="$dir/$(readlink "$dir/latest")"
fi
echo "== the run under test, against $baseline, keeping $thresholds"
./mvnw -q -Pcompare -Ddir="$dir" -Dstrict=true -Dbaseline="$baseline" -Dassert="$thresholds" "$@" > "$dir.log" 2>&1
status=$?
sed -n '/^Against the baseline/,$p' "$dir.log" | grep -v '^\[' | head -60
case $status in
  0) echo "passed: every threshold kept ($dir/latest/report.html)" ;;
  5 | 6) echo "failed (exit $status), broken:"; grep -o '^- BROKEN: [^:]*' "$dir/latest/summary.txt" | sed 's/^- BROKEN: /  /' ;;
  *) tail -40 "$dir.log"; echo "failed (exit $status): see docs/options.md" ;;
esac
exit $status
