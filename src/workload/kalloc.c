// SPDX-License-Identifier: MIT
/*
 * kalloc.c - kernel page allocations as a driver, slab refills or the
 * network stack make them: `allocs` allocations per task of an order drawn
 * from a mix (`allocs` of them), with a gfp mask and migratetype, each freed after a fixed
 * or exponentially distributed lifetime (or kept), from process context
 * or from interrupt context (a mask that cannot sleep).  Unmovable and
 * reclaimable blocks mixed with user pages are what fragments memory
 * (page_alloc.c's fallback stealing).  A failed allocation is counted and
 * not retried, as a kernel caller drops the packet or the object.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kalloc.h"
#include "workload_types.h"

WL_PARAMS_FIT(struct kalloc_params);
#define KA_PARAMS(w) WL_PARAMS(struct kalloc_params, w)
#define KA_OFF(f) WL_POFF(struct kalloc_params, f)

/*
 * A block held until free_at; the held blocks form a min-heap on it.
 * With shrinker_in_use, a slab page's objects in use and those the
 * shrinker freed of a page it cannot give back.
 */
struct ka_block {
	u64 free_at;
	u32 pfn;
	u8 order;
	u16 in_use, freed;
};

struct ka_heap {
	struct ka_block *b;
	u64 nr, cap;
};

struct kalloc {
	/* the blocks; with shrinker_in_use, the slab pages objects in use pin apart */
	struct ka_heap heap, pinned;
	u64 attempts, failed, live_pages, peak_live_pages;
	u32 weight_sum;
	/*
	 * shrinker = N: the cache's shrinker, objects it freed short of a
	 * block, the unused objects of the pinned pages, where the last scan
	 * of them stopped, and totals
	 */
	struct shrinker shrinker;
	unsigned long freed_objects, pinned_unused;
	u64 pin_cursor;
	u64 shrunk_objects, shrunk_pages;
	unsigned int per_block;
};

static unsigned long kalloc_shrink_count(struct sim *sim, void *priv);
static unsigned long kalloc_shrink_scan(struct sim *sim, void *priv, unsigned long nr, u64 *pages);

static int kalloc_init(struct workload_inst *wl, struct task *t, unsigned int idx)
{
	const struct kalloc_params *p = KA_PARAMS(wl->cfg);
	struct kalloc *ka = calloc(1, sizeof(*ka));

	if (!ka)
		return -1;
	t->wl_priv = ka;
	/* an interrupt handler: its work runs at once on its CPU (sched.c) */
	t->irq_context = p->interrupt;
	for (unsigned int i = 0; i < p->nr_orders; i++)
		ka->weight_sum += p->weight[i];
	ka->per_block = p->shrinker;
	if (p->shrinker) {
		ka->shrinker = (struct shrinker){ .count = kalloc_shrink_count,
						  .scan = kalloc_shrink_scan,
						  .priv = ka,
						  .seeks = DEFAULT_SEEKS };
		register_shrinker(t->sim, &ka->shrinker);
	}
	return 0;
}

static void heap_swap(struct ka_block *a, struct ka_block *b)
{
	struct ka_block tmp = *a;

	*a = *b;
	*b = tmp;
}

static int heap_push(struct ka_heap *h, struct ka_block b)
{
	u64 i;

	if (h->nr == h->cap) {
		u64 cap = h->cap ? 2 * h->cap : 64;
		struct ka_block *nb = realloc(h->b, cap * sizeof(*nb));

		if (!nb)
			return -1;
		h->b = nb;
		h->cap = cap;
	}
	i = h->nr++;
	h->b[i] = b;
	while (i && h->b[(i - 1) / 2].free_at > h->b[i].free_at) {
		heap_swap(&h->b[(i - 1) / 2], &h->b[i]);
		i = (i - 1) / 2;
	}
	return 0;
}

static struct ka_block heap_pop(struct ka_heap *h)
{
	struct ka_block top = h->b[0];
	u64 i = 0;

	h->b[0] = h->b[--h->nr];
	for (;;) {
		u64 l = 2 * i + 1, r = l + 1, m = i;

		if (l < h->nr && h->b[l].free_at < h->b[m].free_at)
			m = l;
		if (r < h->nr && h->b[r].free_at < h->b[m].free_at)
			m = r;
		if (m == i)
			break;
		heap_swap(&h->b[i], &h->b[m]);
		i = m;
	}
	return top;
}

/* The heap whose top block's lifetime ends first (NULL: none held). */
static struct ka_heap *heap_first(struct kalloc *ka)
{
	if (!ka->pinned.nr)
		return ka->heap.nr ? &ka->heap : NULL;
	if (!ka->heap.nr || ka->pinned.b[0].free_at < ka->heap.b[0].free_at)
		return &ka->pinned;
	return &ka->heap;
}

static void ka_free(struct sim *sim, struct kalloc *ka, struct ka_block b)
{
	free_kernel_pages(sim, b.pfn, b.order);
	ka->live_pages -= 1ULL << b.order;
	/* a pinned page's objects go with it, the shrinker's or not */
	if (b.in_use)
		ka->pinned_unused -= ka->per_block - b.in_use - b.freed;
	/* no unpinned page left: no object is left to have been freed short of one */
	if (!ka->heap.nr)
		ka->freed_objects = 0;
}

/*
 * shrinker = N: the blocks are the slab pages of a reclaimable cache
 * (dentries, inodes), N objects each.  The count is its unused objects,
 * as shrink_dcache_memory's (2.6.35..3.0: dentry_stat.nr_unused, the
 * dentries on the LRU): with shrinker_in_use, the objects in use
 * (d_count > 0) are off the LRU and not counted.
 */
static unsigned long kalloc_shrink_count(struct sim *sim, void *priv)
{
	const struct kalloc *ka = priv;
	unsigned int per = ka->per_block;

	(void)sim;
	return (unsigned long)(ka->heap.nr * per - ka->freed_objects + ka->pinned_unused);
}

/*
 * The unused objects of the pinned pages, @nr of them at most, from where
 * the last scan stopped: their pages stay, as the slab allocator frees a
 * page only when its last object goes (SLUB's discard_slab once
 * page->inuse is 0).
 */
static unsigned long shrink_pinned(struct kalloc *ka, unsigned long nr)
{
	unsigned long done = 0;
	u64 tried = 0;

	while (done < nr && tried++ < ka->pinned.nr) {
		struct ka_block *b;
		unsigned int left, take;

		if (ka->pin_cursor >= ka->pinned.nr)
			ka->pin_cursor = 0;
		b = &ka->pinned.b[ka->pin_cursor];
		left = ka->per_block - b->in_use - b->freed;
		take = (unsigned int)(nr - done < left ? nr - done : left);
		b->freed = (u16)(b->freed + take);
		done += take;
		if (take == left)
			ka->pin_cursor++;
	}
	ka->pinned_unused -= done;
	return done;
}

/*
 * ... and its scan, prune_dcache (2.6.39): free @nr unused objects.  The
 * LRU is in the order of last use, not of the pages, so the objects freed
 * fall on the pinned pages and the others in proportion to their unused
 * objects.  The others are kept packed: their objects freed empty one
 * block after another, those nearest the end of their lifetime first, and
 * each empty block goes back to its zone.
 */
static unsigned long kalloc_shrink_scan(struct sim *sim, void *priv, unsigned long nr, u64 *pages)
{
	struct kalloc *ka = priv;
	unsigned int per = ka->per_block;
	unsigned long count = kalloc_shrink_count(sim, priv);
	unsigned long pinned;

	if (nr > count)
		nr = count;
	pinned = count ? (unsigned long)((u64)nr * ka->pinned_unused / count) : 0;
	pinned = shrink_pinned(ka, pinned);
	ka->freed_objects += nr - pinned;
	ka->shrunk_objects += nr;
	while (ka->heap.nr && ka->freed_objects >= per) {
		ka->freed_objects -= per;
		ka_free(sim, ka, heap_pop(&ka->heap));
		ka->shrunk_pages++;
		(*pages)++;
	}
	return nr;
}

/*
 * shrinker_in_use = P: each object of a new slab page is in use with
 * probability P %, for the page's life (a dentry held by an open file or
 * a cwd, an inode with its pages cached).
 */
static u16 pick_in_use(struct sim *sim, const struct kalloc_params *p)
{
	u16 n = 0;

	if (!p->shrinker_in_use)
		return 0;
	for (unsigned int i = 0; i < p->shrinker; i++)
		n = (u16)(n + (rng_below(&sim->eng.rng, 100) < p->shrinker_in_use));
	return n;
}

/* Free every held block whose lifetime ended by @now. */
static void free_expired(struct task *t, struct kalloc *ka, u64 now)
{
	struct ka_heap *h;

	while ((h = heap_first(ka)) && h->b[0].free_at <= now) {
		charge_sys(t, t->sim->scn.cost.free_ns);
		ka_free(t->sim, ka, heap_pop(h));
	}
}

/* The order of the next allocation: a draw from the weighted mix. */
static unsigned int pick_order(struct sim *sim, const struct kalloc_params *p, u32 weight_sum)
{
	u64 x;

	if (p->nr_orders == 1)
		return p->order[0];
	x = rng_below(&sim->eng.rng, weight_sum);
	for (unsigned int i = 0; i < p->nr_orders; i++) {
		if (x < p->weight[i])
			return p->order[i];
		x -= p->weight[i];
	}
	return p->order[p->nr_orders - 1];
}

/* The lifetime of a new block: fixed, or exponential with that mean. */
static u64 pick_lifetime(struct sim *sim, const struct kalloc_params *p)
{
	double u;

	if (p->lifetime_dist == KALLOC_LIFE_FIXED)
		return p->lifetime_ns;
	/* (0, 1]: never log(0) */
	u = (double)((rng_next(&sim->eng.rng) >> 11) + 1) / 9007199254740992.0;
	return (u64)(-log(u) * (double)p->lifetime_ns);
}

/* The mask the allocations use: the migratetype key replaces the mobility bits. */
static gfp_t kalloc_gfp(const struct kalloc_params *p)
{
	static const gfp_t mobility[MIGRATE_PCPTYPES] = {
		[MIGRATE_UNMOVABLE] = 0,
		[MIGRATE_MOVABLE] = __GFP_MOVABLE,
		[MIGRATE_RECLAIMABLE] = __GFP_RECLAIMABLE,
	};

	if (p->migratetype < 0)
		return p->gfp;
	return (p->gfp & ~GFP_MOVABLE_MASK) | mobility[p->migratetype];
}

static void kalloc_run(struct task *t)
{
	struct sim *sim = t->sim;
	struct kalloc *ka = t->wl_priv;
	const struct kalloc_params *p = KA_PARAMS(t->wl->cfg);
	gfp_t gfp = kalloc_gfp(p);

	for (u64 i = 0; i < p->count; i++) {
		unsigned int order = pick_order(sim, p, ka->weight_sum);
		enum vm_fault_result r;
		struct ka_block b;
		u32 pfn;

		free_expired(t, ka, task_now(t));
		wl_rate(t, (u64)sim->page_size << order);
		wl_tick(t);
		ka->attempts++;
		r = alloc_kernel_pages(t, gfp, order, &pfn);
		if (r == VM_FAULT_OOM)
			wl_retry(t, r); /* killed: exits */
		if (r != VM_FAULT_DONE) {
			ka->failed++;
			continue;
		}
		ka->live_pages += 1ULL << order;
		if (ka->live_pages > ka->peak_live_pages)
			ka->peak_live_pages = ka->live_pages;
		b = (struct ka_block){ .free_at = p->lifetime_dist == KALLOC_LIFE_FOREVER ?
							  U64_MAX :
							  task_now(t) + pick_lifetime(sim, p),
				       .pfn = pfn,
				       .order = (u8)order,
				       .in_use = pick_in_use(sim, p) };
		if (heap_push(b.in_use ? &ka->pinned : &ka->heap, b)) {
			/* no host memory to remember it: give it back at once */
			free_kernel_pages(sim, pfn, order);
			ka->live_pages -= 1ULL << order;
		} else if (b.in_use) {
			ka->pinned_unused += p->shrinker - b.in_use;
		}
	}
	if (p->lifetime_dist == KALLOC_LIFE_FOREVER)
		wl_hold(t);
	/* the remaining blocks are freed as their lifetimes end */
	for (struct ka_heap *h; (h = heap_first(ka));) {
		u64 now = task_now(t);

		if (h->b[0].free_at > now)
			schedule_timeout(t, NULL, h->b[0].free_at - now);
		free_expired(t, ka, task_now(t));
	}
}

/* Killed, or the run ended with blocks held: they go back (kfree at teardown). */
static void kalloc_task_exit(struct task *t)
{
	struct kalloc *ka = t->wl_priv;

	if (ka && ka->per_block)
		unregister_shrinker(t->sim, &ka->shrinker);
	for (struct ka_heap *h; ka && (h = heap_first(ka));)
		ka_free(t->sim, ka, heap_pop(h));
}

static void kalloc_report(struct workload_inst *wl)
{
	u64 attempts = 0, failed = 0, peak = 0, shrunk_objects = 0, shrunk_pages = 0;

	for (unsigned int i = 0; i < wl->nr_tasks; i++) {
		const struct kalloc *ka = wl->tasks[i]->wl_priv;

		attempts += ka->attempts;
		failed += ka->failed;
		peak += ka->peak_live_pages;
		shrunk_objects += ka->shrunk_objects;
		shrunk_pages += ka->shrunk_pages;
	}
	wl_set_figure(wl, "attempts", (double)attempts, true);
	wl_set_figure(wl, "failed", (double)failed, true);
	wl_set_figure(wl, "success_pct",
		      attempts ? (double)((attempts - failed) * 100 / attempts) : 0, true);
	wl_set_figure(wl, "peak_pages", (double)peak, true);
	if (KA_PARAMS(wl->cfg)->shrinker) {
		wl_set_figure(wl, "shrunk_objects", (double)shrunk_objects, true);
		wl_set_figure(wl, "shrunk_pages", (double)shrunk_pages, true);
	}
}

static void kalloc_free(struct task *t)
{
	struct kalloc *ka = t->wl_priv;

	if (ka && ka->per_block)
		unregister_shrinker(t->sim, &ka->shrinker);
	if (ka) {
		free(ka->heap.b);
		free(ka->pinned.b);
	}
	free(ka);
}

/* orders = N | N:W,N:W,...  (orders 0..MAX_PAGE_ORDER, weights >= 1) */
static int set_order(struct cfg_ctx *k, void *obj, const char *val)
{
	struct kalloc_params *p = WL_PARAMS_SET(struct kalloc_params, obj);
	char buf[CFG_MSG_LEN], num[CFG_MSG_LEN];
	const char *s = val;
	unsigned int n = 0;

	while (*s) {
		size_t len = strcspn(s, ",");
		const char *colon = memchr(s, ':', len);
		u64 o, w = 1;

		if (n == KALLOC_MAX_ORDERS)
			return cfg_fail(k, ": more than %d entries in '%s'", KALLOC_MAX_ORDERS,
					val);
		snprintf(num, sizeof(num), "%.*s", (int)(colon ? (size_t)(colon - s) : len), s);
		if (cfg_parse_uint_range(num, 0, MAX_PAGE_ORDER, &o, buf, sizeof(buf)))
			return cfg_fail(k, ": order %s", buf);
		if (colon) {
			snprintf(num, sizeof(num), "%.*s", (int)(len - (size_t)(colon + 1 - s)),
				 colon + 1);
			if (cfg_parse_uint_range(num, 1, 1000000, &w, buf, sizeof(buf)))
				return cfg_fail(k, ": weight %s", buf);
		}
		p->order[n] = (u8)o;
		p->weight[n++] = (u32)w;
		s += len;
		if (*s == ',')
			s++;
	}
	if (!n)
		return cfg_fail(k, ": expected an order or ORDER:WEIGHT,... (orders 0..%d)",
				MAX_PAGE_ORDER);
	p->nr_orders = n;
	return 0;
}

/* gfp = the kernel's flag names joined by | (gfp_parse), valid (gfp_check) */
int wl_set_gfp(struct cfg_ctx *k, const char *val, unsigned int *gfp)
{
	char buf[CFG_MSG_LEN];
	gfp_t v;

	if (gfp_parse(val, &v, buf, sizeof(buf)) || gfp_check(v, buf, sizeof(buf)))
		return cfg_fail(k, ": %s", buf);
	*gfp = v;
	return 0;
}

static int set_kalloc_gfp(struct cfg_ctx *k, void *obj, const char *val)
{
	return wl_set_gfp(k, val, &WL_PARAMS_SET(struct kalloc_params, obj)->gfp);
}

static int set_migratetype(struct cfg_ctx *k, void *obj, const char *val)
{
	static const char *const names[] = { "unmovable", "movable", "reclaimable" };
	struct kalloc_params *p = WL_PARAMS_SET(struct kalloc_params, obj);

	if (!strcmp(val, "gfp")) {
		p->migratetype = -1;
		return 0;
	}
	return cfg_set_choice(k, val, names, 3, &p->migratetype);
}

static int set_context(struct cfg_ctx *k, void *obj, const char *val)
{
	struct kalloc_params *p = WL_PARAMS_SET(struct kalloc_params, obj);

	if (!strcmp(val, "interrupt"))
		p->interrupt = true;
	else if (!strcmp(val, "process"))
		p->interrupt = false;
	else
		return cfg_fail(k, ": unknown value '%s' (expected process or interrupt)", val);
	return 0;
}

/*
 * The orders against the kernel's max_page_order, and a mask that sleeps
 * in interrupt context (the kernel's might_sleep splat: an interrupt
 * handler must use GFP_ATOMIC or GFP_NOWAIT).
 */
static int kalloc_validate(const struct scenario *s, const struct scn_workload *w, char *err,
			   size_t errlen)
{
	const struct kalloc_params *p = KA_PARAMS(w);

	for (unsigned int i = 0; i < p->nr_orders; i++)
		if (p->order[i] > s->policy.max_page_order)
			return cfg_fail_at(
				s, p->order_origin, w->line, err, errlen,
				"[workload %s] orders: %u is beyond max_page_order %u (valid 0..%u)",
				w->name, p->order[i], s->policy.max_page_order,
				s->policy.max_page_order);
	for (unsigned int i = 0; p->shrinker && i < p->nr_orders; i++)
		if (p->order[i])
			return cfg_fail_at(
				s, p->order_origin, w->line, err, errlen,
				"[workload %s] orders: %u with shrinker = %u: a slab cache's blocks are order-0 pages (valid: orders = 0, or shrinker = 0)",
				w->name, p->order[i], p->shrinker);
	if (p->shrinker_in_use && !p->shrinker)
		return cfg_fail_at(
			s, 0, w->line, err, errlen,
			"[workload %s] shrinker_in_use: %u %% of no cache's objects: it needs shrinker = N (valid: shrinker_in_use = 0, or a shrinker)",
			w->name, p->shrinker_in_use);
	if (p->interrupt && (p->gfp & __GFP_DIRECT_RECLAIM)) {
		char names[192];

		gfp_format(p->gfp, names, sizeof(names));
		return cfg_fail_at(
			s, cfg_later_origin(p->gfp_origin, p->context_origin), w->line, err, errlen,
			"[workload %s] context: interrupt cannot sleep: gfp %s has __GFP_DIRECT_RECLAIM (valid: a mask without it, e.g. GFP_ATOMIC, GFP_NOWAIT)",
			w->name, names);
	}
	return 0;
}

static const struct cfg_key kalloc_keys[] = {
	WL_KEY_TASKS("allocating tasks, each with its own blocks"),
	{ .name = "allocs",
	  .type = CFG_U64,
	  .off = KA_OFF(count),
	  .min = 1,
	  .max = 1000000000,
	  .def = "10000",
	  .doc = "allocations per task" },
	{ .name = "orders",
	  .type = CFG_CUSTOM,
	  .set = set_order,
	  .flags = CFG_F_ORIGIN,
	  .origin_off = KA_OFF(order_origin),
	  .def = "0",
	  .range = "ORDER \\| ORDER:WEIGHT,...",
	  .doc = "the order of each allocation (0..max_page_order), or a mix drawn with the given relative weights, e.g. `0:70,1:20,3:10`" },
	{ .name = "gfp",
	  .type = CFG_CUSTOM,
	  .set = set_kalloc_gfp,
	  .flags = CFG_F_ORIGIN,
	  .origin_off = KA_OFF(gfp_origin),
	  .def = "GFP_KERNEL",
	  .range = "gfp flag names joined by \\|",
	  .doc = "the allocation mask in the kernel's names (GFP_KERNEL, GFP_ATOMIC, GFP_NOWAIT, __GFP_NORETRY, __GFP_RETRY_MAYFAIL, __GFP_NOWARN, __GFP_DMA32, ...); at most one zone modifier" },
	{ .name = "migratetype",
	  .type = CFG_CUSTOM,
	  .set = set_migratetype,
	  .def = "gfp",
	  .range = "gfp \\| unmovable \\| movable \\| reclaimable",
	  .doc = "the mobility of the blocks: from the mask's __GFP_MOVABLE / __GFP_RECLAIMABLE bits, or this one in their place" },
	{ .name = "lifetime",
	  .type = CFG_TIME,
	  .off = KA_OFF(lifetime_ns),
	  .def = "1s",
	  .doc = "how long a block is kept before it is freed (the mean, for lifetime_dist = exp)" },
	{ .name = "lifetime_dist",
	  .type = CFG_ENUM,
	  .off = KA_OFF(lifetime_dist),
	  .size = sizeof(enum kalloc_lifetime),
	  .values = CFG_VALUES("fixed", "exp", "forever"),
	  .def = "exp",
	  .doc = "lifetimes: all equal, exponentially distributed, or kept until the run ends (the task then holds them)" },
	{ .name = "context",
	  .type = CFG_CUSTOM,
	  .set = set_context,
	  .flags = CFG_F_ORIGIN,
	  .origin_off = KA_OFF(context_origin),
	  .def = "process",
	  .range = "process \\| interrupt",
	  .doc = "where the allocations come from: a task that may sleep, or an interrupt handler (the mask must not include direct reclaim)" },
	{ .name = "shrinker",
	  .type = CFG_UINT,
	  .off = KA_OFF(shrinker),
	  .min = 0,
	  .max = 4096,
	  .def = "0",
	  .doc = "0: the blocks are freed only as their lifetimes end / N: the blocks are the order-0 slab pages of a reclaimable cache of N unused objects each (dentries of 192 bytes: 21 to a 4 KiB page), which reclaim's shrink_slab frees in proportion to the LRU pages it scans (2.6.35..4.15's ratio, DEFAULT_SEEKS), the blocks nearest the end of their lifetime first; figures shrunk_objects, shrunk_pages" },
	{ .name = "shrinker_in_use",
	  .type = CFG_UINT,
	  .off = KA_OFF(shrinker_in_use),
	  .min = 0,
	  .max = 100,
	  .def = "0",
	  .doc = "with shrinker: the percent of the cache's objects in use (each object of a new slab page drawn in use with this chance, for the page's life): off the cache's LRU, neither counted nor freed by its shrinker, and a page with one in use is never given back, its unused objects freed all the same (2.6.39 prune_dcache; the slab allocator frees a page with its last object)" },
};

static CFG_TABLE_DOC(
	kalloc_keys_table, kalloc_keys,
	"Kernel page allocations (driver buffers, slab refills, skbs): `allocs` allocations per task of an order drawn from `orders`, with `gfp` and `migratetype`, each freed after its `lifetime`; failures are counted, not retried. Figures: attempts, failed, success_pct, peak_pages (and with `shrinker`, shrunk_objects, shrunk_pages). Rate counts the bytes allocated.");

const struct wl_ops kalloc_ops = {
	.task_init = kalloc_init,
	.task_free = kalloc_free,
	.task_exit = kalloc_task_exit,
	.run = kalloc_run,
	.report = kalloc_report,
	.keys = &kalloc_keys_table,
	.validate = kalloc_validate,
};
