// SPDX-License-Identifier: MIT
/*
 * calibrate_io.c - the microbenchmarks of `reclaimsim calibrate` that go
 * through a socket or a file (calibrate.c has the CPU and memory ones):
 *   socket round trip  100 bytes (hackbench's message) each way over a
 *                   unix stream socketpair between two processes on CPU 0:
 *                   one process's CPU time per round trip (one send, one
 *                   receive, one sleep and one wake-up)
 *   TCP round trip  a 100-byte request and a reply of @reply_bytes over a
 *                   TCP connection on 127.0.0.1 (TCP_NODELAY, as tbench
 *                   sets it), client and server on CPU 0: the two
 *                   processes' CPU time per round trip, the loopback
 *                   softirq included (it runs in the sender's context)
 *   page-cache write  write() of @chunk bytes at a time appended to a new
 *                   file in the temporary directory, CPU time per 4 KiB
 *                   page; the file is removed before it is written back.
 *                   4 KiB chunks get order-0 folios (a write of one page
 *                   asks for no larger one): the model's page; 1 MiB
 *                   chunks (dd bs=1M) large folios on ext4
 *   small file op   dbench's kind of operation: create a file, write 4
 *                   KiB, read them back, close and unlink it, CPU time per
 *                   operation
 * Times are the threads' own CPU time (CLOCK_THREAD_CPUTIME_ID): the host's
 * other load is not counted.  Without CONFIG_IRQ_TIME_ACCOUNTING (the
 * development VM's kernel) softirq work counts to the task it interrupts.
 */
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "calibrate_io.h"

#define MSG_BYTES 100 /* hackbench's DATASIZE; tbench's request header (tbench.c) */
#define MAX_REPLY (1UL << 20)

static double thread_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static void pin0(void)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(0, &set);
	sched_setaffinity(0, sizeof(set), &set); /* best effort: a busy host may refuse */
}

/* read exactly @len bytes; -1 on EOF or error */
static int read_full(int fd, char *buf, size_t len)
{
	while (len) {
		ssize_t n = read(fd, buf, len);

		if (n <= 0)
			return -1;
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

static int write_full(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t n = write(fd, buf, len);

		if (n <= 0)
			return -1;
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

/* ---- unix socket: hackbench's message ---- */

int calib_unix_round_trip_ns(double *out)
{
	const int n = 50000;
	char msg[MSG_BYTES] = { 0 };
	int sv[2];
	double t0;
	pid_t pid;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return -1;
	pid = fork();
	if (pid < 0) {
		close(sv[0]);
		close(sv[1]);
		return -1;
	}
	if (!pid) {
		pin0();
		for (int i = 0; i < n; i++)
			if (read_full(sv[1], msg, sizeof(msg)) ||
			    write_full(sv[1], msg, sizeof(msg)))
				_exit(1);
		_exit(0);
	}
	pin0();
	t0 = thread_ns();
	for (int i = 0; i < n; i++)
		if (write_full(sv[0], msg, sizeof(msg)) || read_full(sv[0], msg, sizeof(msg)))
			break;
	*out = (thread_ns() - t0) / n;
	waitpid(pid, NULL, 0);
	close(sv[0]);
	close(sv[1]);
	return 0;
}

/* ---- TCP over loopback: tbench's operation ---- */

static int tcp_listener(int *port)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t len = sizeof(a);
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	if (fd < 0)
		return -1;
	if (bind(fd, (struct sockaddr *)&a, sizeof(a)) || listen(fd, 1) ||
	    getsockname(fd, (struct sockaddr *)&a, &len)) {
		close(fd);
		return -1;
	}
	*port = ntohs(a.sin_port);
	return fd;
}

static void nodelay(int fd)
{
	int one = 1;

	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
}

/* the server: @n requests answered, then its CPU time written to @report */
static void tcp_server(int lfd, int report, int n, size_t reply_bytes, char *buf)
{
	int fd = accept(lfd, NULL, NULL);
	double t0;

	if (fd < 0)
		_exit(1);
	nodelay(fd);
	pin0();
	t0 = thread_ns();
	for (int i = 0; i < n; i++)
		if (read_full(fd, buf, MSG_BYTES) || write_full(fd, buf, reply_bytes))
			_exit(1);
	t0 = thread_ns() - t0;
	if (write(report, &t0, sizeof(t0)) != sizeof(t0))
		_exit(1);
	_exit(0);
}

int calib_tcp_round_trip_ns(size_t reply_bytes, double *out)
{
	const int n = 20000;
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	int port, lfd, fd = -1, rep[2] = { -1, -1 }, rc = -1;
	char *buf = reply_bytes <= MAX_REPLY ? calloc(1, reply_bytes) : NULL;
	double t0, client, server = -1;
	pid_t pid;

	if (!buf)
		return -1;
	lfd = tcp_listener(&port);
	if (lfd < 0 || pipe(rep))
		goto out;
	pid = fork();
	if (pid < 0)
		goto out;
	if (!pid)
		tcp_server(lfd, rep[1], n, reply_bytes, buf);
	a.sin_port = htons((unsigned short)port);
	fd = socket(AF_INET, SOCK_STREAM, 0);
	if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof(a))) {
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		goto out;
	}
	nodelay(fd);
	pin0();
	t0 = thread_ns();
	for (int i = 0; i < n; i++)
		if (write_full(fd, buf, MSG_BYTES) || read_full(fd, buf, reply_bytes))
			break;
	client = thread_ns() - t0;
	if (read(rep[0], &server, sizeof(server)) == sizeof(server) && server >= 0) {
		*out = (client + server) / n;
		rc = 0;
	}
	waitpid(pid, NULL, 0);
out:
	if (fd >= 0)
		close(fd);
	if (lfd >= 0)
		close(lfd);
	if (rep[0] >= 0) {
		close(rep[0]);
		close(rep[1]);
	}
	free(buf);
	return rc;
}

/* ---- the page cache ---- */

static int temp_file(char *path, size_t size)
{
	int fd;

	snprintf(path, size, "%s/reclaimsim-calibrate-XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	fd = mkstemp(path);
	if (fd >= 0)
		unlink(path);
	return fd;
}

int calib_pagecache_write_ns(size_t chunk, double *out)
{
	const size_t bytes = 64UL << 20; /* far below the dirty limits of a 24 GiB VM */
	char path[4096], *buf = chunk && chunk <= MAX_REPLY ? malloc(chunk) : NULL;
	double t0;
	int fd = buf ? temp_file(path, sizeof(path)) : -1;

	if (fd < 0) {
		free(buf);
		return -1;
	}
	memset(buf, 1, chunk);
	t0 = thread_ns();
	for (size_t done = 0; done < bytes; done += chunk)
		if (write(fd, buf, chunk) != (ssize_t)chunk) {
			close(fd);
			free(buf);
			return -1;
		}
	*out = (thread_ns() - t0) / (double)(bytes / 4096);
	close(fd); /* unlinked: the pages go without being written */
	free(buf);
	return 0;
}

int calib_small_file_op_ns(double *out)
{
	const int n = 20000;
	char dir[4096], path[4200], page[4096];
	double t0;
	int rc = 0;

	snprintf(dir, sizeof(dir), "%s/reclaimsim-calibrate-XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (!mkdtemp(dir))
		return -1;
	snprintf(path, sizeof(path), "%s/f", dir);
	memset(page, 1, sizeof(page));
	t0 = thread_ns();
	for (int i = 0; i < n && !rc; i++) {
		int fd = open(path, O_CREAT | O_RDWR | O_TRUNC, 0600);

		if (fd < 0 || pwrite(fd, page, sizeof(page), 0) != (ssize_t)sizeof(page) ||
		    pread(fd, page, sizeof(page), 0) != (ssize_t)sizeof(page))
			rc = -1;
		if (fd >= 0)
			close(fd);
		unlink(path);
	}
	*out = (thread_ns() - t0) / n;
	rmdir(dir);
	return rc;
}
