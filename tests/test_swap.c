// SPDX-License-Identifier: MIT
/*
 * test_swap.c - swap-in readahead in its three forms (src/mm/swap_state.c:
 * v2.6.25 slot-cluster readahead, v3.14+ slot blocks, v4.14+ VMA readahead), the list a
 * swapped-in page joins, the order in which parallel reclaimers take swap
 * slots (one page per step of shrink_folio_list) and what a fork family
 * sharing swap slots maps, with exact values on small hand-driven
 * simulations (the rmap walk's per-VMA cost is in test_madvise.c).
 *
 * Each test builds a 2-CPU, 64 MiB machine with 64 MiB of swap and two
 * tasks of [cgroup box] with their own mms that never run on the
 * scheduler: the test calls the model's functions in their place.
 */
#include "testmm.h"

#define INI(policy)                          \
	"[machine]\n"                        \
	"cpus = 2\n"                         \
	"memory = 64M\n"                     \
	"zones = DMA:16M, DMA32:rest\n"      \
	"swap = 64M\n"                       \
	"[policy]\n" policy "[cgroup box]\n" \
	"[run]\n"                            \
	"duration = 1s\n"

static const char ini_cluster[] = INI("swap_readahead = cluster\nswapin_lru = active\n");
static const char ini_vma[] = INI("");

#define NPAGES 8

struct pair {
	struct task *t[2];
	u64 base[2];
};

/* A task of box on CPU @cpu with its own mm and an anon mapping of @n pages. */
static struct task *new_task(struct sim *sim, unsigned int cpu, u64 n, u64 *base)
{
	struct task *t = test_task_in(sim, test_memcg_named(sim, "box"));

	t->cpu = cpu;
	t->mm = mm_alloc(sim, t);
	assert_non_null(t->mm);
	*base = mmap_anon(t->mm, n);
	assert_true(*base != 0);
	return t;
}

/*
 * Two tasks whose @n pages each are written in turn (page 0 of the first,
 * page 0 of the second, page 1 of the first, ...), so that they are
 * neighbours on the LRU; the young bits are cleared, so that the first
 * reclaim pass takes them.
 */
static void new_pair(struct sim *sim, struct pair *p, u64 n)
{
	for (unsigned int k = 0; k < 2; k++)
		p->t[k] = new_task(sim, k, n, &p->base[k]);
	for (u64 i = 0; i < n; i++)
		for (unsigned int k = 0; k < 2; k++)
			assert_int_equal(handle_mm_fault(p->t[k], p->base[k] + i, true),
					 VM_FAULT_DONE);
	for (u64 i = 0; i < n; i++)
		for (unsigned int k = 0; k < 2; k++)
			*pte_of(p->t[k], p->base[k] + i) &= ~PTE_YOUNG;
}

/* Reclaim until every page of the pair is on swap and out of memory. */
static void swap_out_pair(struct sim *sim, struct pair *p, u64 n)
{
	for (int pass = 0; pass < 20; pass++) {
		bool all = node_page_state(&sim->nodes[0], NR_SWAPCACHE) == 0;

		for (u64 i = 0; i < n && all; i++)
			for (unsigned int k = 0; k < 2; k++)
				all = all && pte_swap(*pte_of(p->t[k], p->base[k] + i));
		if (all)
			return;
		reclaim_box(p->t[0], 2 * n);
		complete_io(sim);
	}
	fail_msg("the pair's pages did not all reach swap");
}

static u64 slot_of(struct task *t, u64 vpn)
{
	pte_t pte = *pte_of(t, vpn);

	assert_true(pte_swap(pte));
	return pte_slot(pte);
}

static bool slot_cached(struct sim *sim, u64 slot)
{
	u64 e = xa_load(&sim->swap->swap_cache, slot);

	return e && !xa_is_value(e);
}

/* A fault on a swap entry: blocks for the read (major) or maps a cached page. */
static void fault_in(struct sim *sim, struct task *t, u64 vpn)
{
	assert_int_equal(test_fault(t, vpn, false, NULL), VM_FAULT_DONE);
	assert_true(pte_present(*pte_of(t, vpn)));
}

/*
 * v2.6.25 slot-cluster readahead: a fault reads the run of in-use slots
 * around its slot in the aligned block of 2^page-cluster (8) slots,
 * whichever mm they belong to; the neighbour's pages wait in the swap
 * cache, unmapped and (before 2.6.28) on the active list, and its own
 * fault on one of them is minor.
 */
static void test_cluster_readahead_reads_neighbours(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_cluster);
	struct pair p;
	u64 slot, block, in_block = 0, pswpin, maj, min_flt;
	u64 b_vpn = 0;
	bool b_in_block = false;

	new_pair(sim, &p, NPAGES);
	swap_out_pair(sim, &p, NPAGES);
	slot = slot_of(p.t[0], p.base[0]);
	block = slot & ~7ULL;
	/* every slot of the pair is in use and slots are taken in turn from 1 */
	for (u64 s = block > 0 ? block : 1; s < block + 8; s++)
		in_block += sim->swap->swap_map[s] != 0;
	for (u64 i = 0; i < NPAGES && !b_in_block; i++) {
		b_vpn = p.base[1] + i;
		b_in_block = (slot_of(p.t[1], b_vpn) & ~7ULL) == block;
	}
	assert_true(b_in_block); /* the interleaved writes mixed the two */

	pswpin = vm_event(sim, PSWPIN);
	maj = p.t[0]->maj_flt;
	fault_in(sim, p.t[0], p.base[0]);
	assert_int_equal(p.t[0]->maj_flt, maj + 1);
	assert_int_equal(vm_event(sim, PSWPIN) - pswpin, in_block);
	assert_int_equal(vm_event(sim, SWAP_RA), in_block - 1);

	/* the second task's page came along: cached, unmapped, active */
	{
		u64 bs = slot_of(p.t[1], b_vpn);
		struct page *page;

		assert_true(slot_cached(sim, bs));
		page = pfn_to_page(sim, (u32)(xa_load(&sim->swap->swap_cache, bs) - 1));
		assert_int_equal(page->mapcount, 0);
		assert_int_equal(page->mapping_id, NO_MM);
		assert_true(PageFlag(page, PG_active));
		pswpin = vm_event(sim, PSWPIN);
		maj = p.t[1]->maj_flt;
		min_flt = p.t[1]->min_flt;
		fault_in(sim, p.t[1], b_vpn);
		assert_int_equal(vm_event(sim, PSWPIN), pswpin);
		assert_int_equal(p.t[1]->maj_flt, maj);
		assert_int_equal(p.t[1]->min_flt, min_flt + 1);
		assert_int_equal(page_of(p.t[1], b_vpn)->mapping_id, p.t[1]->mm->anon_vma);
	}
	assert_verified(sim);
}

/*
 * Faults sleep in place (wait_event on the page's lock): a swap-in fault
 * taken in its task's coroutine sleeps exactly once, for its own read,
 * and returns VM_FAULT_DONE with the page mapped, major; a second task
 * whose page is in that same read (slot-cluster readahead) sleeps in
 * place on the locked page, is woken by the same completion, retries its
 * fault (VM_FAULT_RETRY inside handle_mm_fault) and maps the page read
 * for it: minor, no read of its own.
 */
static void test_fault_sleeps_in_place(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_cluster);
	struct test_fault fa = { .vpn = 0 }, fb = { .vpn = 0 };
	struct pair p;
	u64 block, pswpin, pgmaj, b_vpn = 0;
	bool b_in_block = false;

	new_pair(sim, &p, NPAGES);
	swap_out_pair(sim, &p, NPAGES);
	block = slot_of(p.t[0], p.base[0]) & ~7ULL;
	for (u64 i = 0; i < NPAGES && !b_in_block; i++) {
		b_vpn = p.base[1] + i;
		b_in_block = (slot_of(p.t[1], b_vpn) & ~7ULL) == block;
	}
	assert_true(b_in_block);
	pswpin = vm_event(sim, PSWPIN);
	pgmaj = vm_event(sim, PGMAJFAULT);

	/* A's fault reads the block and sleeps on its page, in its coroutine */
	fa.vpn = p.base[0];
	test_call_start(p.t[0], &fa.call, test_fault_fn, &fa);
	assert_false(test_call_step(p.t[0]));
	assert_int_equal(p.t[0]->state, TASK_BLOCKED);
	assert_ptr_equal(p.t[0]->waiting_on, &sim->page_wait);
	assert_true(p.t[0]->in_iowait);
	/* B's page is in A's read: B sleeps on it too, reading nothing */
	fb.vpn = b_vpn;
	test_call_start(p.t[1], &fb.call, test_fault_fn, &fb);
	assert_false(test_call_step(p.t[1]));
	assert_int_equal(p.t[1]->state, TASK_BLOCKED);
	assert_ptr_equal(p.t[1]->waiting_on, &sim->page_wait);
	/* one completion wakes both; each finishes its fault in one more step */
	complete_io(sim);
	for (unsigned int k = 0; k < 2; k++) {
		assert_int_equal(p.t[k]->state, TASK_RUNNABLE);
		p.t[k]->state = TASK_RUNNING;
		assert_true(test_call_step(p.t[k]));
	}
	assert_int_equal(fa.r, VM_FAULT_DONE);
	assert_int_equal(fb.r, VM_FAULT_DONE);
	assert_true(pte_present(*pte_of(p.t[0], p.base[0])));
	assert_true(pte_present(*pte_of(p.t[1], b_vpn)));
	assert_int_equal(p.t[0]->maj_flt, 1);
	assert_int_equal(p.t[1]->maj_flt, 0);
	assert_int_equal(vm_event(sim, PGMAJFAULT) - pgmaj, 1);
	assert_int_equal(vm_event(sim, PSWPIN) - pswpin, 1 + vm_event(sim, SWAP_RA));
	/* nothing is left held or batched by either task */
	for (unsigned int k = 0; k < 2; k++) {
		assert_int_equal(mm_task(p.t[k])->held_pfn, NO_PFN);
		assert_null(mm_task(p.t[k])->ra_bios);
	}
	assert_verified(sim);
}

/*
 * A swap-in fault's system time up to its sleep on its read, on a fresh
 * machine of @ini; *@pages: the pages that read brought in.
 */
static u64 swapin_sys_ns(const char *ini, u64 *pages)
{
	struct sim *sim = test_sim_from_text(NULL, "t.ini", ini);
	struct test_fault fa = { .vpn = 0 };
	struct pair p;
	u64 pswpin, ns;

	new_pair(sim, &p, NPAGES);
	swap_out_pair(sim, &p, NPAGES);
	pswpin = vm_event(sim, PSWPIN);
	p.t[0]->step_sys_ns = 0;
	fa.vpn = p.base[0];
	test_call_start(p.t[0], &fa.call, test_fault_fn, &fa);
	assert_false(test_call_step(p.t[0])); /* asleep on its read */
	*pages = vm_event(sim, PSWPIN) - pswpin;
	ns = p.t[0]->step_sys_ns;
	sim_destroy(sim);
	return ns;
}

/*
 * do_swap_page's own path costs a major fault swapin_major_ns and each
 * page its read brings into the swap cache swapin_page_ns (the
 * slot-cluster read here: the fault's aligned block of 8 slots but slot
 * 0, the swap header), beyond what the same fault costs with both at 0.
 */
static void test_swapin_costs(void **state)
{
	static const char free_swapin[] = INI("swap_readahead = cluster\nswapin_lru = active\n"
					      "[cost]\nswapin_major_ns = 0\nswapin_page_ns = 0\n");
	u64 pages, pages0, ns, ns0;

	ns = swapin_sys_ns(ini_cluster, &pages);
	ns0 = swapin_sys_ns(free_swapin, &pages0);
	assert_int_equal(pages, 7);
	assert_int_equal(pages0, pages);
	assert_int_equal(ns - ns0, 3870 + 7 * 1000);
}

/*
 * No page pool: a fault in a group at its limit charges its page in
 * place, reclaiming from the group inside the same call, and completes
 * (VM_FAULT_DONE) with the new page mapped: one memory.events max, the
 * reclaim's steps taken in the task's coroutine.
 */
static void test_fault_reclaims_in_place(void **state)
{
	struct sim *sim = test_sim_from_text(
		state, "t.ini",
		"[machine]\ncpus = 2\nmemory = 64M\nzones = DMA:16M, DMA32:rest\nswap = 64M\n"
		"[cgroup box]\nlimit = 1M\n[run]\nduration = 1s\n");
	struct mem_cgroup *box = test_memcg_named(sim, "box");
	u64 base, max_events, steps;
	struct task *t = new_task(sim, 0, 512, &base);
	unsigned int sleeps;

	/* fill the group to its limit (256 pages) without reclaim */
	for (u64 i = 0; i < 256; i++)
		assert_int_equal(test_fault(t, base + i, true, NULL), VM_FAULT_DONE);
	assert_int_equal(box->memory_events[MEMCG_MAX], 0);
	max_events = box->memory_events[MEMCG_MAX];
	steps = t->nr_steps;
	assert_int_equal(test_fault(t, base + 256, true, &sleeps), VM_FAULT_DONE);
	assert_true(pte_present(*pte_of(t, base + 256)));
	assert_int_equal(box->memory_events[MEMCG_MAX], max_events + 1);
	assert_true(t->nr_steps > steps); /* the reclaim's steps, in place */
	assert_true(box->memory.usage <= box->memory.max);
	assert_int_equal(mm_task(t)->held_pfn, NO_PFN);
	assert_verified(sim);
}

/* Write requests on @t's plug list, and their pages (*@pages); *@first_read: its head is a read. */
static unsigned int plugged_writes(struct task *t, u64 *pages, bool *first_read)
{
	unsigned int n = 0;

	*pages = 0;
	*first_read = mm_task(t)->plug.list && mm_task(t)->plug.list->op == REQ_OP_READ;
	for (struct blk_request *rq = mm_task(t)->plug.list; rq; rq = rq->next) {
		if (rq->op != REQ_OP_WRITE)
			continue;
		n++;
		*pages += rq->nr_pages;
	}
	return n;
}

/* What a swap-in fault's readahead did with the writes of the reclaim inside it */
struct ra_writes {
	u64 pswpin; /* pages the fault read */
	u64 pswpout; /* pages the fault's reclaim wrote */
	u64 held_pages; /* the most of them on the task's plug list at once */
	unsigned int held_requests; /* in as many requests */
	unsigned int preempted; /* steps that ended in reclaim inside the readahead */
	bool slept; /* the task slept inside the readahead (not on its page) */
};

/*
 * A swap-in fault at the first page of a 512-page mapping of a 1 MiB v1
 * group (256 pages; no charge stock) a page short of its limit, with its
 * first 8 pages on swap, no clean swap cache and no page referenced: the
 * VMA readahead reads 5 pages (the window's 8, 3 before the fault
 * clipped), the second charge reclaims.  Each step of the fault's
 * coroutine (its preemptions), inside the readahead's plug, checks that
 * every write request reclaim made is on the plug list, behind the
 * readahead's first read: the device has seen none of them.
 */
static void readahead_writes(void **state, const char *policy, bool wb_nowait, struct ra_writes *w)
{
	char ini[512];
	struct sim *sim;
	struct test_fault f = { .vpn = 0 };
	struct mem_cgroup *box;
	struct task *t;
	struct blkdev *dev;
	u64 base, w0, out0;
	int steps = 0;

	snprintf(ini, sizeof(ini),
		 "[machine]\ncpus = 2\nmemory = 64M\nzones = DMA:16M, DMA32:rest\nswap = 64M\n"
		 "[policy]\nmemcg_stock = off\n%s[cgroup box]\nlimit = 1M\n"
		 "[run]\nduration = 1s\n",
		 policy);
	sim = test_sim_from_text(state, "t.ini", ini);
	dev = &sim->swap_dev;
	t = new_task(sim, 0, 512, &base);
	box = test_memcg_named(sim, "box");
	/* fill the group, then push its first pages out to swap */
	for (u64 i = 0; i < 320; i++) {
		assert_int_equal(test_fault(t, base + i, true, NULL), VM_FAULT_DONE);
		complete_io(sim);
	}
	for (u64 i = 0; i < 8; i++)
		assert_true(pte_swap(*pte_of(t, base + i)));
	/* drop the clean swap cache: reclaim it with every other page referenced */
	for (int pass = 0; node_page_state(&sim->nodes[0], NR_SWAPCACHE); pass++) {
		assert_true(pass < 20);
		for (u64 i = 0; i < 512; i++)
			if (pte_present(*pte_of(t, base + i)))
				*pte_of(t, base + i) |= PTE_YOUNG;
		reclaim_box(t, 32);
		complete_io(sim);
	}
	for (u64 i = 320; box->memory.usage + 1 < box->memory.max; i++) {
		assert_true(i < 512);
		assert_int_equal(test_fault(t, base + i, true, NULL), VM_FAULT_DONE);
		complete_io(sim);
	}
	for (u64 i = 0; i < 512; i++)
		if (pte_present(*pte_of(t, base + i)))
			*pte_of(t, base + i) &= ~PTE_YOUNG;
	/* the fault's reclaim, not the fill's, as memcg_writeback_wait = none */
	sim->scn.policy.memcg_writeback_nowait = wb_nowait;
	w0 = dev->nr_writes;
	out0 = vm_event(sim, PSWPOUT);
	*w = (struct ra_writes){ .pswpin = vm_event(sim, PSWPIN) };
	f.vpn = base;
	test_call_start(t, &f.call, test_fault_fn, &f);
	while (!test_call_step(t)) {
		u64 pages;
		bool first_read;
		unsigned int n = plugged_writes(t, &pages, &first_read);

		if (t->state == TASK_BLOCKED && mm_task(t)->plug.depth == 2) {
			/* asleep inside the readahead: the sleep sent the plug */
			assert_null(mm_task(t)->plug.list);
			w->slept = true;
		} else if (mm_task(t)->plug.depth == 2 && !w->slept) {
			/* preempted in reclaim inside the readahead */
			w->preempted++;
			assert_int_equal(n, dev->nr_writes - w0);
			assert_true(!n || first_read);
			if (pages > w->held_pages) {
				w->held_pages = pages;
				w->held_requests = n;
			}
		}
		if (t->state == TASK_BLOCKED) {
			if (t->waiting_on == &sim->page_wait)
				assert_null(mm_task(t)->plug.list); /* after the readahead */
			wait_for_wakeup(sim, t);
		} else {
			t->state = TASK_RUNNING;
		}
		assert_true(++steps < 100000);
	}
	assert_int_equal(f.r, VM_FAULT_DONE);
	assert_int_equal(mm_task(t)->plug.depth, 0);
	w->pswpout = vm_event(sim, PSWPOUT) - out0;
	w->pswpin = vm_event(sim, PSWPIN) - w->pswpin;
	assert_verified(sim);
}

/*
 * v5.8+ swap readahead (swap_readahead_plug = loop) on 6.18's plug
 * (blk_plug_flush_rq = first): the reclaim a readahead's charge enters
 * runs inside the readahead's plug, its own nested, so its swap writes
 * wait on the readahead's plug list.  The test runs no I/O completion
 * while the fault runs, so reclaim writes 255 of the group's pages going
 * down the priorities, in 2 requests behind the read (the 6.18 flush
 * limit reads the read's size; 2 requests are far from 32).  Without a
 * sleep (memcg_writeback_wait = none for this fault: no v1 wait on a
 * page under writeback) all of them wait for the readahead's
 * blk_finish_plug, the task preempted thousands of times meanwhile;
 * with 6.12's v1 wait, reclaim meets a page whose write is in its own
 * plug and sleeps on it, and that sleep sends them (sched_submit_work).
 * With swap_readahead_plug = after, no write waits on the readahead's
 * plug: reclaim's own plug sends them at its end.
 */
static void test_readahead_reclaims_in_its_plug(void **state)
{
	struct ra_writes w;

	readahead_writes(state, "blk_plug_flush_rq = first\n", true, &w);
	/* the fault's page only: the next charge fails, as no write completes */
	assert_int_equal(w.pswpin, 1);
	assert_int_equal(w.pswpout, 255);
	assert_int_equal(w.held_pages, 255);
	assert_int_equal(w.held_requests, 2);
	assert_false(w.slept);
	assert_true(w.preempted > 1000);
	test_sim_teardown(state);

	readahead_writes(state, "blk_plug_flush_rq = first\n", false, &w);
	/*
	 * the window's 5 (3 before the fault clipped to the mapping) and the
	 * fault's page again: read once the sleep sent it, reclaim freed it,
	 * and the kernel's skip: reads it anew
	 */
	assert_int_equal(w.pswpin, 6);
	assert_int_equal(w.pswpout, 255);
	assert_int_equal(w.held_pages, 255);
	assert_int_equal(w.held_requests, 2);
	assert_true(w.slept);
	test_sim_teardown(state);

	readahead_writes(state, "swap_readahead_plug = after\n", false, &w);
	assert_int_equal(w.pswpin, 5); /* the window, read once every page is had */
	assert_int_equal(w.pswpout, 255);
	assert_int_equal(w.held_pages, 0);
	assert_false(w.slept);
}

/*
 * v4.14+ VMA readahead: the first fault of a VMA (4 hits assumed) reads a
 * window of 8 pages around it, 3 before and 4 after, clipped to the VMA:
 * the swapped-out PTEs of its own mm and nothing of the other; the pages
 * join the inactive list.
 */
static void test_vma_readahead_reads_own_window(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_vma);
	struct pair p;
	u64 pswpin;

	new_pair(sim, &p, NPAGES);
	swap_out_pair(sim, &p, NPAGES);
	assert_true(p.base[0] % 512 + NPAGES <= 512); /* one page table */
	pswpin = vm_event(sim, PSWPIN);
	fault_in(sim, p.t[0], p.base[0]);
	assert_int_equal(vm_event(sim, PSWPIN) - pswpin, 5); /* [base, base + 5) */
	for (u64 i = 1; i < NPAGES; i++)
		assert_int_equal(slot_cached(sim, slot_of(p.t[0], p.base[0] + i)), i < 5);
	for (u64 i = 0; i < NPAGES; i++)
		assert_false(slot_cached(sim, slot_of(p.t[1], p.base[1] + i)));
	assert_false(PageFlag(page_of(p.t[0], p.base[0]), PG_active));
	assert_verified(sim);
}

/* Pages a fault at @vpn read from swap (0: the page was in the swap cache). */
static u64 fault_reads(struct sim *sim, struct task *t, u64 vpn)
{
	u64 before = vm_event(sim, PSWPIN);

	fault_in(sim, t, vpn);
	return vm_event(sim, PSWPIN) - before;
}

/*
 * The VMA window follows the readahead hits (v6.12 swap_vma_ra_win,
 * __swapin_nr_pages): a sequential pass keeps 8 pages a read, reading
 * forward once the fault follows the last one; faults that use none of
 * the pages read ahead halve the window each time, down to one page.
 */
static void test_vma_readahead_window_adapts(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_vma);
	struct pair p;
	u64 b;

	new_pair(sim, &p, 64);
	swap_out_pair(sim, &p, 64);
	b = p.base[0];
	assert_true(b % 512 + 64 <= 512); /* one page table */
	/* sequential: [b+5, b+13), then 4 hits, then forward [b+13, b+21) */
	assert_int_equal(fault_reads(sim, p.t[0], b + 8), 8);
	for (u64 v = b + 9; v < b + 13; v++)
		assert_int_equal(fault_reads(sim, p.t[0], v), 0);
	assert_int_equal(vm_event(sim, SWAP_RA_HIT), 4);
	assert_int_equal(fault_reads(sim, p.t[0], b + 13), 8);
	assert_true(slot_cached(sim, slot_of(p.t[0], b + 20)));
	assert_false(slot_cached(sim, slot_of(p.t[0], b + 21)));
	/* random: no hits, so the window halves: 4 ([b+39, b+43)), 2, 1, 1 */
	assert_int_equal(fault_reads(sim, p.t[0], b + 40), 4);
	assert_true(slot_cached(sim, slot_of(p.t[0], b + 39)));
	assert_true(slot_cached(sim, slot_of(p.t[0], b + 42)));
	assert_int_equal(fault_reads(sim, p.t[0], b + 30), 2);
	assert_true(slot_cached(sim, slot_of(p.t[0], b + 31)));
	assert_int_equal(fault_reads(sim, p.t[0], b + 50), 1);
	assert_int_equal(fault_reads(sim, p.t[0], b + 2), 1);
	/* two faults in a row without hits: 2 pages, backward */
	assert_int_equal(fault_reads(sim, p.t[0], b + 1), 2);
	assert_true(slot_cached(sim, slot_of(p.t[0], b)));
	assert_int_equal(vm_event(sim, SWAP_RA), 7 + 7 + 3 + 1 + 1);
	assert_int_equal(vm_event(sim, SWAP_RA_HIT), 4);
	assert_verified(sim);
}

/*
 * v3.14+ slot-block readahead (swap_cluster_readahead with
 * swapin_nr_pages, the 4.x profiles): the first fault reads the aligned
 * block of 8 slots (4 hits assumed), whichever mm they belong to; with
 * no hit since, the next read is half as large (4 slots), then 2, then 1.
 */
static void test_block_readahead_window_adapts(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI("kernel = 4.2\n"));
	struct pair p;
	u64 slot, vpn[4], want[4] = { 8, 4, 2, 1 };
	unsigned int n = 0;

	assert_int_equal(sim->scn.policy.swap_readahead, SWAP_RA_BLOCK);
	new_pair(sim, &p, 64);
	swap_out_pair(sim, &p, 64);
	/* four pages of the first task in four different blocks of 8 slots, none
	 * next to another */
	for (u64 i = 0; i < 64 && n < 4; i++) {
		bool apart = true;

		slot = slot_of(p.t[0], p.base[0] + i);
		if (slot < 8)
			continue;
		for (unsigned int k = 0; k < n; k++)
			apart = apart && (slot_of(p.t[0], vpn[k]) >> 3) != (slot >> 3);
		if (apart)
			vpn[n++] = p.base[0] + i;
	}
	assert_int_equal(n, 4);
	for (unsigned int k = 0; k < 4; k++) {
		u64 s = slot_of(p.t[0], vpn[k]);
		u64 in_use = 0;

		for (u64 x = s & ~(want[k] - 1); x < (s & ~(want[k] - 1)) + want[k]; x++)
			in_use += sim->swap->swap_map[x] != 0 && !slot_cached(sim, x);
		assert_int_equal(fault_reads(sim, p.t[0], vpn[k]), in_use);
		assert_int_equal(sim->swap->ra_last_pages, want[k]);
	}
	assert_int_equal(vm_event(sim, SWAP_RA_HIT), 0);
	assert_verified(sim);
}

/*
 * page-cluster bounds the block: 0 reads the faulting slot alone; 31 (no
 * ceiling before the VMA readahead) reads the whole run of in-use slots,
 * but at most BIO_MAX_PAGES in the model's one request.
 */
static u64 cluster_pswpin(void **state, const char *page_cluster, u64 n)
{
	char ini[512];
	struct sim *sim;
	struct pair p;
	u64 before;

	snprintf(ini, sizeof(ini), "%s[sysctl]\npage-cluster = %s\n",
		 INI("swap_readahead = cluster\n"), page_cluster);
	sim = test_sim_from_text(state, "t.ini", ini);
	new_pair(sim, &p, n);
	swap_out_pair(sim, &p, n);
	before = vm_event(sim, PSWPIN);
	fault_in(sim, p.t[0], p.base[0] + n / 2);
	assert_verified(sim);
	return vm_event(sim, PSWPIN) - before;
}

static void test_cluster_readahead_page_cluster_0(void **state)
{
	assert_int_equal(cluster_pswpin(state, "0", NPAGES), 1);
}

static void test_cluster_readahead_page_cluster_31(void **state)
{
	assert_int_equal(cluster_pswpin(state, "31", 160), BIO_MAX_PAGES);
}

/* Pages of @list. */
static unsigned long list_len(struct sim *sim, const struct pfn_list *list)
{
	unsigned long n = 0;

	for (u32 pfn = list->head; pfn != NO_PFN; pfn = pfn_to_page(sim, pfn)->next)
		n++;
	return n;
}

/*
 * Two reclaimers on two CPUs: shrink_folio_list takes one page per step,
 * so when their steps alternate their add_to_swap() calls interleave
 * and the slots of one batch are not neighbours (the first reclaimer
 * reaches its target first; the second writes the rest).
 */
static void test_reclaimers_interleave_slots(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_vma);
	struct pair p;
	unsigned int owner[4 * NPAGES], nr = 0, switches = 0;
	unsigned long max_batch = 0;
	static struct test_reclaim r[2]; /* outlive the calls: t->fn_arg */
	bool done[2] = { false, false };
	int steps = 0;

	new_pair(sim, &p, 2 * NPAGES);
	for (unsigned int k = 0; k < 2; k++)
		test_reclaim_start(p.t[k], &r[k], p.t[k]->memcg, 2 * NPAGES);
	while (!done[0] || !done[1]) {
		for (unsigned int k = 0; k < 2; k++) {
			struct isolated_folios *isol = mm_task(p.t[k])->reclaim.isolated;
			/* an inactive batch in shrink_folio_list */
			bool shrinking = isol && !is_active_lru(isol->lru);
			unsigned long batch = isol ? list_len(sim, &isol->folio_list) : 0;
			u64 inuse = sim->swap->inuse_pages;

			if (done[k])
				continue;
			done[k] = test_call_step(p.t[k]);
			if (p.t[k]->state == TASK_BLOCKED) /* v1: a page under writeback */
				wait_for_wakeup(sim, p.t[k]);
			if (shrinking && mm_task(p.t[k])->reclaim.isolated == isol) {
				/* at most one page of the batch per step */
				assert_true(batch - list_len(sim, &isol->folio_list) <= 1);
				max_batch = batch > max_batch ? batch : max_batch;
			}
			assert_true(sim->swap->inuse_pages - inuse <= 1);
			if (sim->swap->inuse_pages > inuse) {
				assert_true(nr < 4 * NPAGES);
				owner[nr++] = k;
			}
		}
		assert_true(++steps < 10000);
	}
	assert_int_equal(nr, 4 * NPAGES); /* every page went to swap */
	assert_true(max_batch >= 16); /* batches of many pages ... */
	for (unsigned int i = 1; i < nr; i++)
		switches += owner[i] != owner[i - 1];
	assert_true(switches >= 4); /* ... whose slots interleave */
	assert_verified(sim);
}

/*
 * A slot a parent and its forked child (v2.6.34+: anon_vmas of their own)
 * both refer to: the page read for it - by the child's fault, or by
 * slot-cluster readahead for a neighbour - is filed under the family's
 * root anon_vma when the child maps it (__folio_set_anon: a page that is
 * not exclusive goes to the oldest anon_vma), so that the rmap walk finds
 * the parent's mapping too.
 */
static void shared_slot_after_fork(void **state, const char *ini)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini);
	struct task *parent, *child;
	unsigned long vm_flags;
	u64 base, slot;
	struct page *page;
	u32 pfn;

	parent = new_task(sim, 0, NPAGES, &base);
	for (u64 i = 0; i < NPAGES; i++)
		assert_int_equal(handle_mm_fault(parent, base + i, true), VM_FAULT_DONE);
	child = test_task_in(sim, parent->memcg);
	child->cpu = 1;
	child->mm = dup_mm(sim, child, parent->mm);
	assert_non_null(child->mm);
	assert_int_not_equal(child->mm->anon_vma, parent->mm->anon_vma);
	for (int pass = 0; pass < 20 && !pte_swap(*pte_of(parent, base + 1)); pass++) {
		for (u64 i = 0; i < NPAGES; i++) {
			*pte_of(parent, base + i) &= ~PTE_YOUNG;
			*pte_of(child, base + i) &= ~PTE_YOUNG;
		}
		reclaim_box(parent, NPAGES);
		complete_io(sim);
	}
	/* the slots of pages 0 and 1 are in use by both mms */
	for (u64 i = 0; i < 2; i++) {
		slot = slot_of(parent, base + i);
		assert_int_equal(slot_of(child, base + i), slot);
		assert_int_equal(sim->swap->swap_map[slot] & ~SWAP_HAS_CACHE, 2);
	}
	/* the child faults on page 0; page 1 comes in with it, unmapped */
	fault_in(sim, child, base);
	assert_true(slot_cached(sim, slot_of(child, base + 1)));
	/* the child then maps page 1 (minor), and the parent both */
	fault_in(sim, child, base + 1);
	for (u64 i = 0; i < 2; i++) {
		fault_in(sim, parent, base + i);
		pfn = pte_pfn(*pte_of(parent, base + i));
		assert_int_equal(pte_pfn(*pte_of(child, base + i)), pfn);
		page = pfn_to_page(sim, pfn);
		assert_int_equal(page->mapcount, 2);
		assert_int_equal(page->mapping_id, sim->anon_vmas[child->mm->anon_vma].root);
		/* both PTEs are young: the walk finds both */
		assert_int_equal(folio_referenced(child, pfn, &vm_flags), 2);
	}
	assert_verified(sim);
}

static void test_shared_slot_after_fork_cluster(void **state)
{
	shared_slot_after_fork(state, INI("kernel = 6.12\nswap_readahead = cluster\n"));
}

static void test_shared_slot_after_fork_vma(void **state)
{
	shared_slot_after_fork(state, INI("kernel = 6.12\n"));
}

/*
 * A write fault on a swap slot the fork family shares copies: the child
 * that writes first gets a page of its own, the parent's swap-in finds
 * the old contents (the swap cache page), clean.
 */
static void test_write_to_shared_slot_copies(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_vma);
	struct pair p;
	struct task *child;
	u64 vpn, slot;
	u32 old, mine;

	new_pair(sim, &p, NPAGES);
	swap_out_pair(sim, &p, NPAGES);
	child = test_task_in(sim, p.t[0]->memcg);
	child->cpu = 1;
	child->mm = dup_mm(sim, child, p.t[0]->mm);
	assert_non_null(child->mm);
	vpn = p.base[0];
	slot = slot_of(p.t[0], vpn);
	assert_int_equal(sim->swap->swap_map[slot] & ~SWAP_HAS_CACHE, 2);
	assert_int_equal(test_fault(child, vpn, true, NULL), VM_FAULT_DONE);
	mine = pte_pfn(*pte_of(child, vpn));
	assert_true(*pte_of(child, vpn) & PTE_DIRTY);
	/* the old page stays in the swap cache for the parent's PTE */
	assert_true(slot_cached(sim, slot));
	old = (u32)(xa_load(&sim->swap->swap_cache, slot) - 1);
	assert_int_not_equal(mine, old);
	assert_int_equal(pfn_to_page(sim, mine)->mapcount, 1);
	fault_in(sim, p.t[0], vpn);
	assert_int_equal(pte_pfn(*pte_of(p.t[0], vpn)), old);
	assert_false(*pte_of(p.t[0], vpn) & PTE_DIRTY);
	assert_int_equal(pfn_to_page(sim, old)->mapcount, 1);
	assert_verified(sim);
}

/*
 * A block at the end of a small swap area: with 13 slots (the header and
 * 12 pages) the block 8-15 of slots 11 and 12 is clipped to the area, and
 * a fault on either reads the two; the block of slots 1 and 2 reads those
 * two, the header left out.
 */
static void test_cluster_readahead_swap_end(void **state)
{
	struct sim *sim = test_sim_from_text(
		state, "t.ini",
		"[machine]\ncpus = 2\nmemory = 64M\nzones = DMA:16M, DMA32:rest\nswap = 52K\n"
		"[policy]\nswap_readahead = cluster\n[cgroup box]\n[run]\nduration = 1s\n");
	struct pair p;
	u64 pswpin;
	unsigned int reads = 0;

	assert_int_equal(sim->swap->max, 13);
	sim->swap->cluster_next = 11; /* slots 11, 12, 1, 2 */
	new_pair(sim, &p, 2);
	swap_out_pair(sim, &p, 2);
	for (u64 i = 0; i < 2; i++) {
		for (unsigned int k = 0; k < 2; k++) {
			u64 vpn = p.base[k] + i;
			u64 slot = slot_of(p.t[k], vpn);

			assert_true(slot == 1 || slot == 2 || slot == 11 || slot == 12);
			pswpin = vm_event(sim, PSWPIN);
			fault_in(sim, p.t[k], vpn);
			if (vm_event(sim, PSWPIN) != pswpin) {
				assert_int_equal(vm_event(sim, PSWPIN) - pswpin, 2);
				reads++;
			}
		}
	}
	assert_int_equal(reads, 2);
	assert_verified(sim);
}

/* The profiles: slot clusters and active swap-ins on 2.6.25, slot blocks on 4.x, VMA windows on 6.12. */
static void test_profiles(void **state)
{
	struct sim *sim = test_sim_from_text(NULL, "t.ini", INI("kernel = 2.6.25\n"));

	(void)state;
	assert_int_equal(sim->scn.policy.swap_readahead, SWAP_RA_CLUSTER);
	assert_true(sim->scn.policy.swapin_active);
	assert_true(sim->scn.policy.swapin_free_swap_full);
	assert_int_equal(sim->scn.policy.reclaim_free_swap, RECLAIM_FREE_SWAP_NONE);
	sim_destroy(sim);
	sim = test_sim_from_text(NULL, "t.ini", INI("kernel = 2.6.28\n"));
	assert_int_equal(sim->scn.policy.swap_readahead, SWAP_RA_CLUSTER);
	assert_false(sim->scn.policy.swapin_active);
	assert_true(sim->scn.policy.swapin_free_swap_full);
	assert_int_equal(sim->scn.policy.reclaim_free_swap, RECLAIM_FREE_SWAP_PAGEVEC);
	sim_destroy(sim);
	sim = test_sim_from_text(NULL, "t.ini", INI("kernel = 2.6.32\n"));
	assert_false(sim->scn.policy.swapin_free_swap_full);
	assert_int_equal(sim->scn.policy.reclaim_free_swap, RECLAIM_FREE_SWAP_ACTIVATE_LOCKED);
	sim_destroy(sim);
	sim = test_sim_from_text(NULL, "t.ini", INI("kernel = 4.12\n"));
	assert_int_equal(sim->scn.policy.swap_readahead, SWAP_RA_BLOCK);
	sim_destroy(sim);
	sim = test_sim_from_text(NULL, "t.ini", INI("kernel = 6.12\n"));
	assert_int_equal(sim->scn.policy.swap_readahead, SWAP_RA_VMA);
	assert_false(sim->scn.policy.swapin_active);
	assert_false(sim->scn.policy.swapin_free_swap_full);
	assert_int_equal(sim->scn.policy.reclaim_free_swap, RECLAIM_FREE_SWAP_ACTIVATE_LOCKED);
	sim_destroy(sim);
	/* a key overrides the profile, in either order */
	sim = test_sim_from_text(NULL, "t.ini", INI("swap_readahead = cluster\nkernel = 6.12\n"));
	assert_int_equal(sim->scn.policy.swap_readahead, SWAP_RA_CLUSTER);
	sim_destroy(sim);
}

/*
 * The swap cache is an xarray of the slots in use (swapfile.c): the
 * pair's 16 slots (1..16) share the first node, which holds their
 * shadows after swap-out and stays off the shadow-node shrinker's lists;
 * a page VMA readahead brought in is found there (a minor fault), a
 * write fault frees its slot and erases its entry, and the node is freed
 * with its last entry.
 */
static void test_swap_cache_xarray(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_vma);
	struct xarray *xa = &sim->swap->swap_cache;
	u64 s0, s1, e, pgmaj, nodes;
	const struct xa_node *node;
	struct pair p;

	new_pair(sim, &p, NPAGES);
	nodes = node_page_state(&sim->nodes[0], WORKINGSET_NODES);
	swap_out_pair(sim, &p, NPAGES);
	assert_int_equal(sim->swap->inuse_pages, 2 * NPAGES);
	assert_int_equal(xa->nr_nodes, (64 << 20) / 4096 / XA_CHUNK_SIZE);
	node = xa->nodes[0];
	assert_non_null(node);
	assert_int_equal(node->count, 2 * NPAGES);
	assert_int_equal(node->nr_values, 2 * NPAGES); /* all shadows */
	assert_null(node->lru);
	assert_false(node->on_lru);
	assert_int_equal(node_page_state(&sim->nodes[0], WORKINGSET_NODES), nodes);
	for (u64 i = 1; i < xa->nr_nodes; i++)
		assert_null(xa->nodes[i]);
	assert_int_equal(xa_load(xa, 0), 0); /* the header slot */
	for (u64 slot = 1; slot <= 2 * NPAGES; slot++)
		assert_true(xa_is_value(xa_load(xa, slot)));
	assert_int_equal(xa_load(xa, 2 * NPAGES + 1), 0);

	/* a read fault: the page and its next VMA neighbour come into the cache */
	s0 = slot_of(p.t[0], p.base[0]);
	s1 = slot_of(p.t[0], p.base[0] + 1);
	fault_in(sim, p.t[0], p.base[0]);
	assert_int_equal(xa_load(xa, s0), (u64)pte_pfn(*pte_of(p.t[0], p.base[0])) + 1);
	e = xa_load(xa, s1);
	assert_true(e && !xa_is_value(e));
	assert_true(PageFlag(pfn_to_page(sim, (u32)(e - 1)), PG_swapcache));
	assert_int_equal(pfn_to_page(sim, (u32)(e - 1))->private, s1);
	assert_int_equal(node->count, 2 * NPAGES);
	assert_true(node->nr_values < 2 * NPAGES);

	/* a swap-cache hit: the write fault maps that page, no read, frees the slot */
	pgmaj = vm_event(sim, PGMAJFAULT);
	assert_int_equal(test_fault(p.t[0], p.base[0] + 1, true, NULL), VM_FAULT_DONE);
	assert_int_equal(vm_event(sim, PGMAJFAULT), pgmaj);
	assert_int_equal(pte_pfn(*pte_of(p.t[0], p.base[0] + 1)), e - 1);
	assert_int_equal(xa_load(xa, s1), 0);
	assert_int_equal(sim->swap->swap_map[s1], 0);
	assert_false(PageFlag(pfn_to_page(sim, (u32)(e - 1)), PG_swapcache));
	assert_int_equal(node->count, 2 * NPAGES - 1);

	/*
	 * every other page written back in frees its slot; the first, mapped
	 * writable by its read fault (exclusive), keeps its clean swap copy
	 * until folio_free_swap(), which frees the node with its last entry
	 */
	for (unsigned int k = 0; k < 2; k++)
		for (u64 i = k ? 0 : 1; i < NPAGES; i++)
			assert_int_equal(test_fault(p.t[k], p.base[k] + i, true, NULL),
					 VM_FAULT_DONE);
	assert_int_equal(sim->swap->inuse_pages, 1);
	assert_int_equal(node->count, 1);
	assert_int_equal(node->nr_values, 0);
	assert_int_equal(xa_load(xa, s0), (u64)pte_pfn(*pte_of(p.t[0], p.base[0])) + 1);
	assert_true(folio_free_swap(sim, pte_pfn(*pte_of(p.t[0], p.base[0]))));
	assert_int_equal(sim->swap->inuse_pages, 0);
	assert_null(xa->nodes[0]);
	assert_verified(sim);
}

/*
 * do_swap_page's write fault to a page only this mm maps: from 2.6.29
 * (swapin_free_swap = exclusive_write) it takes the page out of the swap
 * cache and frees its slot, and the next reclaim writes it to a new slot;
 * before (swap_full, can_share_swap_page) the page is mapped dirty in the
 * swap cache, keeps its slot while swap is less than half full, and the
 * next reclaim writes it there again.  Either way one write (pswpout): the
 * readahead neighbours the fault brought in are clean swap cache, dropped
 * without one.
 */
static void check_write_fault_slot(void **state, const char *ini, bool frees)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini);
	struct swap_info_struct *si = sim->swap;
	u64 slot, pswpout;
	struct page *page;
	struct pair p;

	new_pair(sim, &p, NPAGES);
	swap_out_pair(sim, &p, NPAGES);
	assert_int_equal(si->inuse_pages, 2 * NPAGES);
	slot = slot_of(p.t[0], p.base[0]);
	assert_int_equal(test_fault(p.t[0], p.base[0], true, NULL), VM_FAULT_DONE);
	page = pfn_to_page(sim, pte_pfn(*pte_of(p.t[0], p.base[0])));
	assert_true(*pte_of(p.t[0], p.base[0]) & PTE_DIRTY);
	assert_int_equal(PageFlag(page, PG_swapcache), !frees);
	assert_int_equal(si->swap_map[slot], frees ? 0 : SWAP_HAS_CACHE);
	assert_int_equal(si->inuse_pages, 2 * NPAGES - frees);

	*pte_of(p.t[0], p.base[0]) &= ~PTE_YOUNG;
	pswpout = vm_event(sim, PSWPOUT);
	swap_out_pair(sim, &p, NPAGES);
	assert_int_equal(vm_event(sim, PSWPOUT) - pswpout, 1);
	assert_int_equal(si->inuse_pages, 2 * NPAGES);
	assert_int_equal(slot_of(p.t[0], p.base[0]) == slot, !frees);
	assert_verified(sim);
}

static void test_write_fault_frees_slot(void **state)
{
	check_write_fault_slot(state, ini_vma, true);
}

static void test_write_fault_keeps_slot_2_6_28(void **state)
{
	check_write_fault_slot(state, INI("swapin_free_swap = swap_full\n"), false);
}

/*
 * mm_verify (--check) sees the swap map against its users: a slot whose
 * count no PTE accounts for (leaked swap space), a swap cache flag without
 * a page, and inuse_pages that do not match the slots in use.
 */
static void test_verify_catches_swap_leaks(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", ini_vma);
	struct swap_info_struct *si;
	struct pair p;
	char err[256] = "";
	u64 slot;

	new_pair(sim, &p, NPAGES);
	swap_out_pair(sim, &p, NPAGES);
	assert_verified(sim);
	si = sim->swap;
	slot = slot_of(p.t[0], p.base[0]);
	si->swap_map[slot]++; /* a reference nobody holds */
	assert_int_not_equal(mm_verify(sim, err, sizeof(err)), 0);
	assert_non_null(strstr(err, "swap_map count vs PTEs"));
	si->swap_map[slot]--;
	si->swap_map[slot] |= SWAP_HAS_CACHE; /* a cache flag without a page */
	assert_int_not_equal(mm_verify(sim, err, sizeof(err)), 0);
	assert_non_null(strstr(err, "SWAP_HAS_CACHE vs a page in the swap cache"));
	si->swap_map[slot] &= (u8)~SWAP_HAS_CACHE;
	si->inuse_pages++;
	assert_int_not_equal(mm_verify(sim, err, sizeof(err)), 0);
	assert_non_null(strstr(err, "swap inuse_pages vs slots in use"));
	si->inuse_pages--;
	assert_verified(sim);
}

/* PGSCAN_ANON and PGDEACTIVATE of the last swap_out_sys() */
static u64 swap_out_scanned, swap_out_deactivated;

/*
 * Reclaim a single task's NPAGES written pages to swap by hand (write,
 * then free once the writes completed) with [cost] @costs appended to
 * ini_vma; the task's system time for it, PSWPOUT and the pages stolen.
 */
static u64 swap_out_sys(const char *costs, u64 *pswpout, u64 *steal)
{
	char ini[sizeof(ini_vma) + 128];
	struct sim *sim;
	struct task *t;
	u64 base, sys;

	snprintf(ini, sizeof(ini), "%s[cost]\n%s", ini_vma, costs);
	sim = test_sim_load(NULL, "t.ini", ini);
	t = new_task(sim, 0, NPAGES, &base);
	for (u64 i = 0; i < NPAGES; i++) {
		assert_int_equal(handle_mm_fault(t, base + i, true), VM_FAULT_DONE);
		*pte_of(t, base + i) &= ~PTE_YOUNG;
	}
	sys = t->stime_ns + t->step_sys_ns;
	for (int pass = 0; pass < 4; pass++) {
		reclaim_box(t, NPAGES);
		complete_io(sim);
	}
	sys = t->stime_ns + t->step_sys_ns - sys;
	*pswpout = vm_event(sim, PSWPOUT);
	*steal = vm_event(sim, PGSTEAL_ANON);
	swap_out_scanned = vm_event(sim, PGSCAN_ANON);
	swap_out_deactivated = vm_event(sim, PGDEACTIVATE);
	for (u64 i = 0; i < NPAGES; i++)
		assert_true(pte_swap(*pte_of(t, base + i)));
	assert_verified(sim);
	sim_destroy(sim);
	return sys;
}

/*
 * swap_writepage_ns is charged once per page written to swap (PSWPOUT),
 * swap_remove_mapping_ns once per swap cache page __remove_mapping frees,
 * both to the reclaimer, as the kernel's profile of anonfill's swap-out
 * puts them (docs/oracle.md, "The CPU of a swap-out"): the same reclaim
 * with both at 0 takes exactly that much less system time.
 */
static void test_swap_out_cpu(void **state)
{
	u64 out0, steal0, out, steal;
	u64 sys0 =
		swap_out_sys("swap_writepage_ns = 0\nswap_remove_mapping_ns = 0\n", &out0, &steal0);
	u64 sys = swap_out_sys("swap_writepage_ns = 1827ns\nswap_remove_mapping_ns = 293ns\n", &out,
			       &steal);

	(void)state;
	assert_int_equal(out0, NPAGES);
	assert_int_equal(steal0, NPAGES);
	assert_int_equal(out, out0);
	assert_int_equal(steal, steal0);
	assert_int_equal(sys - sys0, NPAGES * 1827 + NPAGES * 293);
}

/*
 * lru_lock_ns is charged to the reclaimer once per folio
 * isolate_lru_folios() takes and once per folio put back, from either
 * list.  The hand-driven reclaim of NPAGES pages isolates each from the
 * inactive list three times (PGSCAN_ANON): written and put back; under
 * writeback, activated; freed once written; the active list's one pass
 * isolates and deactivates each (PGDEACTIVATE; PGREFILL is not counted
 * in a memcg's reclaim).  Holds: 3 x NPAGES + NPAGES isolated,
 * 2 x NPAGES + NPAGES put back.
 */
static void test_lru_lock_cpu(void **state)
{
	u64 out0, steal0, out, steal, scanned, deact;
	u64 sys0 = swap_out_sys("lru_lock_ns = 0\n", &out0, &steal0);
	u64 sys = swap_out_sys("lru_lock_ns = 1000ns\n", &out, &steal);

	(void)state;
	scanned = swap_out_scanned;
	deact = swap_out_deactivated;
	assert_int_equal(out, out0);
	assert_int_equal(steal, steal0);
	assert_int_equal(scanned, 3 * NPAGES);
	assert_int_equal(deact, NPAGES);
	assert_int_equal(sys - sys0, (scanned + deact + (scanned - steal) + deact) * 1000);
	assert_int_equal(sys - sys0, 7 * NPAGES * 1000);
}

/*
 * cluster_alloc_swap_entry's order (v6.18, swap_alloc = cluster, 512-slot
 * clusters): the cluster in use is taken on from its cursor, past a hole
 * behind it; used up, the partly used clusters in the order they got a
 * free slot, each from its start (cluster 0, with the header); then a
 * free cluster.  The cluster just left goes to the frag list at its last
 * allocation (relocate_cluster), its hole with it: scanned only when no
 * cluster is free.
 */
static void test_cluster_alloc_fills_holes(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI("kernel = 6.18\n"));
	static const u64 freed[] = { 100, 101, 102, 300, 550 },
			 want[] = { 100, 101, 102, 300, 1024 };
	u64 base, n = 1200, next = 0;
	struct task *t = new_task(sim, 0, n, &base);

	for (u64 i = 0; i < n; i++)
		assert_int_equal(handle_mm_fault(t, base + i, true), VM_FAULT_DONE);
	/* the page given slot s is page s - 1 */
	for (; next < 600; next++) {
		assert_true(add_to_swap(sim, pte_pfn(*pte_of(t, base + next)), 0));
		assert_int_equal(page_of(t, base + next)->private, next + 1);
	}
	for (unsigned int i = 0; i < 5; i++)
		delete_from_swap_cache(sim, pte_pfn(*pte_of(t, base + freed[i] - 1)), 0);
	/* cluster 1 from its cursor to its end, the hole at 550 left behind */
	for (; next < 1023; next++) {
		assert_true(add_to_swap(sim, pte_pfn(*pte_of(t, base + next)), 0));
		assert_int_equal(page_of(t, base + next)->private, next + 1);
	}
	for (unsigned int i = 0; i < sizeof(want) / sizeof(want[0]); i++, next++) {
		assert_true(add_to_swap(sim, pte_pfn(*pte_of(t, base + next)), 0));
		assert_int_equal(page_of(t, base + next)->private, want[i]);
	}
}

/* Reclaim until @t's @n pages from @base are all on swap and out of memory. */
static void swap_out_task(struct sim *sim, struct task *t, u64 base, u64 n)
{
	for (u64 i = 0; i < n; i++)
		if (pte_present(*pte_of(t, base + i)))
			*pte_of(t, base + i) &= ~PTE_YOUNG;
	for (int pass = 0; pass < 20; pass++) {
		bool all = node_page_state(&sim->nodes[0], NR_SWAPCACHE) == 0;

		for (u64 i = 0; i < n && all; i++)
			all = pte_swap(*pte_of(t, base + i));
		if (all)
			return;
		reclaim_box(t, n);
		complete_io(sim);
	}
	fail_msg("the task's pages did not all reach swap");
}

/* The swap device's write requests, merged bios and sectors since @st0 */
static void assert_writes(struct sim *sim, const struct blk_disk_stat *st0, u64 ios, u64 merges,
			  u64 sectors)
{
	struct blk_disk_stat st;

	blk_disk_stat(&sim->swap_dev, sim->eng.now, &st);
	assert_int_equal(st.dir[REQ_OP_WRITE].ios - st0->dir[REQ_OP_WRITE].ios, ios);
	assert_int_equal(st.dir[REQ_OP_WRITE].merges - st0->dir[REQ_OP_WRITE].merges, merges);
	assert_int_equal(st.dir[REQ_OP_WRITE].sectors - st0->dir[REQ_OP_WRITE].sectors, sectors);
}

/*
 * The request shape of a swap-out (v6.18, swap_alloc = cluster): a task's
 * 16 pages written in address order take slots 1..16 of cluster 0 (the
 * header's, a partly used cluster first); in this hand-driven reclaim
 * their 16 bios come to 3 requests and 13 merges (each bio starts a
 * request or joins one).  The odd pages brought back by read faults keep
 * their slots in the swap cache (the anonfill program's load, then
 * store); written again, each goes back to its own slot: 8 requests of
 * one page.  The even pages brought back by write faults lose their slots
 * (should_try_to_free_swap) and take the next 8 of the cluster: one
 * request.
 */
static void test_swap_out_request_shape(void **state)
{
	struct sim *sim = test_sim_from_text(state, "t.ini", INI("kernel = 6.18\n"));
	struct blk_disk_stat st0;
	u64 base;
	struct task *t = new_task(sim, 0, 16, &base);

	for (u64 i = 0; i < 16; i++)
		assert_int_equal(handle_mm_fault(t, base + i, true), VM_FAULT_DONE);
	blk_disk_stat(&sim->swap_dev, sim->eng.now, &st0);
	swap_out_task(sim, t, base, 16);
	for (u64 i = 0; i < 16; i++)
		assert_int_equal(slot_of(t, base + i), 1 + i);
	assert_writes(sim, &st0, 3, 13, 16 * 8);

	for (u64 i = 1; i < 16; i += 2) {
		fault_in(sim, t, base + i); /* a read fault: the slot stays */
		assert_int_equal(handle_mm_fault(t, base + i, true), VM_FAULT_DONE);
		assert_true(PageFlag(page_of(t, base + i), PG_swapcache));
	}
	blk_disk_stat(&sim->swap_dev, sim->eng.now, &st0);
	swap_out_task(sim, t, base, 16);
	for (u64 i = 1; i < 16; i += 2)
		assert_int_equal(slot_of(t, base + i), 1 + i);
	assert_writes(sim, &st0, 8, 0, 8 * 8);

	for (u64 i = 0; i < 16; i += 2) {
		assert_int_equal(test_fault(t, base + i, true, NULL), VM_FAULT_DONE);
		assert_false(PageFlag(page_of(t, base + i), PG_swapcache));
	}
	blk_disk_stat(&sim->swap_dev, sim->eng.now, &st0);
	swap_out_task(sim, t, base, 16);
	for (u64 i = 0; i < 16; i += 2)
		assert_int_equal(slot_of(t, base + i), 17 + i / 2);
	assert_writes(sim, &st0, 1, 7, 8 * 8);
	assert_verified(sim);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		test_sim_unit_test(test_cluster_readahead_reads_neighbours),
		test_sim_unit_test(test_verify_catches_swap_leaks),
		test_sim_unit_test(test_cluster_readahead_page_cluster_0),
		test_sim_unit_test(test_cluster_readahead_page_cluster_31),
		test_sim_unit_test(test_readahead_reclaims_in_its_plug),
		test_sim_unit_test(test_vma_readahead_reads_own_window),
		test_sim_unit_test(test_vma_readahead_window_adapts),
		test_sim_unit_test(test_block_readahead_window_adapts),
		test_sim_unit_test(test_reclaimers_interleave_slots),
		test_sim_unit_test(test_shared_slot_after_fork_cluster),
		test_sim_unit_test(test_shared_slot_after_fork_vma),
		test_sim_unit_test(test_write_to_shared_slot_copies),
		test_sim_unit_test(test_cluster_readahead_swap_end),
		test_sim_unit_test(test_swap_out_request_shape),
		test_sim_unit_test(test_cluster_alloc_fills_holes),
		cmocka_unit_test(test_profiles),
		cmocka_unit_test_teardown(test_swap_cache_xarray, test_sim_teardown),
		cmocka_unit_test(test_swap_out_cpu),
		cmocka_unit_test(test_lru_lock_cpu),
		cmocka_unit_test_teardown(test_fault_sleeps_in_place, test_sim_teardown),
		cmocka_unit_test(test_swapin_costs),
		test_sim_unit_test(test_write_fault_frees_slot),
		test_sim_unit_test(test_write_fault_keeps_slot_2_6_28),
		cmocka_unit_test_teardown(test_fault_reclaims_in_place, test_sim_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
