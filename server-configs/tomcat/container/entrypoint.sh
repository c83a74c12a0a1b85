#!/bin/sh
# Starts the container's Tomcat in the foreground with the variant's server.xml. Everything else
# comes from the environment through bin/setenv.sh: TRAINYARD_DB_URL, _USER, _PASSWORD,
# TRAINYARD_HTTP_PORT, TRAINYARD_JAVA_OPTS; here the address, and HTTPS on TRAINYARD_HTTPS_PORT
# when the container is given a keystore (bin/trainyard-tls.sh): the same server.xml read from
# conf/https/, where the entity it includes is the TLS connector. No shutdown port: docker
# stop's SIGTERM stops Tomcat.
set -e
case "$TRAINYARD_VARIANT" in
  platform) config=server.xml ;;
  virtual) config=server-virtual.xml ;;
  *) echo "TRAINYARD_VARIANT must be platform or virtual, not '$TRAINYARD_VARIANT'" >&2; exit 64 ;;
esac
CATALINA_OPTS="$CATALINA_OPTS -Dtrainyard.http.address=$TRAINYARD_HTTP_ADDRESS"
. "$CATALINA_HOME/bin/trainyard-tls.sh"
if trainyard_tls; then
  config=https/$config
  CATALINA_OPTS="$CATALINA_OPTS -Dtrainyard.https.port=$TRAINYARD_HTTPS_PORT -Dtrainyard.tls.keystore=$tls_keystore -Dtrainyard.tls.passwordFile=$tls_password_file"
fi
export CATALINA_OPTS
exec "$CATALINA_HOME/bin/catalina.sh" run -config "conf/$config"
