#!/bin/sh
# Sourced by catalina.sh. Hands the database settings from the environment to the JVM, where
# conf/context.xml reads them; unset variables fall back to the embedded database's defaults.
[ -n "$TRAINYARD_DB_URL" ] && CATALINA_OPTS="$CATALINA_OPTS -Dtrainyard.db.url=$TRAINYARD_DB_URL"
[ -n "$TRAINYARD_DB_USER" ] && CATALINA_OPTS="$CATALINA_OPTS -Dtrainyard.db.user=$TRAINYARD_DB_USER"
[ -n "$TRAINYARD_DB_PASSWORD" ] && CATALINA_OPTS="$CATALINA_OPTS -Dtrainyard.db.password=$TRAINYARD_DB_PASSWORD"
[ -n "$TRAINYARD_HTTP_PORT" ] && CATALINA_OPTS="$CATALINA_OPTS -Dtrainyard.http.port=$TRAINYARD_HTTP_PORT"
export CATALINA_OPTS
