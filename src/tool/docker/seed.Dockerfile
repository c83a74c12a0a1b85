# The seeder as a one-shot container: creates Trainyard's schema and fills it with the
# deterministic data set (trentry 250,000 rows and the store) once; a second run finds seed_info
# and leaves the data alone. Build from the repository root after ./mvnw -Pimages:
#   docker build -f src/tool/docker/seed.Dockerfile -t trainyard/seed .
ARG BASE_IMAGE=eclipse-temurin:21-jre
FROM ${BASE_IMAGE}

ENV TRAINYARD_STORE_SIZE=default
RUN groupadd --system trainyard && useradd --system --gid trainyard --no-create-home --shell /usr/sbin/nologin trainyard
COPY target/docker/lib/postgresql.jar /opt/seed/lib/
COPY target/test-classes/trainyard-schema.sql /opt/seed/classes/
COPY target/test-classes/dev/trainyard/tool/db/DbSettings.class /opt/seed/classes/dev/trainyard/tool/db/
COPY target/test-classes/dev/trainyard/tool/seed/ /opt/seed/classes/dev/trainyard/tool/seed/
USER trainyard
# TRAINYARD_DB_URL, _USER, _PASSWORD name the database; TRAINYARD_STORE_SIZE is tiny, default or large.
CMD ["sh", "-c", "exec java -cp /opt/seed/classes:/opt/seed/lib/postgresql.jar dev.trainyard.tool.seed.Seeder \"$TRAINYARD_STORE_SIZE\""]
