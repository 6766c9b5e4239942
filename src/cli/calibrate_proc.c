// SPDX-License-Identifier: MIT
/*
 * calibrate_proc.c - the microbenchmarks of `reclaimsim calibrate` for what
 * the oracle's programs (data/oracle/src/common.h) read after each phase:
 *   smaps read      a child process maps a private anonymous region of
 *                   @bytes, writes each page, and reads /proc/self/smaps
 *                   as the programs do (line by line up to the region's
 *                   entry and through it): its CPU time per read.  The
 *                   kernel walks the region's page tables for it
 *                   (smaps_pte_range), so two region sizes give a cost per
 *                   resident page and a rest: the text of the VMAs before
 *                   and of the region
 *   phase line      the rest of a phase line: getrusage three times, the
 *                   group's usage and memsw usage files (v2: memory.current
 *                   and memory.swap.current), its memory.stat and
 *                   /proc/vmstat, each opened, read and closed; CPU time
 *                   per line.  The group is this process's memory cgroup
 *                   (/proc/self/cgroup); files that cannot be opened are
 *                   left out and *group says so
 * Times are the thread's own CPU time (CLOCK_THREAD_CPUTIME_ID).
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "calibrate_proc.h"

#define PAGE 4096UL
#define SMAPS_READS 200
#define LINE_READS 2000

double calib_thread_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* Read smaps line by line through the entry of the VMA at @addr, as oc_smaps_for() does. */
static int read_smaps_to(const void *addr)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	char line[512];
	unsigned long start, end;
	int in = 0;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx ", &start, &end) == 2 &&
		    strchr(line, '-') < strchr(line, ' ')) {
			if (in)
				break;
			in = start == (uintptr_t)addr;
		}
	}
	fclose(f);
	return in ? 0 : -1;
}

int calib_smaps_read_ns(size_t bytes, double *out)
{
	int fd[2];
	pid_t pid;
	double v = -1;

	if (pipe(fd))
		return -1;
	pid = fork();
	if (pid < 0) {
		close(fd[0]);
		close(fd[1]);
		return -1;
	}
	if (!pid) {
		char *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1,
			       0);
		double t0;

		if (p != MAP_FAILED) {
			madvise(p, bytes, MADV_NOHUGEPAGE); /* as anonfill: a PTE per page */
			for (size_t i = 0; i < bytes; i += PAGE)
				p[i] = 1;
			t0 = calib_thread_cpu_ns();
			for (int i = 0; i < SMAPS_READS; i++)
				if (read_smaps_to(p))
					_exit(1);
			v = (calib_thread_cpu_ns() - t0) / SMAPS_READS;
		}
		_exit(write(fd[1], &v, sizeof(v)) == sizeof(v) && v >= 0 ? 0 : 1);
	}
	close(fd[1]);
	if (read(fd[0], &v, sizeof(v)) != sizeof(v))
		v = -1;
	close(fd[0]);
	waitpid(pid, NULL, 0);
	if (v < 0)
		return -1;
	*out = v;
	return 0;
}

/* open, read and close a file as the programs do; 0 if it could be read */
static int read_file(const char *path)
{
	char buf[16384];
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf));
	close(fd);
	return n > 0 ? 0 : -1;
}

/* this process's memory cgroup directory: v1's memory hierarchy, else v2's */
static int group_dir(char *dir, size_t len, int *v2)
{
	FILE *f = fopen("/proc/self/cgroup", "r");
	char line[512];
	int found = 0;

	if (!f)
		return -1;
	while (!found && fgets(line, sizeof(line), f)) {
		char *p = strstr(line, ":memory:");

		line[strcspn(line, "\n")] = 0;
		if (p) {
			snprintf(dir, len, "/sys/fs/cgroup/memory%s", p + strlen(":memory:"));
			*v2 = 0;
			found = 1;
		} else if (!strncmp(line, "0::", 3)) {
			snprintf(dir, len, "/sys/fs/cgroup%s", line + 3);
			*v2 = 1;
		}
	}
	fclose(f);
	return found || *v2 ? 0 : -1;
}

int calib_phase_line_ns(double *out, int *group)
{
	static const char *const v1[] = { "memory.usage_in_bytes", "memory.memsw.usage_in_bytes",
					  "memory.stat" };
	static const char *const v2[] = { "memory.current", "memory.swap.current", "memory.stat" };
	char dir[600], paths[3][700];
	int n = 0, is_v2 = 0;
	double t0;

	if (!group_dir(dir, sizeof(dir), &is_v2))
		for (int i = 0; i < 3; i++) {
			snprintf(paths[n], sizeof(paths[n]), "%s/%s", dir, (is_v2 ? v2 : v1)[i]);
			n += !read_file(paths[n]);
		}
	*group = n;
	t0 = calib_thread_cpu_ns();
	for (int r = 0; r < LINE_READS; r++) {
		struct rusage ru;

		for (int i = 0; i < 3; i++)
			getrusage(RUSAGE_SELF, &ru);
		for (int i = 0; i < n; i++)
			read_file(paths[i]);
		if (read_file("/proc/vmstat"))
			return -1;
	}
	*out = (calib_thread_cpu_ns() - t0) / LINE_READS;
	return 0;
}
