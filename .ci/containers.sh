#!/usr/bin/env bash
# The images and the compose stack, built on a local base (this machine reaches no registry).
source "$(dirname "$0")/env.sh"

# ---------------------------------------------------------------------------------------------
# Containers: lint the Dockerfiles, validate the compose file, build every image on a local base
# (this machine reaches no registry), bring the stack up with host networking, prove each server
# serves every style from its container as a non-root user, run the comparison against a running
# container (target=url, its cells on JMeter's remote engines: engines.sh) and against the images
# one container at a time (target=containers),
# switch the variant at run time, run the black-box suite against each image (images-suite.sh),
# restart the database container and find the data intact, run the jmeter service, show that a
# new WAR rebuilds one layer, answer a request in flight at a stop, and clean up everything started
# here. JMeter's remote engines have a file of their own (engines.sh).
echo "== containers"
missing=""
command -v docker >/dev/null || missing="$missing docker.io"
command -v docker-compose >/dev/null || missing="$missing docker-compose"
command -v debootstrap >/dev/null || missing="$missing debootstrap"
command -v npm >/dev/null || missing="$missing npm"
if [ -n "$missing" ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null; fi

echo "   lint (dockerfile-utils) and compose validation"
lint_dir=target/ci-lint
mkdir -p "$lint_dir"
# Node trusts only the CAs built into it: where the network re-signs TLS (as this sandbox's does),
# npm fails with SELF_SIGNED_CERT_IN_CHAIN unless it is given the system's bundle, which holds them.
[ -n "${NODE_EXTRA_CA_CERTS:-}" ] || [ ! -r /etc/ssl/certs/ca-certificates.crt ] \
  || export NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
[ -x "$lint_dir/node_modules/.bin/dockerfile-utils" ] \
  || npm install --no-audit --no-fund --prefix "$lint_dir" dockerfile-utils@0.16.3 > target/ci-npm.log 2>&1 \
  || { tail -20 target/ci-npm.log; echo "npm could not install dockerfile-utils"; exit 1; }
dockerfiles="server-configs/tomcat/Dockerfile server-configs/jetty/Dockerfile server-configs/glassfish/Dockerfile src/tool/docker/seed.Dockerfile src/tool/docker/jmeter.Dockerfile"
for f in $dockerfiles; do
  findings=$("$lint_dir/node_modules/.bin/dockerfile-utils" lint "$f")
  [ -z "$findings" ] || { echo "$f:"; echo "$findings"; exit 1; }
  grep -q '^ARG BASE_IMAGE=' "$f" && grep -q '^USER ' "$f" || { echo "$f: needs ARG BASE_IMAGE and a non-root USER"; exit 1; }
done
if docker-compose -f docker-compose.yml config -q 2>/dev/null; then
  echo "docker-compose.yml accepted a missing TRAINYARD_DB_PASSWORD"; exit 1
fi
TRAINYARD_DB_PASSWORD=validation-only docker-compose -f docker-compose.yml config -q

# A Docker engine of this run's own, without the networking this sandbox lacks; its data
# directory survives between runs on one machine, so the base images are built once.
docker_root=/var/lib/trainyard-ci-docker
mkdir -p "$docker_root/data" "$docker_root/exec"
export DOCKER_HOST="unix://$docker_root/docker.sock"
dockerd --data-root "$docker_root/data" --exec-root "$docker_root/exec" -H "$DOCKER_HOST" --pidfile "$docker_root/dockerd.pid" \
  --iptables=false --ip6tables=false --bridge=none --ip-forward=false --ip-masq=false --storage-driver=overlay2 \
  > target/ci-dockerd.log 2>&1 &
dockerd_pid=$!
export TRAINYARD_DB_PASSWORD
TRAINYARD_DB_PASSWORD=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
export TRAINYARD_JRE21_IMAGE=trainyard-ci/base:jre21 TRAINYARD_JRE17_IMAGE=trainyard-ci/base:jre17 \
  TRAINYARD_POSTGRES_IMAGE=trainyard-ci/postgres
stop_containers() {
  docker-compose --profile load --profile distributed down -v --remove-orphans >/dev/null 2>&1 || true
  kill "$dockerd_pid" 2>/dev/null || true
  for _ in $(seq 1 30); do kill -0 "$dockerd_pid" 2>/dev/null || break; sleep 1; done
}
trap stop_containers EXIT
for _ in $(seq 1 30); do docker info >/dev/null 2>&1 && break; sleep 1; done
docker info >/dev/null 2>&1 || { tail -30 target/ci-dockerd.log; exit 1; }

# Base images like the public eclipse-temurin ones (a JRE in /opt/java/openjdk) on a minimal
# Debian, and a stand-in for the official postgres image (same environment and data directory).
work=target/ci-images
mkdir -p "$work"
if ! docker image inspect trainyard-ci/debian >/dev/null 2>&1; then
  echo "   building the base images (debootstrap, jlink)"
  rm -rf "$work/rootfs"
  debootstrap --variant=minbase bookworm "$work/rootfs" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 \
    || { tail -20 "$work/debootstrap.log"; exit 1; }
  tar -C "$work/rootfs" -c . | docker import - trainyard-ci/debian >/dev/null
  rm -rf "$work/rootfs"
fi
base_image() {
  local tag=$1 jdk=$2
  docker image inspect "$tag" >/dev/null 2>&1 && return 0
  rm -rf "$work/$tag" && mkdir -p "$work/$tag"
  "$jdk/bin/jlink" --add-modules java.se,jdk.unsupported,jdk.zipfs,jdk.naming.dns,jdk.crypto.cryptoki,jdk.management,jdk.localedata,jdk.net,jdk.management.agent \
    --strip-debug --no-header-files --no-man-pages --output "$work/$tag/jre"
  cp .ci/images/jre/Dockerfile "$work/$tag/Dockerfile"
  docker build -q -t "$tag" "$work/$tag" >"$work/$tag.log" 2>&1 || { cat "$work/$tag.log"; exit 1; }
}
base_image "$TRAINYARD_JRE21_IMAGE" "${TRAINYARD_JDK21_HOME:-$JAVA_HOME}"
base_image "$TRAINYARD_JRE17_IMAGE" "$JAVA_HOME"
if ! docker image inspect "$TRAINYARD_POSTGRES_IMAGE" >/dev/null 2>&1; then
  docker build -q --network=host -t "$TRAINYARD_POSTGRES_IMAGE" .ci/images/postgres >"$work/postgres.log" 2>&1 \
    || { cat "$work/postgres.log"; exit 1; }
fi

echo "   ./mvnw -Pimages; docker-compose build"
./mvnw -Pimages -q
start=$(date +%s)
docker-compose --profile load build > target/ci-compose-build.log 2>&1 || { tail -40 target/ci-compose-build.log; exit 1; }
echo "   images built in $(( $(date +%s) - start )) s"

wait_healthy() {
  for _ in $(seq 1 120); do
    local unhealthy=""
    for s in tomcat jetty glassfish; do
      [ "$(docker inspect -f '{{.State.Health.Status}}' "$(docker-compose ps -q $s)" 2>/dev/null)" = healthy ] || unhealthy="$unhealthy $s"
    done
    [ -z "$unhealthy" ] && return 0
    sleep 2
  done
  echo "not healthy:$unhealthy"; docker-compose logs --tail=40; exit 1
}
check_container() {
  local service=$1 port=$2 thread=$3
  [ "$(docker-compose exec -T "$service" id -u | tr -d '\r')" != 0 ] || { echo "$service runs as root"; exit 1; }
  for path in blocking/hello "blocking/entry?id=11" "async/entry?id=11" "train/entry?id=11" "async/sleep?ms=10" "blocking/store/c4" \
              "async/r2dbc/store/c4"; do
    code=$(curl -s -m 30 -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/trainyard/$path")
    [ "$code" = 200 ] || { echo "$service: /trainyard/$path answered $code"; docker-compose logs --tail=40 "$service"; exit 1; }
  done
  [ "$(curl -s -D - -o /dev/null "http://127.0.0.1:$port/trainyard/blocking/hello" | tr -d '\r' | awk -F': ' 'tolower($1)=="x-trainyard-thread"{print $2}')" = "$thread" ] \
    || { echo "$service: expected $thread request threads"; exit 1; }
  echo "   $service (127.0.0.1:$port): every style answered (R2DBC too: the database password reached its pool), $thread threads, not root"
}
# HTTPS from compose's secrets: the certificate ./mvnw -Pimages made (the only one curl trusts),
# HTTP/2 negotiated by ALPN, and the WAR's /metrics reading the certificate's end on that port.
check_https() {
  local service=$1 port=$2 answer
  answer=$(curl -s -m 30 --cacert target/tls/trainyard.pem --http2 -o /dev/null -w '%{http_version} %{http_code}' \
    "https://127.0.0.1:$port/trainyard/train/entry?id=11") || true
  [ "$answer" = "2 200" ] || { echo "$service: https://127.0.0.1:$port answered '$answer'"; docker-compose logs --tail=40 "$service"; exit 1; }
  grep -q "^trainyard_tls_certificate_days_left{port=\"$port\"} [0-9]" <<<"$(curl -s "http://127.0.0.1:$3/trainyard/metrics")" \
    || { echo "$service: /metrics has no certificate end for port $port"; exit 1; }
  echo "   $service (https://127.0.0.1:$port): HTTP/2 by ALPN, the certificate from compose's secrets, its end on /metrics"
}
mkdir -p target/container-results && chmod 1777 target/container-results
# The stack comes up once, as the black-box suite needs it (images-suite.sh): the suite's settings (small
# pools, short timeouts) through each server's environment, and Tomcat and Jetty on the virtual variant
# chosen at run time (TRAINYARD_VARIANT); every check after the suite holds on those settings too. The
# images' platform default is the container target's below, which starts them without the variant.
suite_opts="$(grep -v '^#' src/test/resources/it-settings.properties | grep . | sed 's/^/-D/' | tr '\n' ' ')-XX:MaxRAMPercentage=75"
virtual=platform
[ -z "${TRAINYARD_JDK21_HOME:-}" ] || virtual=virtual
# Exported: a later docker-compose up (the engines') must not see another configuration and recreate them.
export TRAINYARD_VARIANT=$virtual TRAINYARD_JAVA_OPTS="$suite_opts"
docker-compose up -d >/dev/null 2>&1 || { docker-compose logs --tail=40; exit 1; }
wait_healthy
check_container tomcat 18180 "$virtual"
check_container jetty 18181 "$virtual"
check_container glassfish 18280 platform
check_https tomcat 18190 18180
check_https jetty 18191 18181
check_https glassfish 18281 18280
# A keystore its password does not open stops the container at once, in one line (Tomcat alone would log
# it and end with status 0).
bad_tls=target/ci-bad-tls
rm -rf "$bad_tls" && mkdir -p "$bad_tls" && cp target/tls/trainyard.p12 "$bad_tls/" && printf wrong > "$bad_tls/password"
chmod 444 "$bad_tls"/*
set +e
timeout 60 docker run --rm --network host -e TRAINYARD_DB_URL=jdbc:postgresql://127.0.0.1:18532/trainyard \
  -e TRAINYARD_HTTP_PORT=18390 -e TRAINYARD_HTTP_ADDRESS=127.0.0.1 -e TRAINYARD_HTTPS_PORT=18391 \
  -v "$PWD/$bad_tls/trainyard.p12:/run/secrets/tls-keystore:ro" -v "$PWD/$bad_tls/password:/run/secrets/tls-keystore-password:ro" \
  trainyard/tomcat > "$bad_tls/tomcat.log" 2>&1; code=$?
set -e
[ "$code" = 64 ] && [ "$(cat "$bad_tls/tomcat.log")" = "HTTPS: the password in /run/secrets/tls-keystore-password does not open the PKCS12 keystore /run/secrets/tls-keystore: keytool error: java.io.IOException: keystore password was incorrect" ] \
  || { echo "a wrong keystore password: exit $code"; cat "$bad_tls/tomcat.log"; exit 1; }
echo "   a wrong keystore password: the container stopped at once (exit 64): $(cat "$bad_tls/tomcat.log")"

echo "   nothing exposed: loopback listeners, the admin port locked, the passwords in no ps, log or image"
# Host networking: the containers' sockets and processes are the host's.
open=$(ss -ltnpH | awk '$4 !~ /^(127\.0\.0\.1|\[::1\]|\[::ffff:127\.0\.0\.1\]):/ && /"(java|postgres)"/')
[ -z "$open" ] || { echo "listening beyond loopback:"; echo "$open"; exit 1; }
admin=$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:18248/management/domain/version)
[ "$admin" = 401 ] || { echo "glassfish's admin REST answered $admin without credentials"; exit 1; }
for secret in "$TRAINYARD_DB_PASSWORD" "$(cat target/tls/keystore.password)"; do
  if ps -eo args | grep -F -- "$secret" | grep -v grep \
     || docker-compose logs 2>&1 | grep -F -- "$secret" \
     || for s in tomcat jetty glassfish; do docker history --no-trunc "$(docker-compose images -q $s)"; done | grep -F -- "$secret"; then
    echo "a password leaked (the database's or the keystore's)"; exit 1
  fi
done

views_sum() { docker-compose exec -T postgres psql -p 18532 -U trainyard -d trainyard -tAc "select sum(views) from trentry" | tr -d '\r '; }

# The virtual variant chosen at run time (TRAINYARD_VARIANT): the suite reads tomcat/virtual and
# jetty/virtual on their /metrics and holds every thread-kind check to it.
source .ci/images-suite.sh

echo "   the database survives a restart of its container"
psql_count() { docker-compose exec -T postgres psql -p 18532 -U trainyard -d trainyard -tAc "$1" | tr -d '\r '; }
rows=$(psql_count "select count(*) from trentry"); views=$(psql_count "select views from trentry where id = 11")
docker-compose restart postgres >/dev/null 2>&1
for _ in $(seq 1 60); do docker-compose exec -T postgres pg_isready -h 127.0.0.1 -p 18532 >/dev/null 2>&1 && break; sleep 1; done
[ "$(psql_count "select count(*) from trentry")" = "$rows" ] && [ "$(psql_count "select views from trentry where id = 11")" = "$views" ] \
  || { echo "the data changed across the restart"; exit 1; }
for _ in $(seq 1 30); do [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:18180/trainyard/blocking/entry?id=11")" = 200 ] && break; sleep 1; done
[ "$(psql_count "select views from trentry where id = 11")" = $((views + 1)) ] || { echo "tomcat did not recover after the database restart"; exit 1; }
echo "   $rows rows and row 11's $views views intact; tomcat wrote again after the restart"

echo "   the jmeter service"
TRAINYARD_TARGET_PORT=18181 JMETER_ARGS="-Jstyle=train -Jusers=5 -Jduration=3" docker-compose --profile load run --rm jmeter \
  > target/ci-jmeter.log 2>&1 || { tail -30 target/ci-jmeter.log; exit 1; }
ls target/container-results/entry-*/dashboard/index.html >/dev/null || { echo "no dashboard from the jmeter service"; exit 1; }
source .ci/engines.sh

echo "   a new WAR rebuilds one layer"
./mvnw -q package -DskipTests -Dmaven.test.skip.exec=true
start=$(date +%s)
docker-compose build tomcat > target/ci-rebuild.log 2>&1
steps=$(grep -c '^Step ' target/ci-rebuild.log); cached=$(grep -c 'Using cache' target/ci-rebuild.log)
echo "   tomcat rebuilt in $(( $(date +%s) - start )) s: $cached of $((steps - 2)) layer steps from cache"
[ "$cached" -ge $((steps - 4)) ] || { echo "a new WAR rebuilt more than its layer"; cat target/ci-rebuild.log; exit 1; }

echo "   docker stop with a request in flight"
for service in tomcat:18180 jetty:18181 glassfish:18280; do
  name=${service%:*} port=${service#*:}
  answer=$(mktemp)
  # Inside the suite's async timeout (2 s) and its stop's grace (2 s) once the stop comes.
  curl -s -m 30 -o "$answer" -w '%{http_code}' "http://127.0.0.1:$port/trainyard/async/offload/sleep?ms=1500" > "$answer.code" &
  in_flight=$!
  for _ in $(seq 1 100); do
    grep -q '^trainyard_async_open_requests [1-9]' <<<"$(curl -s "http://127.0.0.1:$port/trainyard/metrics")" && break; sleep 0.1
  done
  start=$(date +%s%N)
  docker-compose stop "$name" >/dev/null 2>&1
  took=$(( ($(date +%s%N) - start) / 1000000 ))
  wait "$in_flight" || true
  [ "$(cat "$answer.code")" = 200 ] && grep -q '"slept":1500' "$answer" \
    || { echo "$name: the request in flight got $(cat "$answer.code") $(cat "$answer")"; docker-compose logs --tail=40 "$name"; exit 1; }
  [ "$took" -lt 20000 ] || { echo "$name took $took ms to stop"; exit 1; }
  echo "   $name: the request in flight was answered 200, the container stopped in $took ms"
  rm -f "$answer" "$answer.code"
done

# Tomcat's and Jetty's images on platform threads, their default, at the contended load: the virtual
# variant's switch is the stack's above. The container target is the same code for every image (docker run with a cpuset and a memory
# limit, ready on /health, the control group's memory read); GlassFish's image, the slowest to start, meets
# compose's health check and its image suite above, and CI's budget leaves its footprint out here.
echo "   the comparison against the images: ./mvnw -Pcompare -Dtarget=containers (smoke size, one container at a time)"
./mvnw -Pcompare -Dmode=smoke -Dtarget=containers -Dservers=tomcat,jetty -Dplans=entry -Dusers=20 -Dvariants=platform -Dstrict=true \
  > target/ci-compare-containers.log 2>&1 || { tail -60 target/ci-compare-containers.log; exit 1; }
report=target/compare/latest/report.html
grep -q "<li>Target: containers, one at a time" "$report" || { echo "the report does not name the containers target"; exit 1; }
for variant in tomcat/platform jetty/platform; do
  grep -q "<li>$variant: container of trainyard/${variant%/*} ([0-9]* MiB), cpuset 0, memory limit 1536m, healthy [0-9.]* s after docker run, its control group's memory peak [0-9]* MiB; ready [0-9.]* s after docker run; idle [0-9]* MiB resident" "$report" \
    || { echo "no container footprint for $variant"; grep -o "<li>$variant: [^<]*" "$report"; exit 1; }
done
grep -o "<li>[a-z]*/[a-z]*: container of [^<]*" "$report" | sed 's/^<li>/   /'
for variant in tomcat/platform jetty/platform; do
  grep -q "<li>$variant: Java [0-9.]*, requests on platform threads" "$report" || { echo "$variant's image did not serve on platform threads"; exit 1; }
done
[ -z "$(docker ps -aq --filter name=trainyard-compare-)" ] || { echo "containers left behind:"; docker ps -a; exit 1; }
echo "   bad input: a missing image, a container that cannot start"
set +e
./mvnw -q -Pcompare -Dmode=smoke -Dtarget=containers -Dimages=trainyard-missing > target/ci-compare-missing.log 2>&1; code=$?
set -e
[ "$code" != 0 ] && grep -q "^compare: no image trainyard-missing/" target/ci-compare-missing.log && ! grep -q "at dev.trainyard" target/ci-compare-missing.log \
  || { echo "a missing image: exit $code"; cat target/ci-compare-missing.log; exit 1; }
set +e
./mvnw -q -Pcompare -Dmode=smoke -Dtarget=containers -Dservers=jetty -Dvariants=platform -Dcontainer.memory=16m \
  > target/ci-compare-starved.log 2>&1; code=$?
set -e
[ "$code" != 0 ] && grep -q "^compare: jetty/platform did not start: container trainyard-compare-jetty-platform" target/ci-compare-starved.log \
  && ! grep -q "at dev.trainyard" target/ci-compare-starved.log || { echo "a container that cannot start: exit $code"; cat target/ci-compare-starved.log; exit 1; }
[ -z "$(docker ps -aq --filter name=trainyard-compare-)" ] || { echo "a failed start left its container:"; docker ps -a; exit 1; }
echo "   both refused in one line (exit $code for the start), nothing left running"
# Each build leaves the previous images untagged; the engine's data outlives the run, so drop them.
docker image prune --force >/dev/null

stop_containers
trap - EXIT
echo "containers: built, served every style as non-root, survived a database restart, answered in-flight work at a stop, cleaned up"
