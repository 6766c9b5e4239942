// SPDX-License-Identifier: MIT
/*
 * test_coro.c - coroutines on shared run stacks (src/sim/coro.c): frames
 * survive other coroutines taking their stack, and, in the sanitizer
 * build with CONFIG_DEBUG_VM, a pointer into a sleeping coroutine's
 * stack cannot be used without a report.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sim/coro.h"

static struct coro_host host;

struct counter {
	struct coro co;
	unsigned int id;
	uintptr_t sum; /* what it reported at its last suspend */
};

/* Sums id, 2 id, 3 id ... in a local that lives on its stack across suspends. */
static void count_fn(void *arg)
{
	struct counter *c = arg;
	volatile uintptr_t local = 0;

	for (unsigned int i = 1; i <= 5; i++) {
		local += (uintptr_t)c->id * i;
		coro_suspend(&host, &c->co, local);
	}
	coro_exit(&host, &c->co, 0);
}

/*
 * Three coroutines of one color share a run stack: each resume copies the
 * holder's frames out and its own back, so each local keeps its own sum.
 */
static void test_shared_stack_frames(void **state)
{
	struct counter c[3];

	(void)state;
	for (unsigned int k = 0; k < 3; k++) {
		c[k] = (struct counter){ .id = k + 1 };
		assert_int_equal(coro_create(&c[k].co, count_fn, &c[k], 7), 0);
	}
	for (unsigned int i = 1; i <= 5; i++)
		for (unsigned int k = 0; k < 3; k++) {
			uintptr_t v = coro_resume(&host, &c[k].co);

			/* id x (1 + ... + i) */
			assert_int_equal(v, (uintptr_t)(k + 1) * i * (i + 1) / 2);
			assert_true(coro_stack_used(&c[k].co) > 0);
		}
	for (unsigned int k = 0; k < 3; k++) {
		assert_int_equal(coro_resume(&host, &c[k].co), 0);
		coro_destroy(&c[k].co);
	}
}

#if defined(CONFIG_DEBUG_VM) && defined(__SANITIZE_ADDRESS__)
static volatile int *leaked;

/* Publishes a pointer to its own local, then sleeps: the bug checked for. */
static void leak_fn(void *arg)
{
	struct coro *co = arg;
	volatile int local = 42;

	leaked = &local;
	coro_suspend(&host, co, 1);
	coro_exit(&host, co, 0);
}

/* Reading a sleeper's local from the host is a sanitizer report (exit 1). */
static void test_sleeping_stack_poisoned(void **state)
{
	int status;
	pid_t pid;

	(void)state;
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct coro co;
		int devnull = open("/dev/null", O_WRONLY);

		dup2(devnull, STDERR_FILENO); /* the report itself is expected */
		if (coro_create(&co, leak_fn, &co, 0) || coro_resume(&host, &co) != 1)
			_exit(3);
		_exit(*leaked == 42 ? 0 : 2);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 1); /* ASan's exit code */
}
#endif

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shared_stack_frames),
#if defined(CONFIG_DEBUG_VM) && defined(__SANITIZE_ADDRESS__)
		cmocka_unit_test(test_sleeping_stack_poisoned),
#endif
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
