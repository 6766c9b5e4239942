// SPDX-License-Identifier: MIT
/*
 * runner.c - the parallel runner of sweep and compare (see runner.h).
 *
 * A child per run (fork, no exec: it has the parent's scenarios already
 * parsed), at most @jobs alive; each writes its result to an unnamed
 * temporary file that the parent reads when the child has exited.  The
 * parent polls its children every RUNNER_POLL_MS, which is also how often
 * it redraws the progress line and notices Ctrl-C.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "progress.h"
#include "runner.h"

#define RUNNER_POLL_MS 20
#define RUNNER_MAX_JOBS 1024

struct child {
	pid_t pid; /* 0: a free slot */
	size_t i;
	FILE *f;
};

struct result {
	char *buf; /* NULL: not yet */
	size_t len;
};

unsigned int runner_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > RUNNER_MAX_JOBS ? RUNNER_MAX_JOBS : (unsigned int)n;
}

int runner_jobs(const char *text, unsigned int *jobs)
{
	unsigned long n;

	if (!text) {
		*jobs = runner_cpus();
		return 0;
	}
	if (!*text || strspn(text, "0123456789") != strlen(text) || strlen(text) > 5 ||
	    (n = strtoul(text, NULL, 10)) < 1 || n > RUNNER_MAX_JOBS) {
		fprintf(stderr, "reclaimsim: --jobs %s: expected a number of processes, 1..%d\n",
			text, RUNNER_MAX_JOBS);
		return -1;
	}
	*jobs = (unsigned int)n;
	return 0;
}

/* Start run @i in a child of slot @c; 0 or -1 after a message. */
static int start(const struct runner *r, struct child *c, size_t i)
{
	FILE *f = tmpfile();
	pid_t pid, parent = getpid();

	if (!f) {
		fprintf(stderr, "reclaimsim: a temporary file: %s\n", strerror(errno));
		return -1;
	}
	/* the child must not write out what the parent has buffered */
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "reclaimsim: fork: %s\n", strerror(errno));
		fclose(f);
		return -1;
	}
	if (!pid) {
		int rc;

		/*
		 * the parent decides what Ctrl-C does to its children; and a
		 * parent gone at once (a second Ctrl-C) takes them with it
		 */
		signal(SIGINT, SIG_IGN);
		signal(SIGTERM, SIG_DFL);
		prctl(PR_SET_PDEATHSIG, SIGTERM);
		if (getppid() != parent)
			_exit(1);
		rc = r->run(i, f, r->arg);
		if (fflush(f) && !rc) {
			fprintf(stderr, "reclaimsim: a temporary file: %s\n", strerror(errno));
			rc = -1;
		}
		_exit(rc ? 1 : 0);
	}
	c->pid = pid;
	c->i = i;
	c->f = f;
	return 0;
}

/* The bytes the child of @c wrote. */
static int slurp(struct child *c, struct result *res)
{
	long n;

	if (fseek(c->f, 0, SEEK_END) || (n = ftell(c->f)) < 0 || fseek(c->f, 0, SEEK_SET))
		goto fail;
	res->buf = malloc((size_t)n + 1);
	if (!res->buf || fread(res->buf, 1, (size_t)n, c->f) != (size_t)n)
		goto fail;
	res->buf[n] = '\0';
	res->len = (size_t)n;
	fclose(c->f);
	c->f = NULL;
	return 0;
fail:
	fprintf(stderr, "reclaimsim: reading a run's result: %s\n", strerror(errno ? errno : EIO));
	free(res->buf);
	res->buf = NULL;
	fclose(c->f);
	c->f = NULL;
	return -1;
}

/* Stop every child still running (a failed run, an interruption). */
static void kill_all(struct child *kids, unsigned int n)
{
	for (unsigned int k = 0; k < n; k++) {
		if (!kids[k].pid)
			continue;
		kill(kids[k].pid, SIGTERM);
		while (waitpid(kids[k].pid, NULL, 0) < 0 && errno == EINTR)
			;
		fclose(kids[k].f);
		kids[k].pid = 0;
	}
}

int runner_run(const struct runner *r, const bool *skip)
{
	struct child *kids = calloc(r->jobs, sizeof(*kids));
	struct result *res = calloc(r->nr + 1, sizeof(*res));
	size_t next = 0, emit = 0, finished = 0, total = 0;
	unsigned int running = 0;
	int rc = 1;

	if (!kids || !res) {
		fprintf(stderr, "reclaimsim: out of memory\n");
		goto out;
	}
	for (size_t i = 0; i < r->nr; i++)
		total += !(skip && skip[i]);
	for (;;) {
		struct timespec nap = { 0, RUNNER_POLL_MS * 1000000L };
		int status;
		pid_t pid;

		/* hand over what is done, in order */
		while (emit < r->nr && ((skip && skip[emit]) || res[emit].buf)) {
			if (res[emit].buf && r->done(emit, res[emit].buf, res[emit].len, r->arg))
				goto out;
			free(res[emit].buf);
			res[emit++].buf = NULL;
		}
		if (emit == r->nr)
			break;
		if (progress_interrupted()) {
			rc = PROGRESS_EXIT_INTERRUPTED;
			goto out;
		}
		while (next < r->nr && skip && skip[next])
			next++;
		if (next < r->nr && running < r->jobs) {
			unsigned int k = 0;

			while (kids[k].pid)
				k++;
			if (start(r, &kids[k], next))
				goto out;
			next++;
			running++;
			continue;
		}
		pid = waitpid(-1, &status, WNOHANG);
		if (pid <= 0) {
			progress_runs(finished, total, running);
			nanosleep(&nap, NULL);
			continue;
		}
		for (unsigned int k = 0; k < r->jobs; k++) {
			struct child *c = &kids[k];

			if (c->pid != pid)
				continue;
			c->pid = 0;
			running--;
			if (!WIFEXITED(status) || WEXITSTATUS(status)) {
				/* its message is on stderr already, unless a signal took it */
				if (!WIFEXITED(status))
					fprintf(stderr,
						"reclaimsim: run %zu: killed by signal %d\n",
						c->i + 1, WTERMSIG(status));
				fclose(c->f);
				goto out;
			}
			if (slurp(c, &res[c->i]))
				goto out;
			finished++;
		}
	}
	rc = 0;
out:
	if (kids)
		kill_all(kids, r->jobs);
	progress_end();
	for (size_t i = 0; res && i < r->nr; i++)
		free(res[i].buf);
	free(res);
	free(kids);
	return rc;
}
