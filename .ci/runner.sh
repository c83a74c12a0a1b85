#!/usr/bin/env bash
# The runner (./mvnw -Prun) as README gives it and on a tuned virtual variant over TLS: it must serve,
# prove its thread model and limits on /metrics, answer one request per style, and stop cleanly.
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

# prove_variant URL THREAD ARGS [CURL_OPTS...]: the running server's thread model and limits on /metrics (the tuning
# ARGS gave, the certificate's end over TLS and none without), one request per style.
prove_variant() {
  local url=$1 expect_thread=$2 args=$3; shift 3
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
  if [[ " $args " == *" -Dthreads=50 -Dpool=40 "* ]]; then
    grep -Eq '^trainyard_server_request_threads_max\{[^}]*\} 50$' <<<"$metrics" && grep -qx 'trainyard_db_pool_max_connections 40' <<<"$metrics" \
      || { echo "the tuning (-Dthreads=50 -Dpool=40) is not what /metrics reports"; exit 1; }
  fi
  if [[ " $args " == *" -Dprotocol=https "* ]]; then
    grep -q '^trainyard_tls_certificate_days_left{port="18443"} [0-9]' <<<"$metrics" || { echo "no certificate end on /metrics over TLS"; exit 1; }
  else
    ! grep -q '^trainyard_tls_certificate' <<<"$metrics" || { echo "a certificate on /metrics without TLS"; exit 1; }
  fi
}

# stop_cleanly URL [CURL_OPTS...]: the runner's stop, after which nothing serves.
stop_cleanly() {
  local url=$1; shift
  stop_runner
  if curl -s "$@" -o /dev/null "$url/blocking/hello"; then echo "still serving after the stop"; exit 1; fi
}

# check_variant ARGS THREAD NAME: ./mvnw -Prun ARGS serves (over TLS when ARGS say -Dprotocol=https, with the
# run's self-signed certificate), proves its thread model and limits, and stops cleanly.
check_variant() {
  local args=$1 expect_thread=$2 name=$3 url=http://127.0.0.1:18080/trainyard tls=()
  if [[ " $args " == *" -Dprotocol=https "* ]]; then url=https://127.0.0.1:18443/trainyard tls=(--cacert target/run/tls/server.pem); fi
  echo "== ./mvnw -Prun $args"
  start_runner "$args" "target/ci-run-$name.log" "$url" "${tls[@]}"
  prove_variant "$url" "$expect_thread" "$args" "${tls[@]}"
  stop_cleanly "$url" "${tls[@]}"
  echo "   served${tls:+ over TLS}, proved its thread model, stopped cleanly"
}

# README's ./mvnw -Prun as it stands (Tomcat, platform threads, HTTP), and a virtual variant over TLS,
# tuned. Every server's platform variant is started the runner's way, over TLS and tuned, by the
# suite (RunnerIT: GlassFish's bounds as asadmin reports them) and by the comparison (compare.sh,
# through the same Maven execution as -Prun). The black-box suite over TLS, its raw-socket tests
# speaking TLS too, runs against each server's image (containers.sh), built from the same
# server-configs. Tomcat's virtual variant is started the runner's way by compare.sh's thread-model
# run (its virtual threads held and recorded) and meets every style in Tomcat's image suite.
check_variant "" platform tomcat-default
if [ -n "${TRAINYARD_JDK21_HOME:-}" ]; then
  check_variant "-Dserver=jetty -Dvariant=virtual -Dprotocol=https -Dthreads=50 -Dpool=40" virtual jetty-virtual
else
  echo "no JDK 21+ on this machine: the virtual variants were not started"
  check_variant "-Dserver=jetty -Dprotocol=https -Dthreads=50 -Dpool=40" platform jetty-platform
fi
trap - EXIT
echo "the runner: README's command and a tuned variant over TLS served, proved their thread model and stopped cleanly"
