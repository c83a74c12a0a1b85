# Sourced by Tomcat's bin/setenv.sh and the Jetty image's entrypoint. Their pools name no
# password: the PostgreSQL driver reads it from PostgreSQL's own password file, which the system
# property org.postgresql.pgpassfile names. (GlassFish's pool insists on a password of its own:
# it names a password alias instead, see glassfish/trainyard-jdbc.asadmin.) The password itself
# comes from the one secret path the servers and the tools share: a file named by
# TRAINYARD_DB_PASSWORD_FILE (Docker and Kubernetes secrets are files) or TRAINYARD_DB_PASSWORD.
# It is never a command-line argument or a system property, so no process list and no start-up
# log shows it.
#
#   trainyard_pgpass FILE   writes FILE (mode 600) from the secret, unsets TRAINYARD_DB_PASSWORD,
#                           and prints the JVM option that names FILE; prints nothing without a secret
trainyard_pgpass() {
  if [ -n "${TRAINYARD_DB_PASSWORD_FILE:-}" ]; then
    trainyard_secret=$(cat "$TRAINYARD_DB_PASSWORD_FILE") || return 1
  elif [ -n "${TRAINYARD_DB_PASSWORD:-}" ]; then
    trainyard_secret=$TRAINYARD_DB_PASSWORD
  else
    return 0
  fi
  (umask 077 && printf '*:*:*:*:%s\n' "$(printf '%s' "$trainyard_secret" | sed -e 's/\\/\\\\/g' -e 's/:/\\:/g')" > "$1") || return 1
  unset TRAINYARD_DB_PASSWORD trainyard_secret
  printf '%s' "-Dorg.postgresql.pgpassfile=$1"
}
