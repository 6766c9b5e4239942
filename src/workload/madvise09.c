// SPDX-License-Identifier: MIT
/*
 * madvise09.c - LTP's madvise09 (testcases/kernel/syscalls/madvise/
 * madvise09.c, 2017-) and the oracle's madvfree program
 * (shared/oracle/src/madvfree.c, modelled on it) as one workload:
 *
 *  1. mmap `size` bytes of private anonymous memory and write every page
 *     ('a' in every byte);
 *  2. madvise(MADV_FREE) the whole range (-EINVAL: the kernel has no
 *     MADV_FREE, LTP's TCONF; the workload then ends);
 *  3. read page `peek` (LTP: page 1, "not freed immediately");
 *  4. write the first byte of the `rewrite` pages and of every
 *     `rewrite_every`-th page ('b'): those pages are dirty again and must
 *     survive;
 *  5. lower the memcg's limits (`limit_after`, `memsw_after`: LTP sets
 *     memory.max and memory.swap.max only now, madvfree writes the v1
 *     memory.limit_in_bytes and memory.memsw.limit_in_bytes);
 *  6. wait `hold` (a monitoring-style run: another workload brings the
 *     pressure meanwhile);
 *  7. pressure rounds (`pressure` = oom or SIZE, none: no rounds): fork a
 *     child - dup_mm, so the region is shared copy-on-write with it, as
 *     both programs fork after the madvise - that mmaps `chunk` bytes at a
 *     time and writes one byte per page until it is OOM-killed (or reaches
 *     512 MiB, madvfree's --pressure-cap-mib default) or has touched
 *     SIZE, then sleeps 100 ms and exits; with `ltp_sleep` it sleeps
 *     `round` us after every page.  After each round the parent reads the
 *     first byte of every page; rounds repeat, at most `rounds`, while no
 *     page reads 0;
 *  8. classify every page as madvfree does: discarded (all zeros),
 *     intact, rewritten and intact, corrupted (anything else).
 *
 * With program_text and program_data, the program's own pages (its
 * binary and the libc code it runs, its stack, heap and libc data) are
 * run and written at its start and at each step's end (its output lines,
 * smaps, fork, waitpid), and its loop's page of text on every iteration
 * of its loops and the pressure child's (a fork: the same text).
 *
 * Page contents are not simulated, so the workload keeps what each page
 * holds: a page's data is gone when its PTE is none (reclaim discarded
 * it: a read then sees the zero page, a write a fresh zeroed page), and
 * the state at every access of the program decides what it contains from
 * then on.  A read of a none PTE is not faulted in: the kernel maps the
 * shared zero page, which changes nothing reclaim sees.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "madvise09.h"
#include "workload_types.h"

WL_PARAMS_FIT(struct madvise09_params);
#define M9_PARAMS(w) WL_PARAMS(struct madvise09_params, w)
#define M9_OFF(f) WL_POFF(struct madvise09_params, f)

/* madvfree --chunk-pages default, as LTP's pressure child */
#define MADV09_CHUNK_PAGES 500
/* madvfree --pressure-cap-mib default: a child never OOM-killed stops here */
#define MADV09_CAP_BYTES (512ULL << 20)
/* madvfree: the pressure child lingers this long after reaching its target */
#define MADV09_LINGER_NS (100 * NSEC_PER_MSEC)
/* timer_slack_ns default (50 us): what usleep() adds to the requested time */
#define TIMER_SLACK_NS (50 * NSEC_PER_USEC)

/* What a page of the region holds, as the program would read it. */
enum m9_content {
	C_A, /* all 'a': written at fill, never lost */
	C_BA, /* 'b' then 'a': rewritten, intact */
	C_ZERO, /* all zeros: discarded, read through the zero page */
	C_B0, /* 'b' then zeros: rewritten after it was discarded */
};

/* The run's state (wl->priv), shared by the program and its pressure children. */
struct madvise09 {
	struct task *parent;
	u64 base; /* first vpn of the region */
	u64 npages; /* pages in the region */
	u8 *rewritten; /* per page: in the rewrite set */
	u8 *content; /* per page: enum m9_content */
	int madvise_ret; /* 0 or -EINVAL */
	int limit_rc; /* 0, or the first failed limit write's -errno */
	int peek_intact; /* 1, 0, or -1: no peek */
	u64 lazyfree_after_madvise; /* pages, smaps LazyFree */
	u64 lazyfree_after_rewrite; /* pages */
	u64 rss_after_fill; /* pages, VmRSS */
	u64 rss_after_madvise; /* pages */
	unsigned int round; /* pressure rounds started */
	u64 oom_kills; /* pressure children OOM-killed */
	/* the final reading of every page (madvfree's result line) */
	bool classified;
	u64 unwritten, discarded, intact, intact_rewritten, corrupted;
	s64 first_discarded, last_discarded; /* page index, -1: none */
	struct wait_queue_head child_wait; /* the parent in waitpid() */
	/* the pressure child of the current round (NULL between rounds) */
	struct task *child;
	struct wl_program prog; /* its text and data (program_text, program_data) */
};

static u64 chunk_pages(const struct sim *sim, const struct madvise09_params *cfg)
{
	return cfg->chunk ? bytes_to_pages(sim, cfg->chunk) : MADV09_CHUNK_PAGES;
}

/* The program's start (madvfree main()): the rewrite set, mmap of the region. */
static int madvise09_init(struct workload_inst *wl, struct task *t, unsigned int idx)
{
	struct sim *sim = wl->sim;
	const struct madvise09_params *cfg = M9_PARAMS(wl->cfg);
	struct madvise09 *m = calloc(1, sizeof(*m));

	if (!m)
		return -1;
	wl->priv = m;
	m->parent = t;
	m->npages = bytes_to_pages(sim, cfg->size);
	m->peek_intact = -1;
	m->rewritten = calloc(m->npages, 1);
	m->content = calloc(m->npages, 1);
	if (!m->rewritten || !m->content)
		return -1;
	for (unsigned int i = 0; i < cfg->nr_rewrite; i++)
		m->rewritten[cfg->rewrite[i]] = 1;
	for (u64 i = 0; cfg->rewrite_every && i < m->npages; i += cfg->rewrite_every)
		m->rewritten[i] = 1;
	t->mm = mm_alloc(sim, t);
	if (!t->mm || !(m->base = mmap_anon(t->mm, m->npages)))
		return -1;
	return wl_program_map(wl, t, cfg->text, cfg->binary, cfg->text_evicted, cfg->data,
			      &m->prog);
}

/* madvise09 runs one program: the pressure children are forked later. */
static unsigned int madvise09_nr_tasks(const struct scn_workload *cfg)
{
	return 1;
}

/* The PTE of page @i of the region in the program's page table. */
static pte_t region_pte(struct madvise09 *m, u64 i)
{
	struct vm_area_struct *vma = find_vma(m->parent->mm, m->base + i);

	return pte_offset_get(vma, m->base + i);
}

/* VmRSS in pages (get_mm_rss(): anon + file, no shmem here) */
static u64 mm_rss(const struct mm_struct *mm)
{
	return (u64)(mm->rss_stat[MM_ANONPAGES] + mm->rss_stat[MM_FILEPAGES]);
}

/*
 * A write of v1 memory.limit_in_bytes / memory.memsw.limit_in_bytes
 * (mem_cgroup_resize_max, v6.12): the memory limit may not exceed the
 * memsw limit nor the reverse (-EINVAL); a limit below the usage is
 * refused with -EBUSY (the kernel first reclaims, up to
 * MAX_RECLAIM_RETRIES times: not modelled, the setups here never need it).
 */
static int memcg_write_limit(struct sim *sim, struct mem_cgroup *memcg, bool memsw, u64 bytes)
{
	u64 pages = bytes / sim->page_size;
	struct page_counter *pc = memsw ? &memcg->memsw : &memcg->memory;

	if (memsw ? pages < memcg->memory.max : pages > memcg->memsw.max)
		return -EINVAL;
	if (pc->usage > pages)
		return -EBUSY;
	pc->max = pages;
	return 0;
}

/*
 * fork() of the pressure child: it shares the region copy-on-write and
 * runs the same program (user_task -> madvise09_run), which takes it to
 * pressure_child().  false: the fork failed.
 */
static bool fork_pressure_child(struct task *t, struct madvise09 *m)
{
	struct sim *sim = t->sim;
	struct task *c;

	m->round++;
	/* fork, and copy_page_range: one PTE copied per page of the region */
	charge_sys(t, sim->scn.cost.syscall_ns + m->npages * sim->scn.cost.pte_ns);
	c = wl_fork(t, t->fn);
	if (!c)
		return false;
	c->mm = dup_mm(sim, c, t->mm);
	if (!c->mm) {
		task_exit(c, 0);
		return false;
	}
	m->child = c;
	wake_up_task(c);
	return true;
}

/*
 * One page of the pressure child's loop: mmap a new chunk when there is
 * none yet or the last is full, then write the page's byte.  Re-issued
 * until done: a retried fault does not mmap again.
 */
static enum vm_fault_result pressure_touch(struct task *t, u64 chunk, u64 *base, u64 *in_chunk)
{
	if (!*base || *in_chunk == chunk) {
		*base = mmap_anon(t->mm, chunk);
		if (!*base)
			return VM_FAULT_OOM; /* mmap failed: madvfree's _exit(4) */
		*in_chunk = 0;
		charge_sys(t, t->sim->scn.cost.syscall_ns);
	}
	return handle_mm_fault(t, *base + *in_chunk, true);
}

/*
 * The pressure child (madvfree.c pressure_child(), LTP's
 * memory_pressure_child()): mmap a chunk, write one byte per page,
 * optionally usleep(round); at the target sleep 100 ms and exit, at
 * madvfree's cap exit at once.
 */
static void pressure_child(struct task *t, struct madvise09 *m)
{
	struct sim *sim = t->sim;
	const struct madvise09_params *cfg = M9_PARAMS(t->wl->cfg);
	u64 chunk = chunk_pages(sim, cfg);
	bool until_oom = cfg->pressure == U64_MAX;
	u64 base = 0; /* first vpn of the current chunk, 0: none yet */
	u64 in_chunk = 0; /* pages touched in the current chunk */
	u64 touched = 0; /* pages touched in all */

	for (;;) {
		wl_program_run(t, &m->prog, false);
		WL_DO(t, pressure_touch(t, chunk, &base, &in_chunk));
		charge_user(t, sim->scn.cost.user_touch_ns);
		in_chunk++;
		touched++;
		if (!until_oom && touched >= bytes_to_pages(sim, cfg->pressure)) {
			schedule_timeout(t, NULL, MADV09_LINGER_NS); /* usleep(100 * 1000) */
			return;
		}
		if (until_oom && touched >= bytes_to_pages(sim, MADV09_CAP_BYTES))
			return; /* the safety bound: _exit(3) */
		if (cfg->ltp_sleep)
			schedule_timeout(t, NULL, m->round * NSEC_PER_USEC + TIMER_SLACK_NS);
	}
}

/* Read the first byte of page @i (peek, probe): a none PTE is the zero page. */
static enum vm_fault_result read_page(struct task *t, struct madvise09 *m, u64 i, bool *zero)
{
	enum vm_fault_result r;

	*zero = pte_none(region_pte(m, i));
	if (*zero) {
		m->content[i] = C_ZERO;
		return VM_FAULT_DONE;
	}
	r = handle_mm_fault(t, m->base + i, false);
	if (r == VM_FAULT_DONE) {
		charge_user(t, t->sim->scn.cost.user_touch_ns);
		*zero = m->content[i] == C_ZERO;
	}
	return r;
}

/* Write the first byte of page @i ('b'): a page that lost its data is zeros after it. */
static enum vm_fault_result rewrite_page(struct task *t, struct madvise09 *m, u64 i)
{
	bool lost = pte_none(region_pte(m, i)) || m->content[i] == C_ZERO;
	enum vm_fault_result r = handle_mm_fault(t, m->base + i, true);

	if (r == VM_FAULT_DONE) {
		charge_user(t, t->sim->scn.cost.user_touch_ns);
		m->content[i] = lost ? C_B0 : C_BA;
	}
	return r;
}

/* waitpid() for the pressure child: its end (exit or OOM kill) wakes us. */
static void wait_pressure_child(struct task *t, struct madvise09 *m)
{
	while (m->child)
		schedule_timeout(t, &m->child_wait, 0);
}

/*
 * madvfree's final reading: every page classified as discarded (all
 * zeros), intact ('a'), rewritten and intact ('b' then 'a') or corrupted
 * (anything else, a rewritten page read as zeros included).
 */
static void classify(struct madvise09 *m)
{
	m->first_discarded = m->last_discarded = -1;
	for (u64 i = 0; i < m->npages; i++) {
		enum m9_content c = pte_none(region_pte(m, i)) ? C_ZERO : m->content[i];

		if (c == C_ZERO) {
			if (m->first_discarded < 0)
				m->first_discarded = (s64)i;
			m->last_discarded = (s64)i;
		}
		if (m->rewritten[i]) {
			m->intact_rewritten += c == C_BA;
			m->corrupted += c != C_BA;
		} else {
			m->unwritten++;
			m->discarded += c == C_ZERO;
			m->intact += c == C_A;
			m->corrupted += c != C_ZERO && c != C_A;
		}
	}
	m->classified = true;
}

/*
 * The program (madvfree main(), LTP's child()): the steps of the header
 * comment.  A pressure child runs this too (it is a fork of the program)
 * and goes to its own loop.
 */
static void madvise09_run(struct task *t)
{
	struct sim *sim = t->sim;
	struct madvise09 *m = t->wl->priv;
	const struct madvise09_params *cfg = M9_PARAMS(t->wl->cfg);
	u64 probe_zero; /* pages whose first byte read 0 in the last probe */
	bool zero;

	if (t != m->parent) {
		pressure_child(t, m);
		return;
	}
	wl_program_run(t, &m->prog, true); /* the program starts */
	for (u64 i = 0; i < m->npages; i++) { /* memset(ptr, 'a', len) */
		wl_program_run(t, &m->prog, false);
		WL_DO(t, handle_mm_fault(t, m->base + i, true));
		charge_user(t, sim->scn.cost.user_touch_ns);
		m->content[i] = C_A;
	}
	m->rss_after_fill = mm_rss(t->mm);

	wl_program_run(t, &m->prog, true);
	wl_tick(t);
	charge_sys(t, sim->scn.cost.syscall_ns);
	m->madvise_ret = do_madvise(t, m->base, m->npages, MADV_FREE);
	m->lazyfree_after_madvise = mm_lazyfree_pages(sim, t->mm);
	m->rss_after_madvise = mm_rss(t->mm);
	if (m->madvise_ret)
		return; /* LTP: TCONF "MADV_FREE is not supported"; madvfree dies */

	if (cfg->peek != U64_MAX) {
		WL_DO(t, read_page(t, m, cfg->peek, &zero));
		m->peek_intact = !zero;
	}

	for (u64 i = 0; i < m->npages; i++) { /* ptr[i * page_size] = 'b' */
		wl_program_run(t, &m->prog, false);
		if (m->rewritten[i])
			WL_DO(t, rewrite_page(t, m, i));
	}
	wl_program_run(t, &m->prog, true);
	wl_tick(t); /* smaps, then the limit writes: each a user-level operation */
	m->lazyfree_after_rewrite = mm_lazyfree_pages(sim, t->mm);

	charge_sys(t, sim->scn.cost.syscall_ns);
	if (cfg->limit_after != U64_MAX)
		m->limit_rc = memcg_write_limit(sim, t->memcg, false, cfg->limit_after);
	if (cfg->memsw_after != U64_MAX) {
		int rc = memcg_write_limit(sim, t->memcg, true, cfg->memsw_after);

		m->limit_rc = m->limit_rc ? m->limit_rc : rc;
	}
	if (cfg->hold_ns)
		schedule_timeout(t, NULL, cfg->hold_ns);

	if (cfg->pressure) {
		do {
			wl_program_run(t, &m->prog, true);
			wl_tick(t);
			if (!fork_pressure_child(t, m))
				break; /* madvfree dies on a failed fork: no more rounds */
			wait_pressure_child(t, m);
			probe_zero = 0;
			for (u64 i = 0; i < m->npages; i++) { /* if (!ptr[i * page_size]) */
				wl_program_run(t, &m->prog, false);
				WL_DO(t, read_page(t, m, i, &zero));
				probe_zero += zero;
			}
		} while (!probe_zero && m->round < cfg->rounds);
	}

	wl_program_run(t, &m->prog, true);
	wl_tick(t);
	classify(m);
}

/* A task ended: a pressure child's end (exit or OOM kill) wakes waitpid(). */
static void madvise09_task_exit(struct task *t)
{
	struct madvise09 *m = t->wl->priv;

	if (t == m->parent)
		return;
	if (t->exit_signal)
		m->oom_kills++;
	m->child = NULL;
	wake_up_all(t->sim, &m->child_wait);
}

/* The result line's figures, in pages unless named (_kb: KiB, as smaps). */
static void madvise09_report(struct workload_inst *wl)
{
	struct madvise09 *m = wl->priv;
	double kb = wl->sim->page_size / 1024.0;

	if (!m)
		return;
	/* the program's exit status: a killed pressure child is not the program */
	wl->exit_signal = m->parent->exit_signal;
	wl_set_figure(wl, "madvise_ret", m->madvise_ret, true);
	wl_set_figure(wl, "limit_write_rc", m->limit_rc, true);
	wl_set_figure(wl, "rss_kb_after_fill", (double)m->rss_after_fill * kb, true);
	wl_set_figure(wl, "rss_kb_after_madvise", (double)m->rss_after_madvise * kb, true);
	wl_set_figure(wl, "lazyfree_kb_after_madvise", (double)m->lazyfree_after_madvise * kb,
		      true);
	wl_set_figure(wl, "lazyfree_kb_after_rewrite", (double)m->lazyfree_after_rewrite * kb,
		      true);
	wl_set_figure(wl, "peek_intact", m->peek_intact, true);
	wl_set_figure(wl, "pressure_rounds", m->round, true);
	wl_set_figure(wl, "pressure_oom_kills", (double)m->oom_kills, true);
	/* killed (or cut short by run.duration) before its result line */
	if (!m->classified)
		return;
	wl_set_figure(wl, "unwritten_pages", (double)m->unwritten, true);
	wl_set_figure(wl, "discarded_pages", (double)m->discarded, true);
	wl_set_figure(wl, "intact_unwritten_pages", (double)m->intact, true);
	wl_set_figure(wl, "intact_rewritten_pages", (double)m->intact_rewritten, true);
	wl_set_figure(wl, "corrupted_pages", (double)m->corrupted, true);
	wl_set_figure(wl, "first_discarded_page", (double)m->first_discarded, true);
	wl_set_figure(wl, "last_discarded_page", (double)m->last_discarded, true);
}

static void madvise09_free(struct workload_inst *wl)
{
	struct madvise09 *m = wl->priv;

	if (!m)
		return;
	free(m->rewritten);
	free(m->content);
}

/* rewrite = 0,10: page indices, comma separated */
static int set_rewrite(struct cfg_ctx *k, void *obj, const char *val)
{
	struct madvise09_params *w = WL_PARAMS_SET(struct madvise09_params, obj);
	const char *p = val;
	unsigned int n = 0;

	if (!strcmp(val, "none")) {
		w->nr_rewrite = 0;
		return 0;
	}
	for (;;) {
		char *end;
		unsigned long long idx;

		if (*p < '0' || *p > '9')
			return cfg_fail(
				k, ": expected page numbers separated by commas, or none: '%s'",
				val);
		errno = 0;
		idx = strtoull(p, &end, 10);
		if (errno || idx > UINT32_MAX)
			return cfg_fail(k, ": page number out of range in '%s'", val);
		if (n == MADV09_MAX_REWRITE)
			return cfg_fail(k, ": more than %d pages", MADV09_MAX_REWRITE);
		w->rewrite[n++] = (u32)idx;
		p = end;
		if (!*p)
			break;
		if (*p++ != ',')
			return cfg_fail(
				k, ": expected page numbers separated by commas, or none: '%s'",
				val);
	}
	w->nr_rewrite = n;
	return 0;
}

/* peek = PAGE | none */
static int set_peek(struct cfg_ctx *k, void *obj, const char *val)
{
	struct madvise09_params *w = WL_PARAMS_SET(struct madvise09_params, obj);
	char buf[CFG_MSG_LEN];
	u64 v;

	if (!strcmp(val, "none")) {
		w->peek = U64_MAX;
		return 0;
	}
	if (cfg_parse_uint_range(val, 0, UINT32_MAX, &v, buf, sizeof(buf)))
		return cfg_fail(k, ": %s (or none)", buf);
	w->peek = v;
	return 0;
}

/* pressure = oom | none | SIZE */
static int set_pressure(struct cfg_ctx *k, void *obj, const char *val)
{
	struct madvise09_params *w = WL_PARAMS_SET(struct madvise09_params, obj);
	char buf[CFG_MSG_LEN];
	u64 v;

	if (!strcmp(val, "oom") || !strcmp(val, "none")) {
		w->pressure = !strcmp(val, "oom") ? U64_MAX : 0;
		return 0;
	}
	if (parse_size(val, k->page_size, &v, buf, sizeof(buf)))
		return cfg_fail(k, ": %s (or oom or none)", buf);
	if (!v)
		return cfg_fail(k, ": must be > 0 (or oom or none)");
	w->pressure = v;
	return 0;
}

/* limit_after / memsw_after = SIZE | keep (U64_MAX: the limit is not written) */
static int set_after(struct cfg_ctx *k, void *obj, const char *val)
{
	struct madvise09_params *w = WL_PARAMS_SET(struct madvise09_params, obj);
	u64 *field = !strcmp(k->key, "limit_after") ? &w->limit_after : &w->memsw_after;
	char buf[CFG_MSG_LEN];
	u64 v;

	if (!strcmp(val, "keep")) {
		*field = U64_MAX;
		return 0;
	}
	if (parse_size(val, k->page_size, &v, buf, sizeof(buf)))
		return cfg_fail(k, ": %s", buf);
	if (!v)
		return cfg_fail(k, ": must be > 0");
	*field = v;
	return 0;
}

static const char *madvise09_missing(const struct scn_workload *w)
{
	return M9_PARAMS(w)->size ? NULL : "size";
}

/* The pages it names lie inside its region of size bytes. */
static int madvise09_validate(const struct scenario *s, const struct scn_workload *w, char *err,
			      size_t errlen)
{
	const struct madvise09_params *p = M9_PARAMS(w);
	u64 pages = (p->size + s->machine.page_size - 1) / s->machine.page_size;

	/* a --set of size is to blame before the file's pages, else the page's key */
	for (unsigned int i = 0; i < p->nr_rewrite; i++)
		if (p->rewrite[i] >= pages)
			return cfg_fail_at(
				s, p->size_origin < 0 ? p->size_origin : p->rewrite_origin, w->line,
				err, errlen,
				"[workload %s] rewrite: page %u is beyond the region (%llu pages)",
				w->name, p->rewrite[i], (unsigned long long)pages);
	if (p->peek != U64_MAX && p->peek >= pages)
		return cfg_fail_at(
			s, p->size_origin < 0 ? p->size_origin : p->peek_origin, w->line, err,
			errlen, "[workload %s] peek: page %llu is beyond the region (%llu pages)",
			w->name, (unsigned long long)p->peek, (unsigned long long)pages);
	return 0;
}

/* LTP madvise09's and the oracle's madvfree options and their defaults */
static const struct cfg_key madvise09_keys[] = {
	WL_KEY_SIZE(struct madvise09_params, "required", "the region (`128p` in LTP)"),
	{ .name = "rewrite",
	  .type = CFG_CUSTOM,
	  .set = set_rewrite,
	  .flags = CFG_F_ORIGIN,
	  .origin_off = M9_OFF(rewrite_origin),
	  .def = "none",
	  .range = "PAGE,... \\| none",
	  .doc = "pages written again after MADV_FREE (`0,10`)" },
	{ .name = "rewrite_every",
	  .type = CFG_UINT,
	  .off = M9_OFF(rewrite_every),
	  .min = 0,
	  .max = UINT32_MAX,
	  .def = "0",
	  .doc = "also every Nth page from page 0 (0: none)" },
	{ .name = "peek",
	  .type = CFG_CUSTOM,
	  .set = set_peek,
	  .flags = CFG_F_ORIGIN,
	  .origin_off = M9_OFF(peek_origin),
	  .def = "none",
	  .range = "PAGE \\| none",
	  .doc = "page read after MADV_FREE" },
	{ .name = "pressure",
	  .type = CFG_CUSTOM,
	  .set = set_pressure,
	  .def = "none",
	  .range = "oom \\| none \\| size > 0",
	  .doc = "a child writes `chunk`-sized mmaps until OOM-killed (oom), or SIZE bytes and exits 100 ms later; none: no pressure rounds" },
	{ .name = "chunk",
	  .type = CFG_SIZE,
	  .off = M9_OFF(chunk),
	  .flags = CFG_F_POSITIVE,
	  .def_doc = "500 pages",
	  .doc = "bytes per mmap of the pressure child (--chunk-pages)" },
	{ .name = "ltp_sleep",
	  .type = CFG_ENUM,
	  .off = M9_OFF(ltp_sleep),
	  .size = sizeof(bool),
	  .values = CFG_VALUES("off", "on"),
	  .def = "off",
	  .doc = "the child sleeps usleep(round) after each page, as LTP" },
	{ .name = "rounds",
	  .type = CFG_UINT,
	  .off = M9_OFF(rounds),
	  .min = 1,
	  .max = 1000,
	  .def = "1",
	  .doc = "pressure rounds at most, while no page reads 0" },
	{ .name = "limit_after",
	  .type = CFG_CUSTOM,
	  .set = set_after,
	  .def = "keep",
	  .range = "size > 0 \\| keep",
	  .doc = "v1 memory limit of its cgroup set after the setup" },
	{ .name = "memsw_after",
	  .type = CFG_CUSTOM,
	  .set = set_after,
	  .def = "keep",
	  .range = "size > 0 \\| keep",
	  .doc = "v1 memory+swap limit set after the setup" },
	{ .name = "hold",
	  .type = CFG_TIME,
	  .off = M9_OFF(hold_ns),
	  .def = "0",
	  .doc = "wait after the setup, before the pressure rounds" },
	WL_KEYS_TEXT(struct madvise09_params),
};

static CFG_TABLE_DOC(
	madvise09_keys_table, madvise09_keys,
	"LTP madvise09 and shared/oracle/src/madvfree.c: write the region, madvise(MADV_FREE), read page `peek`, write byte 0 of the rewrite pages, set the memcg's limits to limit_after / memsw_after, wait `hold`, then the pressure rounds (it sizes its own tasks: no `tasks` key). Figures (pages unless named): madvise_ret (0 or -22), limit_write_rc (0, or -16 EBUSY: a limit below the usage; -22: memory above memsw), rss_kb_after_fill, rss_kb_after_madvise, lazyfree_kb_after_madvise, lazyfree_kb_after_rewrite (smaps LazyFree), peek_intact (1, 0; -1 no peek), pressure_rounds, pressure_oom_kills, unwritten_pages, discarded_pages, intact_unwritten_pages, intact_rewritten_pages, corrupted_pages, first/last_discarded_page (-1: none). No rate: a test of fixed steps, not a stream of bytes.");

const struct wl_ops madvise09_ops = {
	.nr_tasks = madvise09_nr_tasks,
	.task_init = madvise09_init,
	.run = madvise09_run,
	.task_exit = madvise09_task_exit,
	.free = madvise09_free,
	.report = madvise09_report,
	.keys = &madvise09_keys_table,
	.missing = madvise09_missing,
	.validate = madvise09_validate,
	.no_rate = "an LTP test of fixed steps, not a stream of bytes",
};
