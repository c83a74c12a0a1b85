#!/bin/bash
# The jmeter image's three jobs, by its first argument:
#   run (the default)  one plan of /plans (jmeter/ mounted) headless against TRAINYARD_TARGET_HOST:PORT,
#                      with JMETER_ARGS (e.g. "-Jstyle=train -Jusers=50 -Jduration=30"), into
#                      /results/<plan>-<time>/: results.jtl and JMeter's dashboard. With
#                      TRAINYARD_ENGINES (host:port,... or "registered") the plan runs on those
#                      remote engines instead, each with its share of the users, and their samples
#                      are merged into one results.jtl and one dashboard.
#   engine             a remote engine (jmeter-server) on 127.0.0.1 (TRAINYARD_ENGINE_HOST), on the
#                      first free port from TRAINYARD_ENGINE_PORT (19100, two ports each), registered
#                      in target/jmeter-rmi/engines/ while it runs.
#   keys               the keystore that engines and controller share (RMI over TLS, each side
#                      proving itself with it), made once into target/jmeter-rmi with a random
#                      password that stays in its rmi.properties (mode 600), never on a command line.
# target/jmeter-rmi is relative to the working directory, /trainyard, and named so in
# rmi.properties: JMeter hands an engine's keystore path to its controller, which opens its own copy
# there, so a harness in the repository finds the same file under its target/.
# The plan's own duration bounds a run; a distributed one ends at most TRAINYARD_ENGINE_GRACE
# (30) seconds after it, whatever an engine does.
set -euo pipefail
cd /trainyard
rmi=target/jmeter-rmi
# shellcheck disable=SC2206
java=(java $JVM_ARGS)
jar=$JMETER_HOME/bin/ApacheJMeter.jar

keys() {
  if [ -s "$rmi/rmi.properties" ]; then
    echo "RMI keystore: $rmi/rmi_keystore.p12 (kept)"
    return
  fi
  umask 077
  RMI_PASSWORD=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
  export RMI_PASSWORD
  keytool -genkeypair -alias rmi -keyalg RSA -keysize 3072 -validity 365 -dname "CN=trainyard-jmeter-rmi" \
    -storetype PKCS12 -keystore "$rmi/rmi_keystore.p12.new" -storepass:env RMI_PASSWORD -keypass:env RMI_PASSWORD >/dev/null 2>&1
  mv "$rmi/rmi_keystore.p12.new" "$rmi/rmi_keystore.p12"
  {
    for side in keystore truststore; do
      echo "server.rmi.ssl.$side.type=PKCS12"
      echo "server.rmi.ssl.$side.file=$rmi/rmi_keystore.p12"
      echo "server.rmi.ssl.$side.password=$RMI_PASSWORD"
    done
    echo "server.rmi.ssl.keystore.alias=rmi"
  } > "$rmi/rmi.properties.new"
  mv "$rmi/rmi.properties.new" "$rmi/rmi.properties"
  echo "RMI keystore: $rmi/rmi_keystore.p12 (new)"
}

listening() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

engine() {
  [ -s "$rmi/rmi.properties" ] || { echo "no RMI keystore in $rmi: run the keys job first (the jmeter-keys service)" >&2; exit 64; }
  local host=${TRAINYARD_ENGINE_HOST:-127.0.0.1} port=${TRAINYARD_ENGINE_PORT:-19100}
  mkdir -p "$rmi/engines"
  # Engines share the host's network: each takes a port pair of its own under a lock, and
  # forgets registrations of engines that are gone.
  exec 9>"$rmi/engines.lock"
  flock 9
  for entry in "$rmi"/engines/*; do
    [ -e "$entry" ] || continue
    listening "$(cut -d: -f1 "$entry")" "$(basename "$entry")" || rm -f "$entry"
  done
  while [ -e "$rmi/engines/$port" ] || listening "$host" "$port" || listening "$host" $((port + 1)); do
    port=$((port + 2))
  done
  echo "$host:$port" > "$rmi/engines/$port"
  registered=$rmi/engines/$port
  "${java[@]}" "-Djava.rmi.server.hostname=$host" -jar "$jar" -s -q "$rmi/rmi.properties" -j /tmp/engine.log \
    -Jserver_port="$port" -Jserver.rmi.localport=$((port + 1)) &
  engine_pid=$!
  trap 'kill $engine_pid 2>/dev/null; rm -f "$registered"' EXIT TERM INT
  # The lock is held until the engine listens: until then the next one would take its ports for free.
  for _ in $(seq 1 600); do
    listening "$host" "$port" && break
    kill -0 $engine_pid 2>/dev/null || { echo "the engine on $host:$port did not start" >&2; exit 1; }
    sleep 0.1
  done
  flock -u 9
  echo "engine $host:$port"
  wait $engine_pid
}

plan_property() {
  local name=$1 default=$2 arg
  for arg in $JMETER_ARGS; do
    case "$arg" in "-J$name="*) default=${arg#-J"$name"=} ;; esac
  done
  echo "$default"
}

run() {
  local plan="/plans/$TRAINYARD_PLAN.jmx"
  [ -r "$plan" ] || { echo "no plan $plan: TRAINYARD_PLAN is one of $(cd /plans && ls ./*.jmx | sed 's|./||; s/.jmx//' | tr '\n' ' ')" >&2; exit 64; }
  local out
  out="/results/$TRAINYARD_PLAN-$(date +%Y%m%d-%H%M%S)"
  mkdir -p "$out"
  local common=(-n -t "$plan" -Jjmeter.reportgenerator.temp_dir=/tmp/jmeter-report -j "$out/jmeter.log" -l "$out/results.jtl")
  if [ -z "${TRAINYARD_ENGINES:-}" ]; then
    # shellcheck disable=SC2086
    "${java[@]}" -jar "$jar" "${common[@]}" -e -o "$out/dashboard" "-Jhost=$TRAINYARD_TARGET_HOST" "-Jport=$TRAINYARD_TARGET_PORT" $JMETER_ARGS
  else
    distributed "$out" "${common[@]}"
  fi
  [ -s "$out/results.jtl" ] && [ -f "$out/dashboard/index.html" ] || { echo "JMeter left no results in $out (see jmeter.log there)" >&2; exit 1; }
  echo "results: $out/results.jtl, dashboard: $out/dashboard/index.html"
  if [ -e "$out/PARTIAL" ]; then
    exit 3
  fi
}

distributed() {
  local out=$1; shift
  [ -s "$rmi/rmi.properties" ] || { echo "no RMI keystore in $rmi: run the keys job first (the jmeter-keys service)" >&2; exit 64; }
  local engines=$TRAINYARD_ENGINES
  if [ "$engines" = registered ]; then
    engines=$(cat "$rmi"/engines/* 2>/dev/null | paste -sd, -)
    [ -n "$engines" ] || { echo "no engine is registered in $rmi/engines: start some (the jmeter-engine service)" >&2; exit 64; }
  fi
  local count users share duration rampup
  count=$(tr ',' '\n' <<< "$engines" | grep -c .)
  users=$(plan_property users 50)
  share=$(( (users + count - 1) / count ))
  duration=$(plan_property duration 60)
  rampup=$(plan_property rampup 1)
  # The plan's properties go to every engine (-G); each engine runs its share of the users.
  local global=() arg
  for arg in $JMETER_ARGS; do
    case "$arg" in -Jusers=*) ;; -J*) global+=("-G${arg#-J}") ;; *) global+=("$arg") ;; esac
  done
  echo "$count engines ($engines), $share users each: $((share * count)) in all"
  local bound=$((duration + rampup + ${TRAINYARD_ENGINE_GRACE:-30}))
  set +e
  # The engines call back to the controller's address (TRAINYARD_CONTROLLER_HOST) with their samples.
  timeout --kill-after=5 "$bound" "${java[@]}" "-Djava.rmi.server.hostname=${TRAINYARD_CONTROLLER_HOST:-127.0.0.1}" -jar "$jar" "$@" \
    -q "$rmi/rmi.properties" -R "$engines" -Jclient.continue_on_fail=true -Jclient.tries=1 \
    "-Ghost=$TRAINYARD_TARGET_HOST" "-Gport=$TRAINYARD_TARGET_PORT" "-Gusers=$share" "${global[@]}" 2>&1 | tee "$out/controller.log"
  local code=${PIPESTATUS[0]}
  set -e
  # Which engines ran to the end: the controller logs each one's finish.
  local missing=() engine
  for engine in ${engines//,/ }; do
    grep -q "Finished remote host: $engine " "$out/controller.log" || missing+=("$engine")
  done
  {
    echo "engines=$engines"
    echo "users_per_engine=$share"
    echo "finished=$((count - ${#missing[@]}))"
    echo "missing=$(IFS=,; echo "${missing[*]}")"
  } > "$out/engines.txt"
  for engine in "${missing[@]}"; do
    if grep -q "Failed to configure $engine" "$out/controller.log"; then
      echo "engine $engine did not answer: its share of the users never ran" >&2
    else
      echo "engine $engine did not finish the run (it died or stopped answering): its last samples are missing" >&2
    fi
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "partial: the results of $((count - ${#missing[@]})) of $count engines (see $out/engines.txt)" >&2
    touch "$out/PARTIAL"
  elif [ $code != 0 ]; then
    echo "the controller failed (exit $code): see $out/controller.log" >&2
    exit 1
  fi
  # One dashboard of the merged samples (built here: a controller stopped at its bound built none).
  [ ! -s "$out/results.jtl" ] || "${java[@]}" -jar "$jar" -g "$out/results.jtl" -o "$out/dashboard" \
    -Jjmeter.reportgenerator.temp_dir=/tmp/jmeter-report > "$out/report.log" 2>&1
}

case "${1:-run}" in
  run) run ;;
  engine) engine ;;
  keys) keys ;;
  *) echo "usage: trainyard-jmeter [run|engine|keys]" >&2; exit 64 ;;
esac
