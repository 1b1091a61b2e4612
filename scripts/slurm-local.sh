#!/usr/bin/env bash
# Starts (or stops) a private single-node Slurm cluster on this machine, for the
# batch test: munged on its own socket and key, slurmctld and slurmd on
# localhost with ProctrackType=proctrack/linuxproc and TaskPlugin=task/none.
# Needs root (slurmd runs jobs as their submitting user).
#   scripts/slurm-local.sh start DIR   # writes DIR/slurm.conf; export SLURM_CONF=DIR/slurm.conf
#   scripts/slurm-local.sh stop DIR
set -euo pipefail
action=$1
dir=$(realpath -m "$2")
host=$(hostname -s)

stop() {
    for name in slurmd slurmctld munged; do
        [ -f "$dir/$name.pid" ] || continue
        pid=$(cat "$dir/$name.pid")
        kill "$pid" 2>/dev/null || true
        for attempt in $(seq 100); do
            # Gone, or a zombie nobody reaps (containers without an init).
            state=$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null || true)
            if [ -z "$state" ] || [ "$state" = Z ]; then break; fi
            # A daemon started with SIGTERM blocked (inherited) ignores it: kill it after 5 s.
            if [ "$attempt" = 50 ]; then kill -KILL "$pid" 2>/dev/null || true; fi
            sleep 0.1
        done
        rm -f "$dir/$name.pid"
    done
}

# Starts a daemon with every descriptor above 2 closed: a daemon keeping the
# caller's descriptors open (a test harness's process monitor) would make the
# caller wait for it forever.
detached() {
    (
        for fd in /proc/self/fd/*; do
            n=${fd##*/}
            if [ "$n" -gt 2 ]; then eval "exec $n>&-"; fi
        done 2>/dev/null
        exec "$@"
    )
}

if [ "$action" = stop ]; then stop; exit 0; fi
[ "$action" = start ] || { echo "usage: $0 start|stop DIR" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "slurm-local: needs root (slurmd must run jobs as their user)" >&2; exit 77; }
mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
chmod 700 "$dir/munge"
dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$dir/munge/munge.key"
# Ports from the folder name, so two private clusters on one machine do not collide.
base=$(( 20000 + $(printf '%s' "$dir" | cksum | cut -d' ' -f1) % 20000 ))
cpus=$(nproc)
memory=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 - 256 ))
cat > "$dir/slurm.conf" <<CONF
ClusterName=followrender
SlurmctldHost=$host
SlurmctldPort=$base
SlurmdPort=$((base + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
MpiDefault=none
ReturnToService=2
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
PlugStackConfig=/dev/null
NodeName=$host CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
detached munged --socket="$dir/munge/munge.socket" --key-file="$dir/munge/munge.key" --pid-file="$dir/munged.pid" \
    --log-file="$dir/munge/munged.log" --seed-file="$dir/munge/munged.seed" --force
export SLURM_CONF=$dir/slurm.conf
detached slurmctld -i -f "$dir/slurm.conf"
detached slurmd -f "$dir/slurm.conf"
for _ in $(seq 100); do
    if sinfo -h -o '%T' 2>/dev/null | grep -qx idle; then exit 0; fi
    sleep 0.2
done
echo "slurm-local: the node did not become idle; see $dir/slurmctld.log and $dir/slurmd.log" >&2
stop
exit 1
