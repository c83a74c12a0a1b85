# The black-box suite against each server's image (./mvnw verify -Dit.url=... -Dit.destructive=true),
# then its refusals; sourced by containers.sh once the stack is up and checked. Tomcat's and Jetty's images
# run their virtual variant here: the process runs in tests.sh (./mvnw verify) hold the platform
# variants' whole suite and, on the virtual ones, what needs the suite's own database (a stop, a
# pause, a kill). Tomcat's image meets the whole suite over TLS (the WAR on virtual request threads,
# in remote mode); Jetty's and GlassFish's meet the classes whose answers their own layer shapes over
# TLS (thread kind, bad input and framing, limits, uploads, streams and stalls), since the WAR's data
# and fault classes met the same server in tests.sh and virtual request threads on Tomcat's image.
echo "   the black-box suite against each image over https: ./mvnw verify -Dit.url=https://... -Dit.destructive=true, on the suite's settings"
# The images took the suite's settings (small pools, short timeouts) through their environment when
# containers.sh brought the stack up; the suite checks them on each deployment's /metrics, reads the
# compose database and follows each container's output as the server's log.
export TRAINYARD_DB_URL=jdbc:postgresql://127.0.0.1:18532/trainyard TRAINYARD_DB_USER=trainyard
# The classes of the deployment's own layer.
deployment_classes=HelloSleepIT,BadInputIT,EdgesIT,ServerLimitsIT,UploadIT,ProductsIT
# suite_against SERVICE PORT VARIANT https|http [CLASSES]: over https, trusting only the certificate of compose's
# secrets; CLASSES (it.test) or the whole suite.
suite_against() {
  local service=$1 port=$2 variant=$3 log=target/it-remote/$1-$3.log scheme=$4 trust=() only=()
  [ -z "${5:-}" ] || only=(-Dit.test="$5")
  mkdir -p target/it-remote
  if [ "$scheme" = https ]; then
    # A trust store holds only a public certificate: its password guards its integrity, not a secret.
    rm -f target/it-remote/trust.p12
    keytool -importcert -noprompt -alias trainyard -file target/tls/trainyard.pem -keystore target/it-remote/trust.p12 \
      -storetype PKCS12 -storepass trust-only > /dev/null 2>&1
    trust=(-Djavax.net.ssl.trustStore="$PWD/target/it-remote/trust.p12" -Djavax.net.ssl.trustStorePassword=trust-only)
  fi
  docker logs -f "$(docker-compose ps -q "$service")" > "$log" 2>&1 &
  local follower=$!
  ./mvnw verify -Dit.url="$scheme://127.0.0.1:$port/trainyard" -Dit.destructive=true -Dit.log="$PWD/$log" "${trust[@]}" "${only[@]}" \
    > "target/it-remote/$service-$variant.mvn.log" 2>&1 || { kill $follower; tail -80 "target/it-remote/$service-$variant.mvn.log"; exit 1; }
  kill $follower
  grep -q "^The suite against $scheme://127.0.0.1:$port/trainyard: $service/$variant; tests that change data or overload it: on; its database: jdbc:postgresql://127.0.0.1:18532/trainyard; settings other than the suite's: none" \
    "target/it-remote/$service-$variant.mvn.log" || { echo "$service/$variant: the suite did not see the deployment as expected"; grep "^The suite" "target/it-remote/$service-$variant.mvn.log"; exit 1; }
  echo "   $service/$variant over $scheme: $(grep -h "Tests run:" "target/it-remote/$service-$variant.mvn.log" | tail -1 | sed 's/^\[[A-Z]*\] //')"
}
# Over the HTTPS listener each container serves with the keystore from compose's secrets (the
# suite's only run over TLS: its raw-socket tests speak TLS too).
suite_against tomcat 18190 "$virtual" https
suite_against jetty 18191 "$virtual" https "$deployment_classes"
suite_against glassfish 18281 platform https "$deployment_classes"
# A URL where nothing listens and one that is not Trainyard are refused by the same code in
# RemoteDeploymentTest (tests.sh); here the whole way through Maven: the URL is Trainyard, the given
# database refuses the suite's credentials, and the user reads one line.
echo "   bad input: a database refusing the suite's credentials, through Maven"
refused() {
  local expected=$1; shift
  set +e; ./mvnw verify "$@" > target/it-remote/refused.log 2>&1; local code=$?; set -e
  [ "$code" != 0 ] && [ "$(grep -c "^The suite cannot run: $expected" target/it-remote/refused.log)" = 1 ] \
    && ! grep -q "at dev.trainyard" target/it-remote/refused.log || { echo "not refused in one line ($expected): exit $code"; tail -60 target/it-remote/refused.log; exit 1; }
  echo "   $(grep "^The suite cannot run: " target/it-remote/refused.log)"
}
TRAINYARD_DB_PASSWORD=wrong refused "the database jdbc:postgresql://127.0.0.1:18532/trainyard refused the suite's connection" \
  -Dit.url=http://127.0.0.1:18180/trainyard -Dit.destructive=true

