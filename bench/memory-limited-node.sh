#!/bin/sh
# Starts node inside a memory cgroup limited to $BENCH_MEMORY_LIMIT_MB (default 1024), as a container
# or a systemd unit with MemoryMax= would: V8 sizes its heap from that limit. Needs root; cgroup v2 or
# v1. Use: node bench/validate-load.ts --service-exec bench/memory-limited-node.sh
set -e
limit=$(( ${BENCH_MEMORY_LIMIT_MB:-1024} * 1048576 ))
if [ -f /sys/fs/cgroup/cgroup.controllers ]; then
  group=/sys/fs/cgroup/padron-bench && mkdir -p "$group" && echo "$limit" > "$group/memory.max"
else
  group=/sys/fs/cgroup/memory/padron-bench && mkdir -p "$group"
  echo "$limit" > "$group/memory.limit_in_bytes"
fi
echo $$ > "$group/cgroup.procs"
exec "$(dirname "$0")/../node_modules/.bin/node" "$@"
