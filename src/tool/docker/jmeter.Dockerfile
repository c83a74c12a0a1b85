# JMeter 5.6.3 assembled from Maven Central (./mvnw -Pimages lays it out in target/docker/jmeter:
# the launcher, bin/ and every library), to run the plans of jmeter/ against a Trainyard server
# and leave the results and JMeter's dashboard in a mounted folder, alone or as the controller
# of remote engines run from the same image (trainyard-jmeter engine; see jmeter-run.sh):
#   docker build -f src/tool/docker/jmeter.Dockerfile -t trainyard/jmeter .
ARG BASE_IMAGE=eclipse-temurin:21-jre
FROM ${BASE_IMAGE}

ENV JMETER_HOME=/opt/jmeter \
    TRAINYARD_PLAN=entry \
    TRAINYARD_TARGET_HOST=127.0.0.1 \
    TRAINYARD_TARGET_PORT=8080 \
    JMETER_ARGS="" \
    JVM_ARGS="-Xms512m -Xmx1g -Djava.util.prefs.userRoot=/tmp/prefs"
RUN groupadd --system jmeter && useradd --system --gid jmeter --no-create-home --shell /usr/sbin/nologin jmeter \
 && mkdir -p /results /trainyard/target/jmeter-rmi && chown jmeter:jmeter /results && chown -R jmeter:jmeter /trainyard \
 && chmod 700 /trainyard/target/jmeter-rmi
COPY target/docker/jmeter/ /opt/jmeter/
COPY src/tool/docker/jmeter-run.sh /usr/local/bin/trainyard-jmeter
USER jmeter
WORKDIR /trainyard
VOLUME ["/results", "/trainyard/target/jmeter-rmi"]
# /plans is jmeter/ of the repository, mounted; each run writes /results/<plan>-<time>/.
# target/jmeter-rmi holds the keystore that remote engines and their controller share, and who is running.
ENTRYPOINT ["/usr/local/bin/trainyard-jmeter"]
