// SPDX-License-Identifier: GPL-2.0
/*
 * sleeptime - suspend once, woken by the RTC, and measure how long it slept.
 *
 * Usage: sleeptime RTC_DIR ALARM STATE_FILE STATE
 *   e.g. sleeptime /sys/class/rtc/rtc0 2 /sys/power/state mem
 *
 * Sets the RTC wake alarm to (RTC now) + ALARM seconds, reads
 * CLOCK_BOOTTIME and CLOCK_MONOTONIC, writes STATE to STATE_FILE, reads
 * both clocks again and prints
 *
 *	write=<0|errno name> slept_ms=<N> mono_ms=<N> rtc_before=<s> rtc_after=<s>
 *
 * slept_ms is how much BOOTTIME - MONOTONIC grew (the time the kernel
 * accounted as suspended), mono_ms how much MONOTONIC grew (time spent
 * running: suspend and resume work).  Doing the alarm here keeps the gap
 * between reading the RTC and starting the suspend to microseconds, so
 * the machine must sleep at least ALARM - 1 s minus the suspend work.
 * Exits 0 when the write succeeded, 1 when it failed, 2 on other errors.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

int main(int argc, char **argv)
{
	long long b0, m0, b1, m1, r0, r1;
	char alarm[32];
	int fd, err = 0;
	size_t len;

	if (argc != 5) {
		fprintf(stderr, "usage: sleeptime RTC_DIR ALARM STATE_FILE STATE\n");
		return 2;
	}
	fd = open(argv[3], O_WRONLY);
	if (fd < 0) {
		fprintf(stderr, "sleeptime: %s: %s\n", argv[3], strerror(errno));
		return 2;
	}
	len = strlen(argv[4]);

	write_str(argv[1], "wakealarm", "0");
	r0 = read_ll(argv[1], "since_epoch");
	snprintf(alarm, sizeof(alarm), "%lld", r0 + atoll(argv[2]));
	write_str(argv[1], "wakealarm", alarm);

	b0 = ns(CLOCK_BOOTTIME);
	m0 = ns(CLOCK_MONOTONIC);
	if (write(fd, argv[4], len) != (ssize_t)len)
		err = errno ? errno : EIO;
	m1 = ns(CLOCK_MONOTONIC);
	b1 = ns(CLOCK_BOOTTIME);
	close(fd);
	r1 = read_ll(argv[1], "since_epoch");

	printf("write=%s slept_ms=%lld mono_ms=%lld rtc_before=%lld rtc_after=%lld\n",
	       err ? strerrorname_np(err) : "0",
	       ((b1 - m1) - (b0 - m0)) / 1000000, (m1 - m0) / 1000000, r0, r1);
	return err ? 1 : 0;
}
