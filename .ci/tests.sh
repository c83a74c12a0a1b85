#!/usr/bin/env bash
# README's test command on a fresh machine: unit tests, the black-box suite on the three servers
# (and on Tomcat's and Jetty's virtual-thread configurations),
# the fault suite and the servers stopped with requests in flight.
source "$(dirname "$0")/env.sh"

# Maven names a failed execution at the end but its failing tests minutes earlier, where a log
# read from its tail does not reach: on failure, each failing class's report is repeated last.
failures() {
  local report
  grep -l -E '<<< (FAILURE|ERROR)!' target/surefire-reports/*.txt target/failsafe-reports/*/*.txt 2>/dev/null |
    while IFS= read -r report; do
      echo "== failed: $report"
      grep -v -E '^\s+at (java\.|jdk\.|org\.junit\.|org\.apache\.maven\.)' "$report" | head -n 60
    done
}

echo "== README's test command: ./mvnw verify"
./mvnw verify || { failures; exit 1; }
