#!/bin/sh
# Starts the container's Jetty in the foreground (it logs to stdout). Settings come from the
# environment: TRAINYARD_DB_URL and _USER (as the system properties etc/trainyard-datasource.xml
# reads), the password from TRAINYARD_DB_PASSWORD_FILE or TRAINYARD_DB_PASSWORD (into PostgreSQL's
# password file, never onto the command line), TRAINYARD_HTTP_PORT and _ADDRESS,
# TRAINYARD_JAVA_OPTS, and TRAINYARD_VARIANT, which adds the threadpool-virtual module to start.d.
# Given a keystore (trainyard-tls.sh), the trainyard-tls module joins start.d the same way and
# serves HTTPS and HTTP/2 on TRAINYARD_HTTPS_PORT.
set -e
case "$TRAINYARD_VARIANT" in
  platform) rm -f "$JETTY_BASE/start.d/threadpool-virtual.ini" ;;
  virtual) cp "$JETTY_BASE/virtual/start.d/threadpool-virtual.ini" "$JETTY_BASE/start.d/" ;;
  *) echo "TRAINYARD_VARIANT must be platform or virtual, not '$TRAINYARD_VARIANT'" >&2; exit 64 ;;
esac
. /usr/local/bin/trainyard-pgpass.sh
pgpass_option=$(trainyard_pgpass /tmp/trainyard.pgpass)
unset TRAINYARD_DB_PASSWORD
# The shared values are Jetty properties in start.d; the WAR reads its settings as system properties.
shared=""
while IFS='=' read -r key value; do
  case "$key" in trainyard.*) shared="$shared -D$key=$value" ;; esac
done < "$JETTY_BASE/start.d/trainyard-shared.ini"
shared="$shared -Dtrainyard.http.address=$TRAINYARD_HTTP_ADDRESS"
. /usr/local/bin/trainyard-tls.sh
https=""
if trainyard_tls; then
  cp "$JETTY_BASE/tls/start.d/trainyard-tls.ini" "$JETTY_BASE/start.d/"
  # Jetty properties for the module's ini; the port also as the system property the WAR reads.
  https="trainyard.https.port=$TRAINYARD_HTTPS_PORT trainyard.tls.keystore=$tls_keystore trainyard.tls.passwordFile=$tls_password_file"
  shared="$shared -Dtrainyard.https.port=$TRAINYARD_HTTPS_PORT"
else
  rm -f "$JETTY_BASE/start.d/trainyard-tls.ini"
fi
# TRAINYARD_JAVA_OPTS after the shared values: the last -D of a name wins, and an operator's must.
# shellcheck disable=SC2086 # word splitting of the option lists is meant
exec java $shared $TRAINYARD_JAVA_OPTS \
  "-Dtrainyard.db.url=$TRAINYARD_DB_URL" "-Dtrainyard.db.user=$TRAINYARD_DB_USER" $pgpass_option \
  -jar "$JETTY_HOME/start.jar" "jetty.home=$JETTY_HOME" "jetty.base=$JETTY_BASE" \
  "jetty.http.port=$TRAINYARD_HTTP_PORT" "jetty.http.host=$TRAINYARD_HTTP_ADDRESS" \
  "trainyard.http.address=$TRAINYARD_HTTP_ADDRESS" $https
