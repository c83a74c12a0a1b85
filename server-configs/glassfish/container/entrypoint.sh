#!/bin/sh
# Starts the container's GlassFish domain (--verbose: its log on stdout) and stops it cleanly.
# TRAINYARD_DB_URL, _USER, _PASSWORD become the domain's trainyard.db.* system properties, which
# the JDBC pool reads; TRAINYARD_JAVA_OPTS (space-separated) are added to its JVM options. Both
# are written into this container's domain.xml, never into the image.
#
# docker stop sends SIGTERM to this script. GlassFish 7 closes its listeners first when it stops,
# cutting requests in flight, so the WAR drains first: this script creates the drain file, waits
# (at most trainyard.shutdown.stopTimeoutMillis) until the WAR has answered or refused every
# request and written <file>.done, then stops the domain.
set -e
domains=/opt/glassfish7/glassfish/domains
domain_xml=$domains/trainyard/config/domain.xml
drain_file=$domains/trainyard/trainyard.drain
: "${TRAINYARD_DB_URL:?set TRAINYARD_DB_URL, e.g. jdbc:postgresql://127.0.0.1:5432/trainyard}"
xml_value() { printf '%s' "$1" | sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' -e 's/"/\&quot;/g' -e 's/[\\|&]/\\&/g'; }
for name in url user password; do
  case $name in url) value=$TRAINYARD_DB_URL ;; user) value=$TRAINYARD_DB_USER ;; password) value=$TRAINYARD_DB_PASSWORD ;; esac
  sed -i "s|<system-property name=\"trainyard.db.$name\" value=\"[^\"]*\"|<system-property name=\"trainyard.db.$name\" value=\"$(xml_value "$value")\"|" "$domain_xml"
done
for option in $TRAINYARD_JAVA_OPTS; do
  case "$option" in
    *[\<\>\&\|\"]*) echo "TRAINYARD_JAVA_OPTS: '$option' has a character domain.xml cannot take here" >&2; exit 64 ;;
  esac
  grep -qF "<jvm-options>$option</jvm-options>" "$domain_xml" \
    || sed -i "0,/<\/java-config>/s||  <jvm-options>$option</jvm-options>\n</java-config>|" "$domain_xml"
done
stop_timeout_ms=$(sed -n 's/^trainyard\.shutdown\.stopTimeoutMillis=//p' /opt/trainyard/trainyard.properties)

stop() {
  trap '' TERM INT
  : > "$drain_file"
  waited=0
  while [ ! -e "$drain_file.done" ] && [ "$waited" -lt "${stop_timeout_ms:-8000}" ]; do
    sleep 0.2; waited=$((waited + 200))
  done
  /opt/glassfish7/bin/asadmin stop-domain trainyard || kill "$glassfish" 2>/dev/null || true
}
trap stop TERM INT
/opt/glassfish7/bin/asadmin start-domain --verbose trainyard &
glassfish=$!
# Waits for the domain; a trapped signal interrupts the first wait, the second one waits for the stop.
wait "$glassfish" || wait "$glassfish"
