// SPDX-License-Identifier: MIT
/*
 * hbfoot.c - a hackbench written for measuring its memory (not a copy of
 * hackbench.c; the same structure as the 2008 one of seed 000's link):
 *
 *   hbfoot GROUPS process LOOPS [HOLD]  the benchmark: per group, 20 AF_UNIX
 *                                 stream socket pairs; the parent forks
 *                                 20 receivers (each keeps its pair's read
 *                                 end) then 20 senders (each inherits all
 *                                 20 write ends); every child writes a
 *                                 byte to a ready pipe and polls a wake
 *                                 descriptor; the parent reads the ready
 *                                 bytes, takes the time, writes the wake
 *                                 byte, waits for every child.  A sender
 *                                 writes LOOPS rounds of one 100-byte
 *                                 message (a stack buffer) to each of the
 *                                 20 descriptors; a receiver reads 100
 *                                 bytes at a time, 20 * LOOPS messages.
 *                                 Prints "ready PARENT_PID" once every
 *                                 child is ready (and then waits HOLD
 *                                 seconds before the go, for measuring
 *                                 the tasks with no message queued),
 *                                 "Time: S" at the end.
 *   hbfoot probe                  one socket pair nobody reads: 100-byte
 *                                 non-blocking writes until EAGAIN, and
 *                                 SO_SNDBUF: what one queued message
 *                                 costs the sender's socket (truesize).
 *
 * Used by bench/hackbench-footprint.py (bench/results/hackbench-footprint.txt).
 * Build: gcc -O2 -o hbfoot bench/hbfoot.c
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#define NFDS 20
#define MSG 100

static void die(const char *what)
{
	perror(what);
	exit(1);
}

/* ready(): one byte to the parent, then wait for its go */
static void wait_go(int ready_w, int wake_r)
{
	struct pollfd p = { .fd = wake_r, .events = POLLIN };
	char c = 'r';

	if (write(ready_w, &c, 1) != 1 || poll(&p, 1, -1) != 1)
		die("ready");
}

static void sender(const int *out, unsigned long loops, int ready_w, int wake_r)
{
	char buf[MSG];

	wait_go(ready_w, wake_r);
	memset(buf, 's', sizeof(buf));
	for (unsigned long i = 0; i < loops; i++)
		for (int j = 0; j < NFDS; j++) {
			size_t done = 0;

			while (done < sizeof(buf)) {
				ssize_t r = write(out[j], buf + done, sizeof(buf) - done);

				if (r < 0)
					die("write");
				done += (size_t)r;
			}
		}
}

static void receiver(int in, unsigned long msgs, int ready_w, int wake_r)
{
	wait_go(ready_w, wake_r);
	for (unsigned long i = 0; i < msgs; i++) {
		char buf[MSG];
		size_t done = 0;

		while (done < sizeof(buf)) {
			ssize_t r = read(in, buf + done, sizeof(buf) - done);

			if (r <= 0)
				die("read");
			done += (size_t)r;
		}
	}
}

static int probe(void)
{
	int sv[2], sndbuf;
	socklen_t len = sizeof(sndbuf);
	char buf[MSG] = { 0 };
	long n = 0;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) ||
	    getsockopt(sv[1], SOL_SOCKET, SO_SNDBUF, &sndbuf, &len))
		die("socketpair");
	fcntl(sv[1], F_SETFL, O_NONBLOCK);
	while (write(sv[1], buf, sizeof(buf)) == (ssize_t)sizeof(buf))
		n++;
	printf("SO_SNDBUF %d messages_until_EAGAIN %ld bytes_per_message %.1f\n", sndbuf, n,
	       (double)sndbuf / (double)n);
	return 0;
}

int main(int argc, char **argv)
{
	int ready[2], wake[2];
	unsigned int groups, nchild;
	unsigned long loops;
	pid_t *pids;
	struct timeval t0, t1;
	char c;

	if (argc == 2 && !strcmp(argv[1], "probe"))
		return probe();
	if ((argc != 4 && argc != 5) || strcmp(argv[2], "process")) {
		fprintf(stderr, "usage: hbfoot GROUPS process LOOPS [HOLD] | hbfoot probe\n");
		return 2;
	}
	groups = (unsigned int)atoi(argv[1]);
	loops = strtoul(argv[3], NULL, 10);
	nchild = groups * 2 * NFDS;
	pids = calloc(nchild, sizeof(*pids));
	if (!pids || pipe(ready) || pipe(wake))
		die("setup");
	for (unsigned int g = 0, k = 0; g < groups; g++) {
		int out[NFDS];

		for (int i = 0; i < NFDS; i++, k++) {
			int sv[2];

			if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
				die("socketpair");
			pids[k] = fork();
			if (pids[k] < 0)
				die("fork");
			if (!pids[k]) {
				close(sv[1]);
				receiver(sv[0], (unsigned long)NFDS * loops, ready[1], wake[0]);
				_exit(0);
			}
			close(sv[0]);
			out[i] = sv[1];
		}
		for (int i = 0; i < NFDS; i++, k++) {
			pids[k] = fork();
			if (pids[k] < 0)
				die("fork");
			if (!pids[k]) {
				sender(out, loops, ready[1], wake[0]);
				_exit(0);
			}
		}
		for (int i = 0; i < NFDS; i++)
			close(out[i]);
	}
	for (unsigned int i = 0; i < nchild; i++)
		if (read(ready[0], &c, 1) != 1)
			die("ready read");
	printf("ready %d\n", (int)getpid());
	fflush(stdout);
	if (argc == 5)
		sleep((unsigned int)atoi(argv[4]));
	gettimeofday(&t0, NULL);
	if (write(wake[1], &c, 1) != 1)
		die("wake");
	for (unsigned int i = 0; i < nchild; i++)
		waitpid(pids[i], NULL, 0);
	gettimeofday(&t1, NULL);
	printf("Time: %.3f\n", (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_usec - t0.tv_usec) / 1e6);
	return 0;
}
