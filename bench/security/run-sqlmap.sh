#!/usr/bin/env bash
# SQL-injection check with sqlmap (Debian package `sqlmap`) against a real server with demo data:
# the paged query (selectByPage params: column, type, val, pageNo, pageSize), global search,
# staff login, visitor login and parcel detail, each with a JSON and a form body, at
# --level 5 --risk 3. Prints one line per target and a summary; the goal is "0 injectable".
#
#   bench/security/run-sqlmap.sh                 # SQLite (default)
#   DATABASE_URL=postgres://postgres@127.0.0.1:5432/sqlmap bench/security/run-sqlmap.sh
#   SQLMAP_ONLY=staff-login-form,detail-get bench/security/run-sqlmap.sh   # some targets only
#
# Bounds (a full run of every technique, DBMS and header on every target takes hours): the
# payloads of the database in use only (--dbms SQLite, or PostgreSQL with DATABASE_URL); body
# and query parameters only, headers are not injected; time-based tests wait 1 s
# (--time-sec 1); each target stops after SQLMAP_TARGET_TIMEOUT seconds (default 300).
# The logins probe an unknown account: its answer is the same every time, which sqlmap's
# page comparison needs (a known account's answer counts down the attempts left).
# Abuse protection is switched off for the run (rate limits, captcha, lockout): otherwise
# sqlmap would only see A0429 answers and prove nothing.
set -uo pipefail
cd "$(dirname "$0")/../.."
command -v sqlmap >/dev/null || { echo "sqlmap missing: apt-get install -y sqlmap"; exit 2; }

PORT="${PORT:-18091}"
BASE="http://127.0.0.1:${PORT}"
WORK="$(mktemp -d /tmp/land-sqlmap-XXXXXX)"
TIMEOUT="${SQLMAP_TARGET_TIMEOUT:-300}"
DBMS=SQLite
[[ "${DATABASE_URL:-}" == postgres* ]] && DBMS=PostgreSQL
THREADS="${SQLMAP_THREADS:-4}"
LOG="${WORK}/server.log"

export PORT HOST=127.0.0.1 DATA_DIR="${WORK}/data" DEMO_DATA=1 ADMIN_PASSWORD='Sqlmap@2024x' LOG_LEVEL=warn
export WEB_DIST="${WORK}/no-web" RATE_LIMIT_MULTIPLIER=0 LOGIN_CAPTCHA_AFTER_FAILURES=0 LOGIN_LOCKOUT_ATTEMPTS=100000000
# node itself (not npx) so that $! is the server and the trap ends it.
node --import tsx packages/server/src/main.ts >"$LOG" 2>&1 &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null; wait "$SERVER" 2>/dev/null' EXIT
for _ in $(seq 1 120); do curl -fs "${BASE}/healthz" >/dev/null && break; sleep 1; done
curl -fs "${BASE}/healthz" >/dev/null || { echo "server did not start"; cat "$LOG"; exit 2; }

json() { node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const v=JSON.parse(s);console.log(eval("v."+process.argv[1])??"")})' "$1"; }
TOKEN=$(curl -fs -H 'content-type: application/json' -d '{"userAccount":"zhangwei","password":"Demo@2024abc"}' "${BASE}/openApi/login" | json data.token)
[ -n "$TOKEN" ] || { echo "staff login failed"; exit 2; }
PARCEL=$(curl -fs -H "token: ${TOKEN}" -H 'content-type: application/json' -d '{"pageNo":1,"pageSize":1}' "${BASE}/api/tLandinfo/selectByPage" | json 'data.list[0].id')
echo "server ${BASE} (pid ${SERVER}), staff token ok, parcel ${PARCEL}; work dir ${WORK}"

PAGED_JSON='{"pageNo":1,"pageSize":10,"params":[{"column":"dkmc","type":"like","val":"地块"}]}'
PAGED_FORM='pageNo=1&pageSize=10&params=%5B%7B%22column%22%3A%22areaname%22%2C%22type%22%3A%22like%22%2C%22val%22%3A%22a%22%7D%5D'
# name | url | body ('' = GET with query) | content type | token? | parameters
TARGETS=(
  "paged-json|${BASE}/api/tLandinfo/selectByPage|${PAGED_JSON}|application/json|yes|"
  "paged-form|${BASE}/api/tArea/selectByPage|${PAGED_FORM}|application/x-www-form-urlencoded|yes|pageNo,pageSize,params"
  "paged-json-column|${BASE}/api/tArea/selectByPage|{\"pageNo\":1,\"pageSize\":10,\"params\":[{\"column\":\"areaname*\",\"type\":\"orderAsc*\",\"val\":\"1*\"}]}|application/json|yes|"
  "search-json|${BASE}/openApi/search|{\"keyword\":\"物流\"}|application/json|no|"
  "search-get|${BASE}/openApi/search?keyword=%E7%89%A9%E6%B5%81&pageNo=1||-|no|keyword,pageNo"
  "staff-login-json|${BASE}/openApi/login|{\"userAccount\":\"sqlmap_probe\",\"password\":\"x\"}|application/json|no|"
  "staff-login-form|${BASE}/openApi/login|userAccount=sqlmap_probe&password=x|application/x-www-form-urlencoded|no|userAccount,password"
  "visitor-login-json|${BASE}/openApi/visitorLogin|{\"userAccount\":\"13800000000\",\"password\":\"x\"}|application/json|no|"
  "visitor-login-form|${BASE}/openApi/visitorLogin|userAccount=13800000000&password=x|application/x-www-form-urlencoded|no|userAccount,password"
  "detail-json|${BASE}/api/tLandinfo/selectById|{\"id\":\"${PARCEL}\"}|application/json|yes|"
  "detail-form|${BASE}/openApi/getLandInfoById|id=${PARCEL}|application/x-www-form-urlencoded|no|id"
  "detail-get|${BASE}/openApi/getLandInfoById?id=${PARCEL}||-|no|id"
)

found=0
summary=()
start_all=$(date +%s)
for target in "${TARGETS[@]}"; do
  IFS='|' read -r name url body ctype auth params <<<"$target"
  [ -n "${SQLMAP_ONLY:-}" ] && [[ ",${SQLMAP_ONLY}," != *",${name},"* ]] && continue
  out="${WORK}/${name}"
  args=(-u "$url" --batch --level 5 --risk 3 --dbms "$DBMS" --time-sec 1 --threads "$THREADS" --flush-session --output-dir "$out" --disable-coloring
        --technique BEUSTQ --answers "follow=N,keep testing=Y" --ignore-code 400,401,403,404,409,413,415,429)
  headers="Accept: application/json"
  [ "$auth" = yes ] && headers="${headers}\ntoken: ${TOKEN}"
  [ "$ctype" != "-" ] && [ -n "$body" ] && headers="${headers}\nContent-Type: ${ctype}"
  args+=(--headers "$(printf '%b' "$headers")")
  [ -n "$body" ] && args+=(--data "$body")
  [ -n "$params" ] && args+=(-p "$params")
  [ -z "$params" ] && args+=(--skip "user-agent,referer,host,cookie")
  t0=$(date +%s)
  timeout "$TIMEOUT" sqlmap "${args[@]}" >"${out}.log" 2>&1
  rc=$?
  secs=$(( $(date +%s) - t0 ))
  if grep -qiE "is vulnerable|sqlmap identified the following injection point" "${out}.log"; then
    verdict="INJECTABLE"; found=$((found + 1))
  elif [ "$rc" = 124 ]; then
    verdict="none found (stopped after ${TIMEOUT}s)"
  else
    verdict="none found"
  fi
  tested=$(grep -oE "testing for SQL injection on [^']*parameter '[^']+'" "${out}.log" | sed -E "s/.*on (\(custom\) )?([A-Z]+) parameter '([^']+)'/\2 \3/" | sort -u | paste -sd, -)
  line="$(printf '%-20s %-28s %5ss  params: %s' "$name" "$verdict" "$secs" "${tested:-?}")"
  echo "$line"
  summary+=("$line")
done

echo
echo "sqlmap on ${DBMS}: $(sqlmap --version 2>/dev/null | grep -oE '^[0-9][0-9.]+[^ ]*' | head -1) --level 5 --risk 3, ${#summary[@]} targets, $(( $(date +%s) - start_all )) s in all"
printf '%s\n' "${summary[@]}"
echo "injectable targets: ${found}"
echo "server errors (B0001) logged during the run: $(grep -c 'unhandled error' "$LOG" || true)"
[ "$found" = 0 ]
