#!/usr/bin/env bash
# The README's picture of the report: the first screen (1440x900) of a real run's report.html,
# as Chromium draws it. Run from anywhere after a comparison; commit the picture with the run's id
# in the message.
#   $1  the run's folder (default: target/compare/latest)
set -eu
cd "$(dirname "$0")/.."
run=${1:-target/compare/latest}
[ -f "$run/report.html" ] || { echo "no report in $run: run ./mvnw -Pcompare first" >&2; exit 2; }
command -v chromium >/dev/null || { echo "needs chromium (apt-get install chromium)" >&2; exit 2; }
timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1440,900 \
  --screenshot="$PWD/docs/report.png" "file://$(cd "$run" && pwd)/report.html" 2>/dev/null
echo "docs/report.png from $(cd "$run" && pwd -P)"
