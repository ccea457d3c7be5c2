#!/usr/bin/env bash
# Longer fuzz run of every route (the CI test runs one case per route with a fixed seed).
#   bench/fuzz/run.sh [runs-per-route] [seed]     e.g. bench/fuzz/run.sh 50
# Runs on SQLite and, when reachable, PostgreSQL (TEST_DATABASE_URL); prints the seed so a
# failure can be replayed with the same arguments.
set -euo pipefail
cd "$(dirname "$0")/../.."
RUNS="${1:-30}"
SEED="${2:-$(( (RANDOM << 15) | RANDOM ))}"
echo "fuzz: ${RUNS} runs per route, seed ${SEED}"
start=$(date +%s)
FUZZ_RUNS="$RUNS" FUZZ_SEED="$SEED" npx vitest run packages/server/test/security.fuzz.test.ts
echo "fuzz: done in $(( $(date +%s) - start )) s (${RUNS} runs per route, seed ${SEED})"
