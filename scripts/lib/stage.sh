# Sourced by scripts/test: runs each CI stage under a time bound, so a stage that hangs
# fails with its name and where it hung instead of holding CI past its own limit.
#
#   stage SECONDS "TITLE" COMMAND [ARG...]
#
# prints "== TITLE", runs COMMAND, and prints the stage's time and exit status. Python's
# output is unbuffered, so what a hung stage printed is not lost with it (a Swift test
# binary's is line-buffered by `stdbuf -oL` where scripts/test runs one).
# The bound is the smaller of SECONDS and what is left of the whole run's budget
# (STAGE_BUDGET_SECONDS, counted from when this file is sourced). On expiry it prints the
# stage's process tree and, where gdb is installed, the Swift test or render-cli threads'
# stacks, then ends the stage's processes and fails.

stage_started_at=$(date +%s)
stage_budget=${STAGE_BUDGET_SECONDS:-4800}
stage_current=

# A stage runs in a session of its own, which a signal to this script does not reach:
# ended here with it, so no stage outlives the run.
stage_end_current() {
  if [[ -n $stage_current ]]; then pkill -KILL -s "$stage_current" 2>/dev/null || true; fi
}
trap 'stage_end_current; exit 143' TERM
trap 'stage_end_current; exit 130' INT
trap stage_end_current EXIT

stage() {
  local limit=$1 title=$2
  shift 2
  local left=$((stage_started_at + stage_budget - $(date +%s)))
  if ((left < limit)); then limit=$left; fi
  if ((limit <= 0)); then
    echo "== $title: not started, the run's budget of ${stage_budget} s is spent"
    return 1
  fi
  echo "== $title"
  local began=$SECONDS status=0
  # Its own session, so the whole stage can be ended, its children included.
  PYTHONUNBUFFERED=1 setsid "$@" &
  local pid=$!
  stage_current=$pid
  local deadline=$((SECONDS + limit))
  while kill -0 "$pid" 2>/dev/null && ((SECONDS < deadline)); do sleep 1; done
  if kill -0 "$pid" 2>/dev/null; then
    stage_report_hang "$pid" "$title" "$limit"
    # The session, not only the group: a browser leads a process group of its own.
    pkill -TERM -s "$pid" 2>/dev/null || true
    sleep 10
    pkill -KILL -s "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    stage_current=
    echo "== $title: ended after its bound of ${limit} s"
    return 124
  fi
  wait "$pid" || status=$?
  stage_current=
  echo "== $title: $((SECONDS - began)) s, exit $status"
  return "$status"
}

# What a hung stage was doing: its processes, then, of its test binaries' and render-cli's
# threads, the frames in this project's modules and the C libraries it drives.
stage_report_hang() {
  local pid=$1 title=$2 limit=$3
  echo "== $title: still running after ${limit} s; its processes:"
  ps -o pid,pgid,etimes,stat,args --forest --sid "$pid" || true
  command -v gdb >/dev/null || return 0
  local target
  for target in $(pgrep -s "$pid" -f '\.xctest|render-cli|render-engine'); do
    local command
    command=$(tr '\0' ' ' 2>/dev/null <"/proc/$target/cmdline" | cut -c1-160) || continue
    echo "== threads of $command"
    timeout 60 gdb -p "$target" -batch -nx -ex "set pagination off" -ex "thread apply all bt 14" 2>/dev/null \
      | grep -E '^Thread|Tests|Server|Session|Redis|Browser|HTTP|RenderCLI|MHD|MHD_|redis' | cut -c1-200 | head -200 || true
  done
}
