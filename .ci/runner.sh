#!/usr/bin/env bash
# The runner on every server variant: it must serve, prove its thread model and limits on
# /metrics, answer one request per style, and stop cleanly.
source "$(dirname "$0")/env.sh"

# The runner, the README's first command, on every server variant: it must serve, prove its thread
# model and limits on /metrics, answer one request per style, and stop cleanly.
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

base=http://127.0.0.1:18080/trainyard
check_variant() {
  local args=$1 expect_thread=$2 log="target/ci-run-${3}.log"
  echo "== ./mvnw -Prun $args"
  # shellcheck disable=SC2086
  ./mvnw -Prun $args > "$log" 2>&1 &
  runner=$!
  local ok=""
  for _ in $(seq 1 150); do
    if curl -sf "$base/blocking/hello" >/dev/null; then ok=yes; break; fi
    kill -0 "$runner" 2>/dev/null || break
    sleep 2
  done
  if [ -z "$ok" ]; then echo "./mvnw -Prun $args did not serve /trainyard/blocking/hello"; tail -60 "$log"; exit 1; fi
  local metrics
  metrics=$(curl -sf "$base/metrics")
  echo "$metrics" | grep -E '^trainyard_(request_thread_virtual|server_|db_pool_)' | sed 's/^/   /'
  local virtual=0; [ "$expect_thread" = virtual ] && virtual=1
  grep -qx "trainyard_request_thread_virtual $virtual" <<<"$metrics" \
    || { echo "expected $expect_thread request threads"; exit 1; }
  [ "$(curl -s -D - -o /dev/null "$base/blocking/hello" | tr -d '\r' | awk -F': ' 'tolower($1)=="x-trainyard-thread"{print $2}')" = "$expect_thread" ] \
    || { echo "X-Trainyard-Thread is not $expect_thread"; exit 1; }
  for path in "blocking/entry?id=7" "async/entry?id=7" "train/entry?id=7" "async/sleep?ms=10" "blocking/store/c4"; do
    code=$(curl -s -o /dev/null -w '%{http_code}' "$base/$path")
    [ "$code" = 200 ] || { echo "$path answered $code"; exit 1; }
  done
  if [ "$3" = glassfish-platform ]; then
    # GlassFish shows its bounds to asadmin, not to the WAR: ask the running domain.
    for attr in configs.config.server-config.thread-pools.thread-pool.http-thread-pool.max-thread-pool-size=200 \
                resources.jdbc-connection-pool.trainyard-pool.max-pool-size=20; do
      got=$(target/servers/glassfish7/glassfish/bin/asadmin --user admin --passwordfile target/run/glassfish-platform/admin-password \
        --port 18048 get "${attr%=*}") || got=""
      grep -qx "$attr" <<<"$got" || { echo "GlassFish: expected $attr, asadmin said: $got"; exit 1; }
      echo "   $attr"
    done
  fi
  stop_runner
  if curl -s -o /dev/null "$base/blocking/hello"; then echo "still serving after the stop"; exit 1; fi
  echo "   served, proved its thread model, stopped cleanly"
}

# The black-box suite over TLS: each server started by the runner with its HTTPS listener, the
# suite pointed at its https URL (./mvnw verify -Dit.url=https://...), trusting only the run's
# self-signed certificate; its raw-socket tests speak TLS too.
suite_over_tls() {
  local server=$1 log="target/ci-run-$1-https.log" dir=target/it-tls https=https://127.0.0.1:18443/trainyard
  echo "== ./mvnw -Prun -Dserver=$server -Dprotocol=https, then ./mvnw verify -Dit.url=$https -Dit.destructive=true"
  ./mvnw -Prun -Dserver="$server" -Dprotocol=https > "$log" 2>&1 &
  runner=$!
  local ok=""
  for _ in $(seq 1 150); do
    if grep -q "^Ctrl-C stops" "$log" && curl -sf --cacert target/run/tls/server.pem "$https/blocking/hello" >/dev/null; then ok=yes; break; fi
    kill -0 "$runner" 2>/dev/null || break
    sleep 2
  done
  [ -n "$ok" ] || { echo "./mvnw -Prun -Dserver=$server -Dprotocol=https did not serve $https/blocking/hello"; tail -60 "$log"; exit 1; }
  # A trust store holds only a public certificate: its password guards its integrity, not a secret.
  rm -rf "$dir" && mkdir -p "$dir"
  keytool -importcert -noprompt -alias trainyard -file target/run/tls/server.pem -keystore "$dir/trust.p12" \
    -storetype PKCS12 -storepass trust-only > /dev/null 2>&1
  # The runner's own database (the password from the file it names) and the log it names.
  local server_log pgpass
  server_log=$(sed -n 's/^Its log: //p' "$log")
  pgpass=$(sed -n 's/^Its database: .*, the password in \(.*\) (PGPASSFILE for psql)$/\1/p' "$log")
  [ -f "$server_log" ] && [ -f "$pgpass" ] || { echo "the runner named no log or password file: '$server_log' '$pgpass'"; exit 1; }
  TRAINYARD_DB_PASSWORD="$(cut -d: -f5- "$pgpass")" ./mvnw verify -Dit.url="$https" -Dit.destructive=true \
    -Dtrainyard.db.url=jdbc:postgresql://127.0.0.1:18432/trainyard -Dtrainyard.db.user=trainyard -Dit.log="$server_log" \
    -Djavax.net.ssl.trustStore="$PWD/$dir/trust.p12" -Djavax.net.ssl.trustStorePassword=trust-only > "$dir/$server.mvn.log" 2>&1 \
    || { tail -80 "$dir/$server.mvn.log"; exit 1; }
  grep -q "^The suite against $https: $server/platform; tests that change data or overload it: on; its database: jdbc:postgresql://127.0.0.1:18432/trainyard" \
    "$dir/$server.mvn.log" \
    || { echo "$server: the suite did not see the deployment over TLS"; grep "^The suite" "$dir/$server.mvn.log"; exit 1; }
  echo "   $server over TLS: $(grep -h "Tests run:" "$dir/$server.mvn.log" | tail -1 | sed 's/^\[[A-Z]*\] //')"
  stop_runner
}

check_variant "" platform tomcat-default
check_variant "-Dserver=jetty" platform jetty-platform
check_variant "-Dserver=glassfish" platform glassfish-platform
if [ -n "${TRAINYARD_JDK21_HOME:-}" ]; then
  check_variant "-Dserver=tomcat -Dvariant=virtual" virtual tomcat-virtual
  check_variant "-Dserver=jetty -Dvariant=virtual" virtual jetty-virtual
else
  echo "no JDK 21+ on this machine: the virtual variants were not started"
fi
for server in tomcat jetty glassfish; do
  suite_over_tls "$server"
done
trap - EXIT
echo "the runner: every server variant served and stopped cleanly; the suite passed over TLS on each server"
