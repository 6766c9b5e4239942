// SPDX-License-Identifier: MIT
/*
 * majfault-cpu.c - what one major fault and one 4 KiB direct read cost the
 * task on this machine's disk: its CPU time (CLOCK_THREAD_CPUTIME_ID), its
 * runqueue wait (/proc/self/schedstat) and the rest, asleep on the I/O.
 *
 *   majfault-cpu FILE [MIB] [REPS]
 *
 * FILE (MIB, default 64 MiB) is written once and fsynced.  Each rep then:
 *   fault   drops the file's cache (POSIX_FADV_DONTNEED), maps it with
 *           MADV_RANDOM (no read-around: one page a read) and writes one
 *           byte of each page in a random order: every touch is a major
 *           fault of filemap_fault's (the page cache, not swap: the nearest
 *           path a user can drive without a swap file; it shares the bio,
 *           the sleep on the locked folio, the completion and the wake-up
 *           with a swap-in)
 *   direct  pread()s every page of the file once with O_DIRECT, 4 KiB,
 *           queue depth 1, in the same random order
 * and prints per operation: wall, CPU, runqueue wait, asleep (the rest).
 * No root, no memcg, no swap.  bench/results/majfault-cpu.txt has a run.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static double now(clockid_t c)
{
	struct timespec ts;

	clock_gettime(c, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* this thread's time waiting on a runqueue, s (schedstat's second field) */
static double runq(void)
{
	unsigned long long run = 0, wait = 0;
	FILE *f = fopen("/proc/thread-self/schedstat", "r");

	if (f) {
		if (fscanf(f, "%llu %llu", &run, &wait) != 2)
			wait = 0;
		fclose(f);
	}
	return (double)wait * 1e-9;
}

struct sample {
	double wall, cpu, rq;
};

static struct sample start(void)
{
	struct sample s = { now(CLOCK_MONOTONIC), now(CLOCK_THREAD_CPUTIME_ID), runq() };

	return s;
}

static void report(const char *what, struct sample s, long n, long majflt)
{
	double wall = now(CLOCK_MONOTONIC) - s.wall, cpu = now(CLOCK_THREAD_CPUTIME_ID) - s.cpu;
	double rq = runq() - s.rq;

	printf("%-6s %6ld ops %6ld majflt: a op wall %6.1f us, CPU %5.1f us, runq %5.1f us, asleep %5.1f us\n",
	       what, n, majflt, wall / n * 1e6, cpu / n * 1e6, rq / n * 1e6,
	       (wall - cpu - rq) / n * 1e6);
}

static long majflt(void)
{
	struct rusage ru;

	getrusage(RUSAGE_THREAD, &ru);
	return ru.ru_majflt;
}

int main(int argc, char **argv)
{
	size_t mib = argc > 2 ? strtoul(argv[2], NULL, 0) : 64, pages = mib * 256, ps = 4096;
	int reps = argc > 3 ? atoi(argv[3]) : 3;
	size_t *order = malloc(pages * sizeof(*order));
	char *buf = aligned_alloc(ps, 1 << 20);
	int fd;

	if (argc < 2 || !order || !buf)
		return fprintf(stderr, "usage: majfault-cpu FILE [MIB] [REPS]\n"), 2;
	fd = open(argv[1], O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		return perror(argv[1]), 1;
	memset(buf, 0x5a, 1 << 20);
	for (size_t i = 0; i < mib; i++)
		if (write(fd, buf, 1 << 20) != 1 << 20)
			return perror("write"), 1;
	fsync(fd);
	srand(1);
	for (size_t i = 0; i < pages; i++)
		order[i] = i;
	for (size_t i = pages - 1; i > 0; i--) {
		size_t j = (size_t)rand() % (i + 1), t = order[i];

		order[i] = order[j];
		order[j] = t;
	}
	for (int r = 0; r < reps; r++) {
		char *map;
		struct sample s;
		long m0;
		int dfd;

		posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
		map = mmap(NULL, pages * ps, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		if (map == MAP_FAILED)
			return perror("mmap"), 1;
		madvise(map, pages * ps, MADV_RANDOM);
		m0 = majflt();
		s = start();
		for (size_t i = 0; i < pages; i++)
			map[order[i] * ps] = 1;
		report("fault", s, (long)pages, majflt() - m0);
		munmap(map, pages * ps);
		fsync(fd);
		dfd = open(argv[1], O_RDONLY | O_DIRECT);
		if (dfd < 0)
			return perror("O_DIRECT"), 1;
		s = start();
		for (size_t i = 0; i < pages; i++)
			if (pread(dfd, buf, ps, (off_t)(order[i] * ps)) != (ssize_t)ps)
				return perror("pread"), 1;
		report("direct", s, (long)pages, 0);
		close(dfd);
	}
	close(fd);
	unlink(argv[1]);
	return 0;
}
