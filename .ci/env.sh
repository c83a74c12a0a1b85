#!/usr/bin/env bash
# Sourced by every step of .ci/run: the JDKs (Maven and GlassFish 7 on JDK 17; Tomcat and Jetty
# on a JDK 21+ when the machine has one, where the WAR can use virtual threads), the tools the
# steps need, and Maven's batch mode.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# The steps keep their logs in target/; a step run alone on a clean clone (bash .ci/run compare) has none yet.
mkdir -p target

# JDK per server: Maven (and so GlassFish 7) on JDK 17; Tomcat and Jetty on a JDK 21+ when the
# machine has one, where the WAR can use virtual threads.
jdk17=""
for candidate in /usr/lib/jvm/java-17-openjdk-amd64 /usr/lib/jvm/temurin-17-jdk-amd64; do
  [ -x "$candidate/bin/java" ] && { jdk17=$candidate; break; }
done
if [ -z "$jdk17" ]; then
  echo "no JDK 17 found: installing Debian's openjdk-17-jdk-headless"
  apt-get update -qq && apt-get install -y -qq openjdk-17-jdk-headless
  jdk17=/usr/lib/jvm/java-17-openjdk-amd64
fi
export JAVA_HOME=$jdk17
export PATH="$JAVA_HOME/bin:$PATH"
for candidate in /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/temurin-21-jdk-amd64 /usr/lib/jvm/java-21-openjdk-amd64; do
  if [ -x "$candidate/bin/java" ]; then export TRAINYARD_JDK21_HOME=$candidate; break; fi
done
echo "Maven and GlassFish on $JAVA_HOME; Tomcat and Jetty on ${TRAINYARD_JDK21_HOME:-$JAVA_HOME}"

# curl for the runner checks and the HTTP/2 stop test; openssl for the HTTPS tests' old-protocol
# client; wrk for the comparison's lean cross-check and h2load (nghttp2-client) for its HTTP/2 cells; taskset to keep the load client off the server's cores; Chromium to
# render the report as a user sees it; a JSON Schema validator (Python's jsonschema) for summary.json.
missing=""
command -v curl >/dev/null || missing="$missing curl"
command -v openssl >/dev/null || missing="$missing openssl"
command -v wrk >/dev/null || missing="$missing wrk"
command -v h2load >/dev/null || missing="$missing nghttp2-client"
command -v taskset >/dev/null || missing="$missing util-linux"
command -v chromium >/dev/null || missing="$missing chromium"
python3 -c 'import jsonschema' 2>/dev/null || missing="$missing python3-jsonschema"
if [ -n "$missing" ]; then apt-get update -qq && apt-get install -y -qq $missing; fi

# Maven 3.9 reads MAVEN_ARGS: batch mode, no download progress, without changing the command.
export MAVEN_ARGS="-B -ntp"

