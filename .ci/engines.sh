# Sourced by containers.sh with the stack up: JMeter's remote engines (compose profile
# "distributed"), two against one server, their merged samples checked against the views the
# server added; an engine that is gone and one that dies mid-run; then the comparison against a
# running deployment (target=url, jetty's container) driving its cells through the engines.
echo "   JMeter's remote engines: two against tomcat's container, the merged samples against the views it added"
engine_ports() { ss -ltnH | awk '{ print $4 }' | grep -c ':19[12][0-9][0-9]$' || true; }
start_engines() {
  docker-compose --profile distributed up -d --scale jmeter-engine=2 jmeter-engine > target/ci-engines-up.log 2>&1 \
    || { cat target/ci-engines-up.log; docker-compose --profile distributed logs --tail=30 jmeter-keys jmeter-engine; exit 1; }
  for _ in $(seq 1 60); do [ "$(engine_ports)" -ge 4 ] && break; sleep 1; done
  [ "$(engine_ports)" -ge 4 ] || { echo "two engines did not start"; docker-compose --profile distributed logs --tail=30 jmeter-engine; exit 1; }
  open=$(ss -ltnH | awk '$4 ~ /:19[12][0-9][0-9]$/ && $4 !~ /^(127\.0\.0\.1|\[::ffff:127\.0\.0\.1\]):/')
  [ -z "$open" ] || { echo "an engine listens beyond loopback:"; echo "$open"; exit 1; }
}
# The folder a controller run wrote (its last line names results.jtl), and its successful samples.
run_dir() { echo "target/container-results/$(sed -n 's|^results: /results/\([^/]*\)/results.jtl.*|\1|p' "$1")"; }
successes() { awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next } $col["success"] == "true" { n++ } END { print n + 0 }' "$1/results.jtl"; }
start_engines
before=$(views_sum)
TRAINYARD_TARGET_PORT=18180 JMETER_ARGS="-Jstyle=train -Jusers=8 -Jduration=4" docker-compose --profile distributed run --rm jmeter-controller \
  > target/ci-engines.log 2>&1 || { tail -40 target/ci-engines.log; exit 1; }
added=$(( $(views_sum) - before ))
dir=$(run_dir target/ci-engines.log)
ok=$(successes "$dir")
[ -f "$dir/dashboard/index.html" ] && grep -qx "finished=2" "$dir/engines.txt" && [ "$ok" -gt 0 ] && [ "$ok" = "$added" ] \
  || { echo "two engines: $ok successful samples merged, the server added $added views"; cat "$dir/engines.txt" target/ci-engines.log; exit 1; }
echo "   $(grep '^2 engines' target/ci-engines.log): $ok successful samples merged, the server added $added views; one dashboard"

echo "   an engine that is gone: named, the other's samples kept, the run marked partial"
docker kill "$(docker-compose --profile distributed ps -q jmeter-engine | tail -1)" >/dev/null
set +e
TRAINYARD_TARGET_PORT=18180 JMETER_ARGS="-Jstyle=train -Jusers=4 -Jduration=2" docker-compose --profile distributed run --rm jmeter-controller \
  > target/ci-engines-gone.log 2>&1; code=$?
set -e
dir=$(run_dir target/ci-engines-gone.log)
[ "$code" = 3 ] && grep -q "^engine 127.0.0.1:19[0-9]* did not answer" target/ci-engines-gone.log && [ -e "$dir/PARTIAL" ] \
  && grep -qx "finished=1" "$dir/engines.txt" && [ "$(successes "$dir")" -gt 0 ] && [ -f "$dir/dashboard/index.html" ] \
  || { echo "a gone engine: exit $code"; cat target/ci-engines-gone.log; exit 1; }
echo "   $(grep '^engine ' target/ci-engines-gone.log) (exit 3, $(successes "$dir") samples of the other kept)"

echo "   an engine that dies mid-run: named once the run's bound is up, the samples that arrived kept"
start_engines
before=$(views_sum)
# The bound is the run's seconds and a grace (TRAINYARD_ENGINE_GRACE, 30 s by default) for the engines' last
# samples; an engine on this machine reports within a second or two, so a grace of 10 s names the dead one sooner.
(set +e; TRAINYARD_ENGINE_GRACE=10 TRAINYARD_TARGET_PORT=18180 JMETER_ARGS="-Jstyle=train -Jusers=4 -Jduration=8" \
  docker-compose --profile distributed run --rm jmeter-controller > target/ci-engines-died.log 2>&1; echo $? > target/ci-engines-died.code) &
controller=$!
for _ in $(seq 1 300); do [ "$(views_sum)" -gt $((before + 20)) ] && break; sleep 0.1; done
docker kill "$(docker-compose --profile distributed ps -q jmeter-engine | tail -1)" >/dev/null
wait "$controller"
dir=$(run_dir target/ci-engines-died.log)
[ "$(cat target/ci-engines-died.code)" = 3 ] && grep -q "^engine 127.0.0.1:19[0-9]* did not finish the run" target/ci-engines-died.log \
  && [ -e "$dir/PARTIAL" ] && [ "$(successes "$dir")" -gt 0 ] && [ -f "$dir/dashboard/index.html" ] \
  || { echo "an engine that died: exit $(cat target/ci-engines-died.code)"; cat target/ci-engines-died.log; exit 1; }
echo "   $(grep '^engine ' target/ci-engines-died.log)"

echo "   the comparison against a running deployment on the engines: ./mvnw -Pcompare -Dtarget=url -Dengines=... (jetty's container, smoke size)"
start_engines
rm -rf target/jmeter-rmi
docker cp "$(docker-compose --profile distributed ps -q jmeter-engine | head -1)":/trainyard/target/jmeter-rmi target/
engines=$(cat target/jmeter-rmi/engines/* | paste -sd, -)
before=$(views_sum)
./mvnw -Pcompare -Dmode=smoke -Dtarget=url -Durl=http://127.0.0.1:18181/trainyard -Durl.name=jetty-container \
  -Dplans=sleep,entry -Dengines="$engines" -Dstrict=true > target/ci-compare-url.log 2>&1 || { tail -60 target/ci-compare-url.log; exit 1; }
rm -rf target/jmeter-rmi
grep -q "<li>Target: http://127.0.0.1:18181/trainyard (jetty-container), a deployment this harness did not start" \
  target/compare/latest/report.html || { echo "the report does not name the url target"; exit 1; }
grep -q "JMeter [0-9.]* on 2 remote engines" target/compare/latest/report.html || { echo "the report does not name the engines"; exit 1; }
# Every cell ran against the container, measured (its memory and CPU from the container's /metrics),
# and the container's own database counted at least the views the entry cells were answered for
# (the harness audits a database it started; this one is the container's).
awk -F, -v before="$before" -v after="$(views_sum)" '
  NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
  { cells++
    if ($1 != "jetty-container" || $col["status"] != "ok" || $col["throughput"] <= 0 || $col["resident_peak_mb"] == "" || $col["audit"] != "") {
      print "insane cell: " $0; bad = 1 }
    if ($col["experiment"] == "entry") answered += int($col["requests"] * (1 - $col["error_rate"])) }
  END { if (cells < 4) { print "only " cells " cells"; bad = 1 }
        if (after - before < answered) { print "the container'"'"'s database counted " after - before " views for " answered " answered entries"; bad = 1 }
        if (!bad) printf "   %d cells against jetty-container on 2 engines; its database counted %d views for the %d entries answered in the measured windows\n", cells, after - before, answered
        exit bad }' target/compare/latest/cells.csv || exit 1
docker-compose --profile distributed stop jmeter-engine >/dev/null 2>&1
