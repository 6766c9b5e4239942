// SPDX-License-Identifier: MIT
/*
 * test_bug.c - the VM_BUG_ON checks (src/sim/bug.h) stop a model that
 * breaks an invariant: in a child process, a page already on an LRU is
 * added again, a task already on a wait queue sleeps on a second one, and
 * a bio goes to the block layer without a place on its device;
 * the child must die of SIGABRT after printing the file, line and
 * condition.  Only built with CONFIG_DEBUG_VM (the ASan pass of `make
 * check`); the normal build compiles the checks out and skips.
 */
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testmm.h"

static const char ini[] = "[machine]\n"
			  "cpus = 1\n"
			  "memory = 16M\n"
			  "[cgroup box]\n"
			  "[run]\n"
			  "duration = 1s\n";

/* Run @fn(@sim, @arg) in a child; assert it aborted with @what on stderr. */
static void assert_bug(struct sim *sim, void (*fn)(struct sim *, void *), void *arg,
		       const char *what)
{
	char path[] = "/tmp/reclaimsim-bug-XXXXXX", buf[4096];
	int fd = mkstemp(path), status;
	ssize_t n;
	pid_t pid;

	assert_true(fd >= 0);
	unlink(path);
	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		dup2(fd, STDERR_FILENO);
		fn(sim, arg);
		_exit(0); /* the check did not fire */
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	n = pread(fd, buf, sizeof(buf) - 1, 0);
	close(fd);
	assert_true(n >= 0);
	buf[n] = '\0';
	if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGABRT)
		fail_msg("child did not abort (status %#x); stderr: %s", status, buf);
	if (!strstr(buf, "reclaimsim: BUG: src/") || !strstr(buf, what))
		fail_msg("stderr lacks \"%s\": %s", what, buf);
}

static void add_twice(struct sim *sim, void *arg)
{
	u32 pfn = *(u32 *)arg;

	lruvec_add_folio(sim, folio_lruvec(sim, pfn), pfn);
}

/* A page on its LRU list is added again: VM_BUG_ON_PAGE in lruvec_add_folio. */
static void test_lru_add_twice(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini);
	struct task *t;
	u64 base;
	u32 pfn;

#ifndef CONFIG_DEBUG_VM
	skip();
#endif
	t = test_task_in(sim, test_memcg_named(sim, "box"));
	t->cpu = 0;
	t->mm = mm_alloc(sim, t);
	assert_non_null(t->mm);
	base = mmap_anon(t->mm, 1);
	assert_int_equal(handle_mm_fault(t, base, true), VM_FAULT_DONE);
	pfn = page_to_pfn(sim, page_of(t, base));
	assert_true(PageFlag(pfn_to_page(sim, pfn), PG_lru));
	assert_bug(sim, add_twice, &pfn, "VM_BUG_ON_PAGE(PageFlag(page, PG_lru)");
}

static void sleep_twice(struct sim *sim, void *arg)
{
	static struct wait_queue_head a, b;
	struct task *t = arg;

	task_sleep(t, &a, 0);
	task_sleep(t, &b, 0);
}

/* A task on one wait queue sleeps on another: VM_BUG_ON in task_sleep. */
static void test_two_wait_queues(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini);

#ifndef CONFIG_DEBUG_VM
	skip();
#endif
	assert_bug(sim, sleep_twice, test_task_in(sim, NULL), "VM_BUG_ON(t->waiting_on)");
}

static void submit_unplaced(struct sim *sim, void *arg)
{
	struct bio *bio = bio_alloc(sim, &sim->disk_dev, REQ_OP_WRITE, NULL);

	assert_true(bio_add_pfn(sim, bio, 0));
	submit_bio(sim, &sim->disk_dev, bio, 0);
}

/*
 * A bio submitted without a sector: VM_BUG_ON in blk_submit (its request's
 * end would wrap, ~0 + 1 = 0, and merge with a request at sector 0).
 */
static void test_bio_without_sector(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini);

#ifndef CONFIG_DEBUG_VM
	skip();
#endif
	assert_bug(sim, submit_unplaced, NULL, "VM_BUG_ON(bio->sector == BIO_NO_SECTOR)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		test_sim_unit_test(test_lru_add_twice),
		test_sim_unit_test(test_two_wait_queues),
		test_sim_unit_test(test_bio_without_sector),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
