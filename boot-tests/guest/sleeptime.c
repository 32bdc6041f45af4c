// SPDX-License-Identifier: GPL-2.0
/*
 * sleeptime - suspend once and measure how long the machine slept.
 *
 * Usage: sleeptime STATE_FILE STATE
 *
 * Reads CLOCK_BOOTTIME and CLOCK_MONOTONIC, writes STATE (e.g. "mem") to
 * STATE_FILE (/sys/power/state), reads both clocks again and prints
 *
 *	write=<0|errno name> slept_ms=<N> mono_ms=<N>
 *
 * where slept_ms is how much BOOTTIME - MONOTONIC grew (the time the
 * kernel accounted as suspended) and mono_ms how much MONOTONIC grew (time
 * spent running: suspend and resume work).  Exits 0 when the write
 * succeeded, 1 when it failed, 2 on a usage or clock error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static long long ns(clockid_t id)
{
	struct timespec ts;

	if (clock_gettime(id, &ts)) {
		perror("sleeptime: clock_gettime");
		return -1;
	}
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	long long b0, m0, b1, m1;
	int fd, err = 0;
	size_t len;

	if (argc != 3) {
		fprintf(stderr, "usage: sleeptime STATE_FILE STATE\n");
		return 2;
	}
	fd = open(argv[1], O_WRONLY);
	if (fd < 0) {
		fprintf(stderr, "sleeptime: %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	len = strlen(argv[2]);

	b0 = ns(CLOCK_BOOTTIME);
	m0 = ns(CLOCK_MONOTONIC);
	if (write(fd, argv[2], len) != (ssize_t)len)
		err = errno ? errno : EIO;
	m1 = ns(CLOCK_MONOTONIC);
	b1 = ns(CLOCK_BOOTTIME);
	close(fd);
	if (b0 < 0 || m0 < 0 || b1 < 0 || m1 < 0)
		return 2;

	printf("write=%s slept_ms=%lld mono_ms=%lld\n",
	       err ? strerrorname_np(err) : "0",
	       ((b1 - m1) - (b0 - m0)) / 1000000, (m1 - m0) / 1000000);
	return err ? 1 : 0;
}
