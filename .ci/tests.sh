#!/usr/bin/env bash
# README's test command on a fresh machine: unit tests, the black-box suite on the three servers
# (and on Tomcat's and Jetty's virtual-thread configurations),
# the fault suite and the servers stopped with requests in flight.
source "$(dirname "$0")/env.sh"

echo "== README's test command: ./mvnw verify"
./mvnw verify
