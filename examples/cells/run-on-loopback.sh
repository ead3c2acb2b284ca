#!/usr/bin/env bash
# Both cells on one machine, on loopback, to try the configuration of this folder:
# per cell a Redis primary and replica (redis.conf), three sentinels (sentinel-a.conf or
# sentinel-b.conf) and two `render-cli serve --store redis-sentinel://…`; nginx in front
# (nginx.conf). Passwords are made up for the run; everything lives in a temporary
# folder and stops with the script.
#
#   RENDER_CLI=.build/debug/render-cli examples/cells/run-on-loopback.sh          # until Ctrl-C
#   RENDER_CLI=… examples/cells/run-on-loopback.sh --check   # seeds' checkouts under six keys, then stop
#
# CELLS_PORT (default 8080) moves every port: nginx on it, the servers on the next four,
# then the Redis nodes and the sentinels (15 ports in all).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cli=${RENDER_CLI:?set RENDER_CLI to a render-cli binary}
first=${CELLS_PORT:-8080}
work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
export RENDER_API_KEY RENDER_STORE_PASSWORD
RENDER_API_KEY=${RENDER_API_KEY:-$(head -c 32 /dev/urandom | base64 | tr -d '/+=' | head -c 40)}
RENDER_STORE_PASSWORD=${RENDER_STORE_PASSWORD:-$(head -c 32 /dev/urandom | base64 | tr -d '/+=' | head -c 32)}
internal=$(head -c 32 /dev/urandom | base64 | tr -d '/+=' | head -c 32)

# The ports the files name, in order, and where they go.
named=(8080 8081 8082 8083 8084 6380 6381 6390 6391 26380 26381 26382 26390 26391 26392)
moved() { # FILE: the file with every named port moved and the passwords set
  local index rules=(-e "s/change-this-password/$RENDER_STORE_PASSWORD/" -e "s/change-this-[a-z]*-password/$internal/")
  for index in "${!named[@]}"; do
    rules+=(-e "s/\\b${named[$index]}\\b/$((first + index))/g")
  done
  sed "${rules[@]}" "$1"
}
port() { echo $((first + $1)); } # INDEX in named

start() { # NAME COMMAND...: in the background, its output in $work/NAME.log
  local name=$1
  shift
  "$@" >"$work/$name.log" 2>&1 &
  pids+=($!)
}
for cell in a b; do
  [ $cell = a ] && offset=5 || offset=7
  [ $cell = a ] && sentinel=9 || sentinel=12
  mkdir -p "$work/$cell"
  moved "$here/redis.conf" >"$work/$cell/redis.conf"
  echo "dir $work/$cell" >>"$work/$cell/redis.conf"
  start "$cell-primary" redis-server "$work/$cell/redis.conf" --port "$(port $offset)"
  start "$cell-replica" redis-server "$work/$cell/redis.conf" --port "$(port $((offset + 1)))" \
    --replicaof 127.0.0.1 "$(port $offset)"
  sleep 0.5
  hosts=""
  for index in 0 1 2; do
    mkdir -p "$work/$cell/sentinel$index"
    moved "$here/sentinel-$cell.conf" >"$work/$cell/sentinel$index.conf"
    echo "dir $work/$cell/sentinel$index" >>"$work/$cell/sentinel$index.conf"
    start "$cell-sentinel$index" redis-sentinel "$work/$cell/sentinel$index.conf" --port "$(port $((sentinel + index)))"
    hosts+="${hosts:+,}127.0.0.1:$(port $((sentinel + index)))"
  done
  for attempt in $(seq 100); do # until a sentinel answers for the cell's primary
    if [ "$(redis-cli -p "$(port "$sentinel")" SENTINEL get-master-addr-by-name "cell-$cell" 2>/dev/null | tail -n 1)" \
      = "$(port $offset)" ]; then break; fi
    [ "$attempt" -eq 100 ] && { echo "cell $cell: the sentinels did not start: $(tail -n 3 "$work/$cell-sentinel0.log" "$work/$cell-primary.log")" >&2; exit 1; }
    sleep 0.1
  done
  [ $cell = a ] && servers=(1 2) || servers=(3 4)
  for index in "${servers[@]}"; do
    start "server$index" "$cli" serve --host 127.0.0.1 --port "$(port "$index")" \
      --store "redis-sentinel://tts@$hosts/cell-$cell"
  done
done
mkdir -p "$work/nginx/tmp"
moved "$here/nginx.conf" >"$work/nginx/nginx.conf"
if [ "$(id -u)" -eq 0 ]; then sed -i '1i user root;' "$work/nginx/nginx.conf"; fi
start nginx nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -g 'daemon off;'
front="http://127.0.0.1:$(port 0)"
for attempt in $(seq 100); do
  up=0
  for index in 1 2 3 4; do
    grep -qs '^listening' "$work/server$index.log" && up=$((up + 1))
  done
  if [ "$up" -eq 4 ] && curl -sf -o /dev/null "$front/healthz"; then break; fi
  [ "$attempt" -eq 100 ] && { echo "the servers or nginx did not start: $(tail -n 2 "$work"/*.log)" >&2; exit 1; }
  sleep 0.1
done
echo "two cells behind $front (RENDER_API_KEY=$RENDER_API_KEY)"
if [ "${1:-}" != --check ]; then
  echo "Ctrl-C stops everything"
  wait
  exit 0
fi

# Each key's checkout runs whole in one cell; both cells get keys.
for key in till-1 till-2 till-3 till-4 till-5 till-6; do
  PLAY_CUSTOMER=1 ROUTING_KEY=$key "$here/../merchant-checkout.sh" "$front" >"$work/$key.checkout"
  grep -q 'merchant: session forgotten' "$work/$key.checkout"
  in_a=$(cat "$work/server1.log" "$work/server2.log" | grep -c "/$key\\.…" || true)
  in_b=$(cat "$work/server3.log" "$work/server4.log" | grep -c "/$key\\.…" || true)
  if [ "$in_a" -gt 0 ] && [ "$in_b" -gt 0 ]; then
    echo "$key: split across the cells ($in_a requests in a, $in_b in b)" >&2
    exit 1
  fi
  [ "$in_a" -gt 0 ] && echo "$key: cell a, $in_a requests" || echo "$key: cell b, $in_b requests"
done
