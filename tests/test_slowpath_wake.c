// SPDX-License-Identifier: MIT
/*
 * test_slowpath_wake.c - [policy] slowpath_wake_kswapd: when the
 * allocator's slow path wakes kswapd again.  2.6.35's (and 2.6.28's,
 * 3.10's) __alloc_pages_slowpath called wake_all_kswapd() at restart:
 * only; its rebalance: loop - direct reclaim made progress but the free
 * lists still failed, congestion_wait(HZ/50) - went straight back to
 * direct reclaim.  4.2's loop and v6.12's retry: wake kswapd (and try the
 * free lists) on every pass.  The 2.6.36 tracepoint, which fires before
 * the is-kswapd-asleep test, counts each call: seed 003's "Wake kswapd
 * requests" of the processes that reclaimed directly.
 */
#include "testmm.h"

#include "mm/page_alloc.h"
#include "mm/trace_vmscan.h"

#define ZONE_PAGES 4096

struct alloc_arg {
	enum vm_fault_result r;
	u32 pfn;
};

static void alloc_order0(struct task *t, void *arg)
{
	struct alloc_arg *a = arg;

	a->r = alloc_kernel_pages(t, GFP_KERNEL, 0, &a->pfn);
}

static unsigned long count_lines(const char *text, size_t len, const char *pat)
{
	unsigned long n = 0;

	for (const char *p = text; (p = memmem(p, len - (size_t)(p - text), pat, strlen(pat))); p++)
		n++;
	return n;
}

/*
 * One DMA32 zone of 4096 pages, min_free_kbytes 1024 (min 256 pages),
 * every page clean page cache on the LRU, the 2.6.35 profile; a task
 * asks for an order-0 GFP_KERNEL page (kswapd, woken, does not run
 * before it is done).  Each direct reclaim frees a few dozen pages, short
 * of the min watermark until the ninth, so the slow path loops: @wakes
 * wake-up calls traced, @stalls direct reclaims.
 */
static void order0_rebalance(void **state, const char *wake, unsigned long wakes,
			     unsigned long stalls)
{
	static struct test_call c; /* outlives the call: t->fn_arg */
	struct alloc_arg a = { VM_FAULT_NOMEM, NO_PFN };
	char extra[256], *text = NULL;
	struct vmscan_trace tr;
	struct sim *sim;
	struct zone *z;
	struct task *t;
	struct address_space *mapping;
	size_t len = 0;
	int steps = 0;
	FILE *f;

	snprintf(extra, sizeof(extra),
		 "cpus = 1\n[sysctl]\nmin_free_kbytes = 1024\n[policy]\nkernel = 2.6.35\n"
		 "slowpath_wake_kswapd = %s\n",
		 wake);
	sim = test_sim_zones(state, 0, ZONE_PAGES, 0, extra);
	z = &sim->nodes[0].node_zones[ZONE_DMA32];
	t = test_task_in(sim, sim->memcgs[0]);
	mapping = file_create(sim, "f", ZONE_PAGES);
	add_page_cache(sim, z, t, mapping, (u32)zone_page_state(z, NR_FREE_PAGES));
	f = open_memstream(&text, &len);
	assert_non_null(f);
	vmscan_trace_start(sim, &tr, f, 1u << TRACE_WAKEUP_KSWAPD, 0);
	test_call_start(t, &c, alloc_order0, &a);
	while (!test_call_step(t)) {
		if (t->state == TASK_BLOCKED)
			wait_for_wakeup(sim, t);
		assert_true(++steps < 100000);
	}
	vmscan_trace_stop(sim);
	fclose(f);
	assert_int_equal(a.r, VM_FAULT_DONE);
	assert_int_equal(sim->reclaim.allocstall_order[0], stalls);
	assert_int_equal(count_lines(text, len, "mm_vmscan_wakeup_kswapd:"), wakes);
	free(text);
	free_kernel_pages(sim, a.pfn, 0);
	sim_destroy(sim);
}

/* 2.6.35: one wake-up at the slow path's entry for nine direct reclaims */
static void test_wake_at_restart(void **state)
{
	order0_rebalance(state, "restart", 1, 9);
}

/* v6.12's rule on the same machine: a wake-up at the entry and at every retry: */
static void test_wake_at_retry(void **state)
{
	order0_rebalance(state, "retry", 10, 9);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wake_at_restart),
		cmocka_unit_test(test_wake_at_retry),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
