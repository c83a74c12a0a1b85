#!/usr/bin/env bash
# The runner (./mvnw -Prun) on every server variant, over TLS too: it must serve, prove its thread
# model and limits on /metrics, answer one request per style, and stop cleanly.
source "$(dirname "$0")/env.sh"

runner=""
stop_runner() {
  # The runner's JVM (Maven) stops the server and the database in its shutdown hook. Ctrl-C sends
  # SIGINT, but a background job of a script starts with SIGINT ignored, so CI sends SIGTERM,
  # which runs the same hook.
  [ -n "$runner" ] || return 0
  pkill -TERM -f "classworlds.launcher.Launcher.*-Prun" 2>/dev/null || true
  for _ in $(seq 1 90); do kill -0 "$runner" 2>/dev/null || break; sleep 1; done
  if kill -0 "$runner" 2>/dev/null; then
    echo "the runner did not stop within 90 s"; pkill -KILL -f "classworlds.launcher.Launcher.*-Prun" || true
    runner=""; return 1
  fi
  wait "$runner" 2>/dev/null || true
  runner=""
}
trap stop_runner EXIT

# start_runner ARGS LOG URL [CURL_OPTS...]: ./mvnw -Prun ARGS in the background, until URL/blocking/hello answers.
start_runner() {
  local args=$1 log=$2 url=$3; shift 3
  # shellcheck disable=SC2086
  ./mvnw -Prun $args > "$log" 2>&1 &
  runner=$!
  for _ in $(seq 1 150); do
    if grep -q "^Ctrl-C stops" "$log" && curl -sf "$@" "$url/blocking/hello" >/dev/null; then return 0; fi
    kill -0 "$runner" 2>/dev/null || break
    sleep 2
  done
  echo "./mvnw -Prun $args did not serve $url/blocking/hello"; tail -60 "$log"; exit 1
}

# prove_variant URL THREAD NAME [CURL_OPTS...]: the running server's thread model and limits on /metrics,
# one request per style, and for GlassFish the bounds asadmin reports.
prove_variant() {
  local url=$1 expect_thread=$2 name=$3; shift 3
  local metrics
  metrics=$(curl -sf "$@" "$url/metrics")
  echo "$metrics" | grep -E '^trainyard_(request_thread_virtual|server_|db_pool_)' | sed 's/^/   /'
  local virtual=0; [ "$expect_thread" = virtual ] && virtual=1
  grep -qx "trainyard_request_thread_virtual $virtual" <<<"$metrics" \
    || { echo "expected $expect_thread request threads"; exit 1; }
  [ "$(curl -s "$@" -D - -o /dev/null "$url/blocking/hello" | tr -d '\r' | awk -F': ' 'tolower($1)=="x-trainyard-thread"{print $2}')" = "$expect_thread" ] \
    || { echo "X-Trainyard-Thread is not $expect_thread"; exit 1; }
  for path in "blocking/entry?id=7" "async/entry?id=7" "train/entry?id=7" "async/sleep?ms=10" "blocking/store/c4"; do
    code=$(curl -s "$@" -o /dev/null -w '%{http_code}' "$url/$path")
    [ "$code" = 200 ] || { echo "$path answered $code"; exit 1; }
  done
  if [ "$name" = glassfish-platform ]; then
    # GlassFish shows its bounds to asadmin, not to the WAR: ask the running domain.
    for attr in configs.config.server-config.thread-pools.thread-pool.http-thread-pool.max-thread-pool-size=200 \
                resources.jdbc-connection-pool.trainyard-pool.max-pool-size=20; do
      got=$(target/servers/glassfish7/glassfish/bin/asadmin --user admin --passwordfile target/run/glassfish-platform/admin-password \
        --port 18048 get "${attr%=*}") || got=""
      grep -qx "$attr" <<<"$got" || { echo "GlassFish: expected $attr, asadmin said: $got"; exit 1; }
      echo "   $attr"
    done
  fi
}

# stop_cleanly URL [CURL_OPTS...]: the runner's stop, after which nothing serves.
stop_cleanly() {
  local url=$1; shift
  stop_runner
  if curl -s "$@" -o /dev/null "$url/blocking/hello"; then echo "still serving after the stop"; exit 1; fi
}

base=http://127.0.0.1:18080/trainyard
check_variant() {
  local args=$1 expect_thread=$2 name=$3
  echo "== ./mvnw -Prun $args"
  start_runner "$args" "target/ci-run-$name.log" "$base"
  prove_variant "$base" "$expect_thread" "$name"
  stop_cleanly "$base"
  echo "   served, proved its thread model, stopped cleanly"
}

# Each server over TLS (-Dprotocol=https): it serves with the run's self-signed certificate, proves
# its platform variant on that start (a plain-HTTP start would only repeat it) and stops cleanly. The
# black-box suite over TLS, its raw-socket tests speaking TLS too, runs against each server's image
# (containers.sh), built from the same server-configs.
check_over_tls() {
  local server=$1 https=https://127.0.0.1:18443/trainyard tls=(--cacert target/run/tls/server.pem)
  echo "== ./mvnw -Prun -Dserver=$server -Dprotocol=https"
  start_runner "-Dserver=$server -Dprotocol=https" "target/ci-run-$server-https.log" "$https" "${tls[@]}"
  prove_variant "$https" platform "$server-platform" "${tls[@]}"
  stop_cleanly "$https" "${tls[@]}"
  echo "   served over TLS, proved its thread model, stopped cleanly"
}

# README's ./mvnw -Prun as it stands (Tomcat, platform threads, HTTP), the virtual variants, then
# each server over TLS, its platform variant proved there.
check_variant "" platform tomcat-default
if [ -n "${TRAINYARD_JDK21_HOME:-}" ]; then
  check_variant "-Dserver=tomcat -Dvariant=virtual" virtual tomcat-virtual
  check_variant "-Dserver=jetty -Dvariant=virtual" virtual jetty-virtual
else
  echo "no JDK 21+ on this machine: the virtual variants were not started"
fi
for server in tomcat jetty glassfish; do
  check_over_tls "$server"
done
trap - EXIT
echo "the runner: every server variant served, over TLS too, and stopped cleanly"
