// SPDX-License-Identifier: GPL-2.0
/*
 * qmp-wake - wake a suspended QEMU guest: at once when the host is its
 * wake source, or when its wake-up event was lost.
 *
 * Usage: qmp-wake SOCKET GRACE [WAKE [HOST_MS]]
 *
 * QEMU wakes a guest from S3 only on a wake event that arrives while the
 * guest is suspended: an RTC alarm that comes due while the guest is
 * still on its way into S3 (between syscore_suspend() and SLP_EN, say,
 * on a loaded host) is lost, and the guest sleeps for ever.  This follows
 * QEMU's QMP events on SOCKET (retrying while QEMU starts) and prints one
 * line per SUSPEND and WAKEUP event with QEMU's timestamp:
 *
 *	suspend <n> at <epoch seconds.micro>
 *	host <n> at <epoch seconds.micro>
 *	wakeup <n> at <epoch seconds.micro>
 *	rescue <n> at <epoch seconds.micro>
 *
 * WAKE is the boot's plan of wake sources, the guest's st.wake (e.g.
 * "rtc,alarmtimer,host"): suspend number n is woken by its n-th entry,
 * taken in turn.  A "host" entry is this program: it sends system_wakeup
 * HOST_MS milliseconds (default 0: at once) after the SUSPEND event and
 * prints the "host" line (the cycles that exist to run the syscore
 * callbacks, not to test a wake source, need not sleep for a second of
 * the RTC).  At once is safe: QEMU sends SUSPEND when the guest is in S3.
 * (A wake at once left many resumes slow, 37 of 60 cycles, while the
 * guest left SeaBIOS's F segment write-protected; the guest's init opens
 * it now, and 50 cycles woken at once took 71-172 ms.  README, "The cause
 * is the firmware".)
 *
 * When no WAKEUP follows SUSPEND number n within GRACE seconds it sends
 * system_wakeup and prints the "rescue" line.  Whether the alarm was lost
 * (due before the SUSPEND event) or never fired is for the host's checks
 * to say: they know when each alarm was due.  Exits when QEMU closes the
 * socket, 2 when it cannot connect within 30 s.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static int qmp_connect(const char *path)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	int i, fd;

	if (strlen(path) >= sizeof(sa.sun_path)) {
		fprintf(stderr, "qmp-wake: socket path too long: %s\n", path);
		exit(2);
	}
	strcpy(sa.sun_path, path);
	for (i = 0; i < 300; i++) {
		fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (fd < 0) {
			perror("qmp-wake: socket");
			exit(2);
		}
		if (!connect(fd, (struct sockaddr *)&sa, sizeof(sa)))
			return fd;
		close(fd);
		usleep(100000);
	}
	fprintf(stderr, "qmp-wake: cannot connect to %s: %s\n", path, strerror(errno));
	exit(2);
}

static void send_cmd(int fd, const char *cmd)
{
	size_t len = strlen(cmd);

	if (write(fd, cmd, len) != (ssize_t)len)
		perror("qmp-wake: write");
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* QEMU's event timestamp: "timestamp": {"seconds": S, "microseconds": U} */
static void stamp(const char *ev, char *out, size_t len)
{
	const char *s = strstr(ev, "\"seconds\":");
	const char *u = strstr(ev, "\"microseconds\":");

	if (!s || !u) {
		snprintf(out, len, "?");
		return;
	}
	snprintf(out, len, "%ld.%06ld", strtol(s + 10, NULL, 10), strtol(u + 15, NULL, 10));
}

/* the N-th (from 1) entry of the comma-separated PLAN, taken in turn, is "host" */
static int host_wakes(const char *plan, int n)
{
	int count = 1, i;
	const char *p;

	if (!plan || !*plan)
		return 0;
	for (p = plan; *p; p++)
		count += *p == ',';
	for (p = plan, i = (n - 1) % count; i > 0; i--)
		p = strchr(p, ',') + 1;
	return !strncmp(p, "host", 4) && (p[4] == ',' || p[4] == '\0');
}

int main(int argc, char **argv)
{
	char buf[65536], ts[64];
	size_t have = 0;
	double grace, host_s = 0, deadline = 0;
	int fd, nsusp = 0, nwake = 0, by_host = 0;

	if (argc < 3 || argc > 5) {
		fprintf(stderr, "usage: qmp-wake SOCKET GRACE [WAKE [HOST_MS]]\n");
		return 2;
	}
	grace = atof(argv[2]);
	if (argc == 5)
		host_s = atof(argv[4]) / 1000;
	setvbuf(stdout, NULL, _IOLBF, 0);
	fd = qmp_connect(argv[1]);
	send_cmd(fd, "{\"execute\": \"qmp_capabilities\"}\n");

	for (;;) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		int tmo = -1;
		char *nl;
		ssize_t n;

		if (deadline) {
			double left = deadline - now();

			tmo = left > 0 ? (int)(left * 1000) + 1 : 0;
		}
		n = poll(&p, 1, tmo);
		if (n < 0 && errno != EINTR) {
			perror("qmp-wake: poll");
			return 2;
		}
		if (n == 0 && deadline && now() >= deadline) {
			struct timespec rt;

			clock_gettime(CLOCK_REALTIME, &rt);
			printf("%s %d at %ld.%06ld\n", by_host ? "host" : "rescue", nsusp,
			       (long)rt.tv_sec, rt.tv_nsec / 1000);
			send_cmd(fd, "{\"execute\": \"system_wakeup\"}\n");
			deadline = 0;
			continue;
		}
		if (n <= 0)
			continue;
		n = read(fd, buf + have, sizeof(buf) - 1 - have);
		if (n <= 0)
			return 0;	/* QEMU went away */
		have += n;
		buf[have] = '\0';
		while ((nl = strchr(buf, '\n'))) {
			*nl = '\0';
			if (strstr(buf, "\"event\": \"SUSPEND\"")) {
				stamp(buf, ts, sizeof(ts));
				printf("suspend %d at %s\n", ++nsusp, ts);
				by_host = host_wakes(argc >= 4 ? argv[3] : NULL, nsusp);
				deadline = now() + (by_host ? host_s : grace);
			} else if (strstr(buf, "\"event\": \"WAKEUP\"")) {
				stamp(buf, ts, sizeof(ts));
				printf("wakeup %d at %s\n", ++nwake, ts);
				deadline = 0;
			}
			have -= nl + 1 - buf;
			memmove(buf, nl + 1, have + 1);
		}
		if (have == sizeof(buf) - 1)
			have = 0;	/* a line longer than the buffer: drop it */
	}
}
