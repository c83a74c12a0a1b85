#!/bin/sh
# Starts the container's GlassFish domain (--verbose: its log on stdout) and stops it cleanly.
# TRAINYARD_DB_URL, _USER and TRAINYARD_HTTP_ADDRESS become the domain's system properties (written
# into this container's domain.xml, never into the image); the database password, from
# TRAINYARD_DB_PASSWORD_FILE or TRAINYARD_DB_PASSWORD, becomes the password alias the pool names,
# before the domain starts (config/trainyard.ready says the domain was started so configured: the
# health check waits for it);
# TRAINYARD_JAVA_OPTS (space-separated) are added to the JVM options (a -Dtrainyard.* the domain has as
# a system property replaces its value).
#
# The admin password: from TRAINYARD_ADMIN_PASSWORD_FILE when given (at every start), otherwise one
# generated at the first start and kept in the domain's config/admin-password (mode 600; asadmin
# --user admin --passwordfile reads it). The image holds an empty one until then, set before
# the domain ever listens.
#
# docker stop sends SIGTERM to this script. GlassFish 7 closes its listeners first when it stops,
# cutting requests in flight, so the WAR drains first: this script creates the drain file, waits
# (at most trainyard.shutdown.stopTimeoutMillis) until the WAR has answered or refused every
# request and written <file>.done, then stops the domain.
set -e
glassfish=/opt/glassfish7
domain=$glassfish/glassfish/domains/trainyard
domain_xml=$domain/config/domain.xml
drain_file=$domain/trainyard.drain
admin_password=$domain/config/admin-password
: "${TRAINYARD_DB_URL:?set TRAINYARD_DB_URL, e.g. jdbc:postgresql://127.0.0.1:5432/trainyard}"

xml_value() { printf '%s' "$1" | sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' -e 's/"/\&quot;/g' -e 's/[\\|&]/\\&/g'; }
set_property() {
  sed -i "s|<system-property name=\"$1\" value=\"[^\"]*\"|<system-property name=\"$1\" value=\"$(xml_value "$2")\"|" "$domain_xml"
}
set_property trainyard.db.url "$TRAINYARD_DB_URL"
set_property trainyard.db.user "${TRAINYARD_DB_USER:-trainyard}"
set_property trainyard.http.address "${TRAINYARD_HTTP_ADDRESS:-127.0.0.1}"
ready=$domain/config/trainyard.ready
rm -f "$ready"
if [ -n "${TRAINYARD_DB_PASSWORD_FILE:-}" ]; then
  db_password=$(cat "$TRAINYARD_DB_PASSWORD_FILE")
else
  db_password=${TRAINYARD_DB_PASSWORD:-}
fi
# The same secret as PostgreSQL's password file, which the system property org.postgresql.pgpassfile
# names (set in the image): the WAR's R2DBC pool reads it, as the driver does on Tomcat and Jetty.
. /usr/local/bin/trainyard-pgpass.sh
trainyard_pgpass "$domain/config/trainyard.pgpass" > /dev/null
unset TRAINYARD_DB_PASSWORD
for option in $TRAINYARD_JAVA_OPTS; do
  case "$option" in
    *[\<\>\&\|\"]*) echo "TRAINYARD_JAVA_OPTS: '$option' has a character domain.xml cannot take here" >&2; exit 64 ;;
  esac
  # A setting the domain has as a system property is set there: GlassFish sets those after the
  # JVM's own -D options, so a JVM option would be overridden.
  name=${option#-D}; name=${name%%=*}
  case "$option" in
    -Dtrainyard.*=*) if grep -qF "<system-property name=\"$name\"" "$domain_xml"; then set_property "$name" "${option#*=}"; continue; fi ;;
  esac
  grep -qF "<jvm-options>$option</jvm-options>" "$domain_xml" \
    || sed -i "0,/<\/java-config>/s||  <jvm-options>$option</jvm-options>\n</java-config>|" "$domain_xml"
done

# The domain's keystores (its TLS keys, its password aliases) open with the master password,
# GlassFish's default for a domain made without one: changeit. Given to keytool in a file.
master=$(mktemp) && chmod 600 "$master" && printf changeit > "$master"
keytool=$(dirname "$(readlink -f "$(command -v java)")")/keytool

# HTTPS on http-listener-2 (base + 81) for a container given a keystore (trainyard-tls.sh): GlassFish
# serves a listener's key from the domain's keystore, by alias, so the key is copied there as
# "trainyard" at every start, into this container's domain, never the image.
. /usr/local/bin/trainyard-tls.sh
listener2='/<network-listener [^>]*name="http-listener-2"/'
if trainyard_tls; then
  "$keytool" -delete -alias trainyard -keystore "$domain/config/keystore.jks" -storepass:file "$master" > /dev/null 2>&1 || true
  "$keytool" -importkeystore -noprompt -srckeystore "$tls_keystore" -srcstoretype PKCS12 \
    -srcstorepass:file "$tls_password_file" -srcalias "$tls_key_alias" -destkeystore "$domain/config/keystore.jks" \
    -deststoretype JKS -destalias trainyard -deststorepass:file "$master" -destkeypass:file "$master" > /dev/null \
    || { echo "HTTPS: cannot copy the key of $tls_keystore into the domain's keystore" >&2; rm -f "$master"; exit 64; }
  sed -i "$listener2 s/enabled=\"false\"/enabled=\"true\"/" "$domain_xml"
else
  sed -i "$listener2 s/enabled=\"true\"/enabled=\"false\"/" "$domain_xml"
fi
# The admin password, set while nothing listens: GlassFish's own create-domain hashes it into a
# throw-away domain's admin-keyfile, which replaces this domain's.
if [ -n "${TRAINYARD_ADMIN_PASSWORD_FILE:-}" ] || [ ! -e "$admin_password" ]; then
  (umask 077
   if [ -n "${TRAINYARD_ADMIN_PASSWORD_FILE:-}" ]; then
     printf 'AS_ADMIN_PASSWORD=%s\n' "$(cat "$TRAINYARD_ADMIN_PASSWORD_FILE")" > "$admin_password"
   else
     printf 'AS_ADMIN_PASSWORD=%s\n' "$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')" > "$admin_password"
   fi)
  keys=$(mktemp -d)
  $glassfish/bin/asadmin --user admin --passwordfile "$admin_password" create-domain --domaindir "$keys" \
    --checkports=false keys > /dev/null
  cp "$keys/keys/config/admin-keyfile" "$domain/config/admin-keyfile"
  rm -rf "$keys"
  echo "GlassFish admin password: in $admin_password (asadmin --user admin --passwordfile $admin_password ...)"
fi
stop_timeout_ms=$(sed -n 's/^trainyard\.shutdown\.stopTimeoutMillis=//p' /opt/trainyard/trainyard.properties)

stop() {
  trap '' TERM INT
  : > "$drain_file"
  waited=0
  while [ ! -e "$drain_file.done" ] && [ "$waited" -lt "${stop_timeout_ms:-8000}" ]; do
    sleep 0.2; waited=$((waited + 200))
  done
  $glassfish/bin/asadmin --user admin --passwordfile "$admin_password" stop-domain trainyard || kill "$server" 2>/dev/null || true
}
# The database password as the alias the pool names, written before the domain starts into the
# domain's password store (a JCEKS keystore), where asadmin create-password-alias would put it once
# the domain runs: given to keytool on its standard input, never on a command line.
"$keytool" -delete -alias trainyard-db-password -keystore "$domain/config/domain-passwords" -storetype JCEKS \
  -storepass:file "$master" > /dev/null 2>&1 || true
printf '%s\n' "$db_password" | "$keytool" -importpass -alias trainyard-db-password -keystore "$domain/config/domain-passwords" \
  -storetype JCEKS -storepass:file "$master" -keypass:file "$master" > /dev/null 2>&1 \
  || { echo "cannot write the database password alias into the domain's password store" >&2; rm -f "$master"; exit 70; }
rm -f "$master"
unset db_password
trap stop TERM INT
$glassfish/bin/asadmin --user admin --passwordfile "$admin_password" start-domain --verbose trainyard &
server=$!

: > "$ready"
# Waits for the domain; a trapped signal interrupts the first wait, the second one waits for the stop.
wait "$server" || wait "$server"
