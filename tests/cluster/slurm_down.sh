#!/usr/bin/env bash
# Stops the SLURM slurm_up.sh DIR started: slurmd, slurmctld and munged, by
# the process ids in their pid files in DIR (no other SLURM on the machine is
# touched), and waits until each is gone.
#
#   slurm_down.sh DIR
set -uo pipefail
dir=${1:?usage: slurm_down.sh DIR}
[ -d "$dir" ] || exit 0

# Sends SIGTERM to the process in a pid file, if it runs the program named,
# and waits for it to exit.
stop() {
  local pidfile=$1 program=$2 pid
  [ -f "$pidfile" ] || return 0
  pid=$(cat "$pidfile")
  [ -n "$pid" ] && [ -r "/proc/$pid/comm" ] && [ "$(cat "/proc/$pid/comm")" = "$program" ] || return 0
  kill -TERM "$pid" 2>/dev/null
  tail --pid="$pid" -f /dev/null  # returns when it has exited (ctest's timeout is the net)
}

stop "$dir/slurmd.pid" slurmd
stop "$dir/slurmctld.pid" slurmctld
stop "$dir/munge/munged.pid" munged
echo "slurm_down.sh: SLURM in $dir stopped"
