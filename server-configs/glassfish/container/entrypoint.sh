#!/bin/sh
# Starts the container's GlassFish domain in the foreground (--verbose: its log on stdout).
# TRAINYARD_DB_URL, _USER, _PASSWORD become the domain's trainyard.db.* system properties, which
# the JDBC pool reads; TRAINYARD_JAVA_OPTS (space-separated) are added to its JVM options. Both
# are written into this container's domain.xml, never into the image.
set -e
domain_xml=/opt/glassfish7/glassfish/domains/trainyard/config/domain.xml
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
exec /opt/glassfish7/bin/asadmin start-domain --verbose trainyard
