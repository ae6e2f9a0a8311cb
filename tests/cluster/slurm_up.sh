#!/usr/bin/env bash
# Starts a single-node SLURM of the test suite's own in DIR (a CTest fixture,
# tests/CMakeLists.txt; stopped by slurm_down.sh DIR): munged on a socket in
# DIR with a key made here, slurmctld and slurmd on localhost on two free
# ports, one node of $(nproc) CPUs, one partition. Nothing outside DIR is
# written or read but the Debian packages' programs (slurm-wlm, munge), so it
# runs beside another SLURM on the machine. Prints the environment a client
# needs (SLURM_CONF=DIR/slurm.conf) to DIR/env. Returns when the node takes
# jobs (sinfo says idle), or fails with the daemons' logs after 120 s.
#
#   slurm_up.sh DIR
set -euo pipefail
dir=${1:?usage: slurm_up.sh DIR}
for tool in munged mungekey slurmctld slurmd scontrol sinfo sbatch; do
  command -v "$tool" >/dev/null || { echo "slurm_up.sh: $tool not found (install munge and slurm-wlm)" >&2; exit 1; }
done
"$(dirname "$0")/slurm_down.sh" "$dir" 2>/dev/null || true  # a cluster a killed run left behind
rm -rf "$dir"
mkdir -p "$dir"/{state,spool,log,munge}
chmod 0700 "$dir" "$dir/munge"
dir=$(cd "$dir" && pwd)

# Two ports nobody listens on.
read -r ctld_port slurmd_port < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')

mungekey --create --keyfile="$dir/munge/munge.key" >/dev/null
munged --force --socket="$dir/munge/munge.socket" --key-file="$dir/munge/munge.key" --pid-file="$dir/munge/munged.pid" \
  --log-file="$dir/log/munged.log" --seed-file="$dir/munge/munged.seed"

host=$(hostname -s)
cat >"$dir/slurm.conf" <<EOF
ClusterName=roofline-test
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES
EOF
echo "SLURM_CONF=$dir/slurm.conf" >"$dir/env"
export SLURM_CONF=$dir/slurm.conf
slurmctld
slurmd

# A daemon whose pid file is not written yet counts as running.
running() { [ ! -s "$1" ] || kill -0 "$(cat "$1")" 2>/dev/null; }

# Wait for the controller to answer and the node to register.
# No deadline: it fails when a daemon has died, and ctest's timeout is the net.
until [ "$(sinfo -h -o %t 2>/dev/null)" = "idle" ]; do
  if ! running "$dir/slurmctld.pid" || ! running "$dir/slurmd.pid"; then
    echo "slurm_up.sh: slurmctld or slurmd ended before the node became idle; logs:" >&2
    tail -n 20 "$dir"/log/*.log >&2
    exit 1
  fi
  sleep 0.2
done
echo "slurm_up.sh: SLURM up in $dir (controller port $ctld_port, node $host, $(nproc) CPUs)"
