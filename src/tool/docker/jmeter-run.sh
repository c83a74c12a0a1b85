#!/bin/sh
# Runs one plan of /plans (jmeter/ mounted) headless against TRAINYARD_TARGET_HOST:PORT, with
# JMETER_ARGS (e.g. "-Jstyle=train -Jusers=50 -Jduration=30") and writes /results/<plan>-<time>/:
# results.jtl and JMeter's dashboard. The plan's own duration bounds the run.
set -e
plan="/plans/$TRAINYARD_PLAN.jmx"
[ -r "$plan" ] || { echo "no plan $plan: TRAINYARD_PLAN is one of $(cd /plans && ls *.jmx | sed 's/.jmx//' | tr '\n' ' ')" >&2; exit 64; }
out="/results/$TRAINYARD_PLAN-$(date +%Y%m%d-%H%M%S)"
mkdir -p "$out"
# shellcheck disable=SC2086
java $JVM_ARGS -jar "$JMETER_HOME/bin/ApacheJMeter.jar" -n -t "$plan" \
  "-Jhost=$TRAINYARD_TARGET_HOST" "-Jport=$TRAINYARD_TARGET_PORT" $JMETER_ARGS \
  -Jjmeter.reportgenerator.temp_dir=/tmp/jmeter-report -j "$out/jmeter.log" -l "$out/results.jtl" -e -o "$out/dashboard"
[ -s "$out/results.jtl" ] && [ -f "$out/dashboard/index.html" ] || { echo "JMeter left no results in $out (see jmeter.log there)" >&2; exit 1; }
echo "results: $out/results.jtl, dashboard: $out/dashboard/index.html"
