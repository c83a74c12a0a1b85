#!/bin/sh
# Sourced by catalina.sh. Hands Trainyard's settings to the JVM as system properties, where
# conf/server.xml and conf/context.xml read them:
# - conf/trainyard.properties (a copy of server-configs/trainyard.properties): the values every
#   server shares, such as request threads and the JDBC pool size;
# - the database address and the port from the environment;
# - the database password from TRAINYARD_DB_PASSWORD_FILE or TRAINYARD_DB_PASSWORD, into PostgreSQL's
#   password file (trainyard-pgpass.sh): never a -D option, which the start-up log and ps show.
# The file's values go first: the JVM keeps the last -D of a name, so what the caller already put
# in CATALINA_OPTS (the container's address and HTTPS files) and TRAINYARD_JAVA_OPTS win.
if [ -r "$CATALINA_BASE/conf/trainyard.properties" ]; then
  shared=""
  while IFS='=' read -r key value; do
    case "$key" in
      trainyard.*) shared="$shared -D$key=$value" ;;
    esac
  done < "$CATALINA_BASE/conf/trainyard.properties"
  CATALINA_OPTS="$shared $CATALINA_OPTS"
fi
[ -n "$TRAINYARD_DB_URL" ] && CATALINA_OPTS="$CATALINA_OPTS -Dtrainyard.db.url=$TRAINYARD_DB_URL"
[ -n "$TRAINYARD_DB_USER" ] && CATALINA_OPTS="$CATALINA_OPTS -Dtrainyard.db.user=$TRAINYARD_DB_USER"
if [ -r "$CATALINA_BASE/bin/trainyard-pgpass.sh" ]; then
  . "$CATALINA_BASE/bin/trainyard-pgpass.sh"
  pgpass_option=$(trainyard_pgpass "$CATALINA_BASE/temp/trainyard.pgpass") || exit 1
  unset TRAINYARD_DB_PASSWORD
  [ -n "$pgpass_option" ] && CATALINA_OPTS="$CATALINA_OPTS $pgpass_option"
fi
[ -n "$TRAINYARD_HTTP_PORT" ] && CATALINA_OPTS="$CATALINA_OPTS -Dtrainyard.http.port=$TRAINYARD_HTTP_PORT"
[ -n "$TRAINYARD_JAVA_OPTS" ] && CATALINA_OPTS="$CATALINA_OPTS $TRAINYARD_JAVA_OPTS"
export CATALINA_OPTS
