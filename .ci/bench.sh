#!/usr/bin/env bash
# The products benchmark at a small size.
source "$(dirname "$0")/env.sh"

# The products benchmark at a small size: the documented command runs, prints its table, and
# fails if the async stream's bytes differ from the blocking one's.
echo "== ./mvnw -Pbench -Dplans=cost (default store, 3 rounds)"
./mvnw -Pbench -Dplans=cost -Dcost.rounds=3 -Dcost.warmups=1 -Dstrict=true \
  > target/ci-bench-products.log 2>&1 || { tail -60 target/ci-bench-products.log; exit 1; }
sed -n '/^== products cost/,/bodies/p' target/ci-bench-products.log
grep -q "bodies byte-identical" target/ci-bench-products.log || { echo "no byte-identical verdict"; exit 1; }
