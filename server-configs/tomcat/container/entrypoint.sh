#!/bin/sh
# Starts the container's Tomcat in the foreground with the variant's server.xml. Everything else
# comes from the environment through bin/setenv.sh: TRAINYARD_DB_URL, _USER, _PASSWORD,
# TRAINYARD_HTTP_PORT, TRAINYARD_JAVA_OPTS; here the address. No shutdown port: docker stop's
# SIGTERM stops Tomcat.
set -e
case "$TRAINYARD_VARIANT" in
  platform) config=conf/server.xml ;;
  virtual) config=conf/server-virtual.xml ;;
  *) echo "TRAINYARD_VARIANT must be platform or virtual, not '$TRAINYARD_VARIANT'" >&2; exit 64 ;;
esac
CATALINA_OPTS="$CATALINA_OPTS -Dtrainyard.http.address=$TRAINYARD_HTTP_ADDRESS"
export CATALINA_OPTS
exec "$CATALINA_HOME/bin/catalina.sh" run -config "$config"
