#!/bin/sh
# server.sh - a LAVA instance on this machine: make lava-up / lava-down.
#
# Usage: server.sh up|down|status BUILD_DIR
# up: a private PostgreSQL cluster (initdb once; socket and data in
# BUILD_DIR/lava/server/), the database migrated, an admin user with a
# token, the qemu device type, LAVA_WORKERS (default 2) workers with one
# QEMU device each; then gunicorn (lava_server.wsgi) on 127.0.0.1:LAVA_PORT
# (default 8000), the event publisher (lava-publisher: ZMQ events on
# 127.0.0.1:LAVA_EVENT_PORT, default 55500, websocket on LAVA_WS_PORT,
# default 8001), the scheduler and the workers, started by hand (no
# systemd here).  As in a LAVA lab the scheduler wakes on the events
# (a job submitted, a device idle) and the workers on the websocket (a
# job scheduled for them), so a job starts without waiting for a poll;
# a worker sees a job end at its next ping (LAVA_PING s, default 1).
# Every PID goes to BUILD_DIR/lava/server/pids; the settings are
# environment variables (server.env), nothing is written to /etc.  up
# waits until every worker is online.
# down: stops exactly the recorded processes (the cluster last) and
# checks that none is left.  status: exits 0 if the instance runs.
# Refuses: up while a recorded process still runs, or when one of its
# ports is taken (LAVA_PORT, LAVA_PG_PORT (default 55432),
# LAVA_EVENT_PORT, LAVA_WS_PORT); down with nothing recorded.
set -eu

cmd=${1:?usage: server.sh up|down|status BUILD_DIR}
build=${2:?usage: server.sh up|down|status BUILD_DIR}
prog=lava-server
. "$(dirname "$0")/../../lib/common.sh"
. "$TOP/boot-tests/lava/lib.sh"
mkdir -p "$build"
build=$(cd "$build" && pwd)
st=$build/lava/server
port=${LAVA_PORT:-8000}
pgport=${LAVA_PG_PORT:-55432}
evport=${LAVA_EVENT_PORT:-55500}
wsport=${LAVA_WS_PORT:-8001}
nworkers=${LAVA_WORKERS:-2}
pids=$st/pids

alive() { # the recorded processes still running: "name pid" lines
	[ -f "$pids" ] || return 0
	while read -r _n _p; do
		# a zombie (no init reaps here) is not running
		case $(ps -o stat= -p "$_p" 2>/dev/null) in ""|Z*) ;; *) echo "$_n $_p" ;; esac
	done < "$pids"
	return 0
}
port_taken() { # port: who listens there, or nothing
	$PY - "$1" <<'EOF'
import socket, sys
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
try:
    s.bind(("127.0.0.1", int(sys.argv[1])))
except OSError as e:
    print(e.strerror)
EOF
}
record() { echo "$1 $2" >> "$pids"; [ "$1" = postgres ] || echo "$2" >> "$st/pgroups"; }

stop() {
	# the services first, the database last
	[ -f "$pids" ] || return 0
	grep -v '^postgres ' "$pids" | while read -r n p; do
		kill "$p" 2>/dev/null || true
	done
	i=0
	while [ -n "$(alive | grep -v '^postgres ')" ] && [ $i -lt 20 ]; do sleep 0.5; i=$((i + 1)); done
	alive | grep -v '^postgres ' | while read -r n p; do
		echo "$prog: $n ($p) did not stop in 10 s: killed" >&2
		kill -9 "$p" 2>/dev/null || true
	done
	# the workers' lava-run and QEMU children: their process groups
	[ ! -f "$st/pgroups" ] || while read -r g; do kill -- "-$g" 2>/dev/null || true; done < "$st/pgroups"
	if [ -d "$st/pg" ] && [ -n "$(alive | grep '^postgres ')" ]; then
		runuser -u postgres -- /usr/lib/postgresql/*/bin/pg_ctl -D "$st/pg" -m fast -w stop > /dev/null ||
			kill "$(alive | awk '$1 == "postgres" { print $2 }')" 2>/dev/null || true
	fi
	left=$(alive)
	[ -z "$left" ] || die "still running after stopping: $(echo $left)"
	rm -f "$pids" "$st/pgroups"
}

case $cmd in
status)
	[ -n "$(alive)" ] || { echo "$prog: no LAVA instance runs (nothing in $pids)" >&2; exit 1; }
	alive
	exit 0 ;;
down)
	[ -f "$pids" ] || die "no LAVA instance to stop: $pids does not exist (make lava-up starts one)"
	[ -n "$(alive)" ] || echo "$prog: the recorded processes had already stopped" >&2
	stop
	echo "$prog: stopped; nothing of the instance runs" >&2
	exit 0 ;;
up) ;;
*) die "unknown command '$cmd' (up, down, status)" ;;
esac

lava_need lava-server lava-run lavacli pg
l=$(alive)
[ -z "$l" ] || die "a LAVA instance is already running ($(echo $l)); make lava-down first"
rm -f "$pids" "$st/pgroups"
for p in "LAVA_PORT $port" "LAVA_PG_PORT $pgport" "LAVA_EVENT_PORT $evport" "LAVA_WS_PORT $wsport"; do
	t=$(port_taken "${p#* }")
	[ -z "$t" ] || die "port ${p#* } on 127.0.0.1 is taken ($t): stop what listens there, or set ${p% *}="
done
# on an error below, nothing is left running
trap 'rc=$?; [ $rc = 0 ] || { echo "$prog: up failed; stopping what it started" >&2; stop || true; }' EXIT

t0=$(date +%s)
mkdir -p "$st/log"
chmod 755 "$st"
pgbin=$(ls -d /usr/lib/postgresql/*/bin | tail -1)
if [ ! -f "$st/pg/PG_VERSION" ]; then
	echo "$prog: initdb $st/pg" >&2
	rm -rf "$st/pg" "$st/pgsock"
	mkdir -p "$st/pg" "$st/pgsock"
	chown postgres:postgres "$st/pg" "$st/pgsock"
	runuser -u postgres -- "$pgbin/initdb" -D "$st/pg" -A trust -U postgres --no-sync -E UTF8 --locale=C.UTF-8 \
		> "$st/log/initdb.log" 2>&1 || { tail -5 "$st/log/initdb.log" >&2; die "initdb failed"; }
fi
chown postgres:postgres "$st/log" "$st/pgsock"
echo "$prog: PostgreSQL on 127.0.0.1:$pgport" >&2
runuser -u postgres -- "$pgbin/pg_ctl" -D "$st/pg" -l "$st/log/postgres.log" -w \
	-o "-p $pgport -k $st/pgsock -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off" start > /dev/null ||
	{ tail -5 "$st/log/postgres.log" >&2; die "PostgreSQL did not start"; }
record postgres "$(head -1 "$st/pg/postmaster.pid")"
psql() { "$pgbin/psql" -h 127.0.0.1 -p "$pgport" -U postgres -q -v ON_ERROR_STOP=1 "$@"; }
psql -tAc "SELECT 1 FROM pg_roles WHERE rolname = 'lavaserver'" | grep -q 1 ||
	psql -c "CREATE ROLE lavaserver LOGIN PASSWORD 'lavaserver'"
psql -tAc "SELECT 1 FROM pg_database WHERE datname = 'lavaserver'" | grep -q 1 ||
	psql -c "CREATE DATABASE lavaserver OWNER lavaserver ENCODING 'UTF8' TEMPLATE template0"

# the instance's settings: environment, not /etc
[ -f "$st/secret" ] || head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$st/secret"
[ -f "$st/token" ] || head -c 20 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$st/token"
mkdir -p "$st/media" "$st/devices" "$st/health-checks"
# the publisher (user lavaserver, as the scheduler) binds its socket there
mkdir -p "$st/events"
chown lavaserver:lavaserver "$st/events"
cat > "$st/server.env" <<EOF
export DATABASE_URL=postgres://lavaserver:lavaserver@127.0.0.1:$pgport/lavaserver
export SECRET_KEY=$(cat "$st/secret")
export ALLOWED_HOSTS=127.0.0.1,localhost
export LAVA_SETTINGS_MEDIA_ROOT=$st/media/
export LAVA_SETTINGS_DJANGO_LOGFILE=$st/log/django.log
export LAVA_SETTINGS_DEVICES_PATH=$st/devices
export LAVA_SETTINGS_HEALTH_CHECKS_PATH=$st/health-checks
export LAVA_YAML_SETTINGS_DEVICE_TYPES_PATHS='["/usr/share/lava-server/device-types"]'
export LAVA_YAML_SETTINGS_EVENT_NOTIFICATION=true
export LAVA_SETTINGS_INTERNAL_EVENT_SOCKET=ipc://$st/events/internal
export LAVA_SETTINGS_EVENT_SOCKET=tcp://127.0.0.1:$evport
EOF
. "$st/server.env"
manage() { lava-server manage "$@" >> "$st/log/manage.log" 2>&1 || { tail -5 "$st/log/manage.log" >&2; die "lava-server manage $* failed"; }; }
echo "$prog: migrating the database" >&2
manage migrate --noinput
tok=$(cat "$st/token")
if ! lava-server manage users list 2>/dev/null | grep -q '\badmin\b'; then
	manage users add --superuser --staff --passwd admin admin
	manage tokens add --user admin --secret "$tok"
fi
lava-server manage device-types list 2>/dev/null | grep -q '\bqemu\b' || manage device-types add qemu
: > "$st/workers"
i=1
while [ $i -le "$nworkers" ]; do
	w=worker$i d=qemu-$i
	if ! lava-server manage workers list 2>/dev/null | grep -q "\b$w\b"; then
		manage workers add "$w"
	fi
	lava-server manage workers details "$w" 2>/dev/null | sed -n 's/^token *: //p' > "$st/$w.token"
	$PY "$LAVA/device.py" --dict > "$st/devices/$d.jinja2"
	lava-server manage devices list -a 2>/dev/null | grep -q "\b$d\b" ||
		manage devices add --device-type qemu --worker "$w" "$d"
	echo "$w" >> "$st/workers"
	i=$((i + 1))
done

echo "$prog: starting gunicorn on 127.0.0.1:$port, the event publisher, the scheduler, $nworkers worker(s)" >&2
setsid gunicorn3 lava_server.wsgi --bind "127.0.0.1:$port" --workers 2 --timeout 120 \
	--log-file "$st/log/gunicorn.log" > "$st/log/gunicorn.out" 2>&1 < /dev/null &
record gunicorn $!
setsid lava-server manage lava-publisher --host 127.0.0.1 --port "$wsport" --level INFO \
	--log-file "$st/log/publisher.log" > "$st/log/publisher.out" 2>&1 < /dev/null &
record publisher $!
setsid lava-server manage lava-scheduler --event-url "tcp://127.0.0.1:$evport" --level INFO \
	--log-file "$st/log/scheduler.log" > "$st/log/scheduler.out" 2>&1 < /dev/null &
record scheduler $!
i=0
until curl -fsS -o /dev/null "http://127.0.0.1:$port/api/v0.2/system/version/" 2>/dev/null; do
	i=$((i + 1))
	[ $i -lt 120 ] || die "the server did not answer on 127.0.0.1:$port within 60 s (see $st/log/gunicorn.log)"
	[ -n "$(alive | grep '^gunicorn ')" ] || { tail -5 "$st/log/gunicorn.log" >&2; die "gunicorn exited"; }
	sleep 0.5
done
for w in $(cat "$st/workers"); do
	mkdir -p "$st/$w"
	setsid lava-worker --name "$w" --url "http://127.0.0.1:$port/" --token-file "$st/$w.token" \
		--ws-url "http://127.0.0.1:$wsport/ws/" \
		--worker-dir "$st/$w" --ping-interval "${LAVA_PING:-1}" --job-log-interval 1 \
		--log-file "$st/log/$w.log" > "$st/log/$w.out" 2>&1 < /dev/null &
	record "$w" $!
done
# online: the server saw each worker ping
i=0
while :; do
	off=
	for w in $(cat "$st/workers"); do
		lava-server manage workers details "$w" 2>/dev/null | grep -q -i 'state *: *online' || off="$off $w"
	done
	[ -n "$off" ] || break
	i=$((i + 1))
	[ $i -lt 60 ] || die "worker(s)$off never came online (see $st/log/)"
	sleep 1
done
echo "http://127.0.0.1:$port/" > "$st/url"
echo "$prog: up in $(( $(date +%s) - t0 )) s: http://127.0.0.1:$port/ (user admin, token in $st/token); PIDs in $pids" >&2
