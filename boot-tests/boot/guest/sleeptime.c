// SPDX-License-Identifier: GPL-2.0
/*
 * sleeptime - suspend (or hibernate) once and measure how long it slept.
 *
 * Usage: sleeptime RTC_DIR WAKE STATE_FILE STATE
 *   e.g. sleeptime /sys/class/rtc/rtc0 rtc:2 /sys/power/state mem
 *
 * WAKE says what wakes the machine:
 *   rtc:N         the RTC wake alarm (RTC_DIR/wakealarm) at RTC now + N s
 *   alarmtimer:N  a timerfd on CLOCK_REALTIME_ALARM, N s (a decimal) from now, the way
 *                 user-space suspend tools do it: the kernel's alarmtimer
 *                 programs the RTC when the system suspends
 *   none          nothing (hibernation: the machine powers off)
 *   N             the same as rtc:N
 * It reads CLOCK_BOOTTIME and CLOCK_MONOTONIC, writes STATE to
 * STATE_FILE, reads both clocks again and prints
 *
 *	write=<0|errno name> slept_ms=<N> mono_ms=<N> rtc_before=<s> rtc_after=<s> wake=<how>[ expired=<K>]
 *
 * slept_ms is how much BOOTTIME - MONOTONIC grew (the time the kernel
 * accounted as suspended), mono_ms how much MONOTONIC grew (time spent
 * running: suspend and resume work), expired how often the alarm timer
 * fired (alarmtimer only): the RTC alarm it programmed has second
 * resolution and may wake the machine a little before the timer is due,
 * so this waits up to 2 s after the write returned for it to fire.  Setting the
 * alarm here keeps the gap between reading the RTC and starting the
 * suspend to microseconds, so the machine must sleep at least N - 1 s
 * minus the suspend work.
 * Exits 0 when the write succeeded, 1 when it failed, 2 on other errors.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

static long long ns(clockid_t id)
{
	struct timespec ts;

	if (clock_gettime(id, &ts)) {
		perror("sleeptime: clock_gettime");
		exit(2);
	}
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static long long read_ll(const char *dir, const char *name)
{
	char path[256], buf[64];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_RDONLY);
	if (fd < 0 || (n = read(fd, buf, sizeof(buf) - 1)) <= 0) {
		fprintf(stderr, "sleeptime: %s: %s\n", path, strerror(errno));
		exit(2);
	}
	close(fd);
	buf[n] = '\0';
	return atoll(buf);
}

static void write_str(const char *dir, const char *name, const char *val)
{
	char path[256];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_WRONLY);
	if (fd < 0 || write(fd, val, strlen(val)) != (ssize_t)strlen(val)) {
		fprintf(stderr, "sleeptime: %s: %s\n", path, strerror(errno));
		exit(2);
	}
	close(fd);
}

/*
 * A timerfd on CLOCK_REALTIME_ALARM that fires SECS seconds from now
 * (a decimal: the alarmtimer needs 2 s and a margin, not 3).
 */
static int alarm_timer(const char *secs)
{
	int fd = timerfd_create(CLOCK_REALTIME_ALARM, TFD_NONBLOCK);
	char *end;
	double d = strtod(secs, &end);

	if (end == secs || *end || d <= 0) {
		fprintf(stderr, "sleeptime: alarmtimer:%s: not a number of seconds\n", secs);
		exit(2);
	}
	if (fd < 0) {
		perror("sleeptime: timerfd_create(CLOCK_REALTIME_ALARM)");
		exit(2);
	}
	struct itimerspec its = { .it_value = {
		.tv_sec = (time_t)d,
		.tv_nsec = (long)((d - (time_t)d) * 1e9),
	} };

	if (timerfd_settime(fd, 0, &its, NULL)) {
		perror("sleeptime: timerfd_settime");
		exit(2);
	}
	return fd;
}

int main(int argc, char **argv)
{
	long long b0, m0, b1, m1, r0, r1, secs = 0;
	const char *wake = "none";
	char alarm[32], expired[32] = "";
	int fd, tfd = -1, err = 0;
	uint64_t n = 0;
	size_t len;

	if (argc != 5) {
		fprintf(stderr, "usage: sleeptime RTC_DIR rtc:N|alarmtimer:N|none STATE_FILE STATE\n");
		return 2;
	}
	if (!strncmp(argv[2], "rtc:", 4)) {
		wake = "rtc";
		secs = atoll(argv[2] + 4);
	} else if (!strncmp(argv[2], "alarmtimer:", 11)) {
		wake = "alarmtimer";
	} else if (strcmp(argv[2], "none")) {
		wake = "rtc";
		secs = atoll(argv[2]);
	}
	fd = open(argv[3], O_WRONLY);
	if (fd < 0) {
		fprintf(stderr, "sleeptime: %s: %s\n", argv[3], strerror(errno));
		return 2;
	}
	len = strlen(argv[4]);

	write_str(argv[1], "wakealarm", "0");
	r0 = read_ll(argv[1], "since_epoch");
	if (!strcmp(wake, "rtc")) {
		snprintf(alarm, sizeof(alarm), "%lld", r0 + secs);
		write_str(argv[1], "wakealarm", alarm);
	} else if (!strcmp(wake, "alarmtimer")) {
		tfd = alarm_timer(argv[2] + 11);
	}

	b0 = ns(CLOCK_BOOTTIME);
	m0 = ns(CLOCK_MONOTONIC);
	if (write(fd, argv[4], len) != (ssize_t)len)
		err = errno ? errno : EIO;
	m1 = ns(CLOCK_MONOTONIC);
	b1 = ns(CLOCK_BOOTTIME);
	close(fd);
	r1 = read_ll(argv[1], "since_epoch");
	if (tfd >= 0) {
		struct pollfd p = { .fd = tfd, .events = POLLIN };

		if (poll(&p, 1, 2000) != 1 || read(tfd, &n, sizeof(n)) != sizeof(n))
			n = 0;	/* it has not fired */
		snprintf(expired, sizeof(expired), " expired=%llu", (unsigned long long)n);
		close(tfd);
	}

	printf("write=%s slept_ms=%lld mono_ms=%lld rtc_before=%lld rtc_after=%lld wake=%s%s\n",
	       err ? strerrorname_np(err) : "0",
	       ((b1 - m1) - (b0 - m0)) / 1000000, (m1 - m0) / 1000000, r0, r1,
	       wake, expired);
	return err ? 1 : 0;
}
