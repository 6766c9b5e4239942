// SPDX-License-Identifier: MIT
/*
 * swapfile.c - one swap device's slots (mm/swapfile.c, v6.12): slot
 * allocation, use counts in swap_map, and freeing slots together with
 * their swap cache page when nothing needs them any more.
 *
 * Slot allocation, [policy] swap_alloc: under scan, a forward scan from
 * cluster_next (scan_swap_map_slots, simplified to a circular scan), so
 * that pages reclaimed in LRU order get neighbouring slots and swap-in
 * readahead of a slot cluster finds neighbouring pages.  Under cluster
 * (v6.14+, every device), v6.18's cluster allocator: the next slot of the
 * cluster in use, else a partly used cluster before a free one, so that
 * the slots random swap-ins freed are filled again, and the pages of one
 * reclaim batch land in the gaps between slots still in use.
 */
#include <stdlib.h>
#include <stddef.h>

#include "internal.h"
#include "../sim/config.h"

/*
 * mm_check_machine() sizes the host's share of a swap device with this.
 * A slot in use in the swap cache costs 4 B (narrow node) or 8 B (wide)
 * plus its node's header over XA_CHUNK_SIZE slots (xarray.c): with
 * swap_map and swap_cgroup, ~7.9 B for a swap full of narrow nodes (its
 * shadows of one memcg), ~11.9 B when all wide; unused slots ~3.1 B.
 */
_Static_assert(sizeof(((struct swap_info_struct *)0)->swap_map[0]) + sizeof(u64) +
			       sizeof(((struct swap_info_struct *)0)->swap_cgroup[0]) <=
		       SCN_HOST_BYTES_PER_SLOT,
	       "SCN_HOST_BYTES_PER_SLOT must cover a slot's swap_map, swap_cache and swap_cgroup");

/*
 * SWAPFILE_CLUSTER (v6.18 mm/swap.h): HPAGE_PMD_NR slots with
 * CONFIG_THP_SWAP (x86-64, arm64): the PTEs of one page table page, 512
 * with 4 KiB pages.
 */
static u64 swapfile_cluster(u32 page_size)
{
	return page_size / sizeof(u64);
}

/* cluster list helpers: the kernel's list_head, by cluster index */
static void cluster_list_del(struct swap_info_struct *si, struct swap_cluster_list *l, u32 idx)
{
	struct swap_cluster_info *ci = &si->cluster_info[idx];

	if (ci->prev != SWAP_CLUSTER_NIL)
		si->cluster_info[ci->prev].next = ci->next;
	else
		l->head = ci->next;
	if (ci->next != SWAP_CLUSTER_NIL)
		si->cluster_info[ci->next].prev = ci->prev;
	else
		l->tail = ci->prev;
	ci->prev = ci->next = SWAP_CLUSTER_NIL;
}

static void cluster_list_add_tail(struct swap_info_struct *si, struct swap_cluster_list *l, u32 idx)
{
	struct swap_cluster_info *ci = &si->cluster_info[idx];

	ci->next = SWAP_CLUSTER_NIL;
	ci->prev = l->tail;
	if (l->tail != SWAP_CLUSTER_NIL)
		si->cluster_info[l->tail].next = idx;
	else
		l->head = idx;
	l->tail = idx;
}

/*
 * The list a cluster of @flags sits on: v6.18 keeps one list_head per
 * CLUSTER_FLAG_* on swap_info_struct (free, nonfull, frag, full), and
 * move_cluster() picks it by the flag as here; NULL for a cluster on none.
 */
static struct swap_cluster_list *cluster_list_of(struct swap_info_struct *si, u8 flags)
{
	switch (flags) {
	case CLUSTER_FLAG_FREE:
		return &si->free_clusters;
	case CLUSTER_FLAG_NONFULL:
		return &si->nonfull_clusters;
	case CLUSTER_FLAG_FRAG:
		return &si->frag_clusters;
	case CLUSTER_FLAG_FULL:
		return &si->full_clusters;
	}
	return NULL;
}

/* move_cluster() (v6.18): to the tail of the list of @flags */
static void move_cluster(struct swap_info_struct *si, u32 idx, u8 flags)
{
	struct swap_cluster_info *ci = &si->cluster_info[idx];

	if (ci->flags != CLUSTER_FLAG_NONE)
		cluster_list_del(si, cluster_list_of(si, ci->flags), idx);
	cluster_list_add_tail(si, cluster_list_of(si, flags), idx);
	ci->flags = flags;
}

/*
 * setup_clusters() (v6.18): the header slot and the slots past the
 * device's end in its last cluster are never usable (bad slots); clusters
 * with any go to the nonfull list, the others to the free list, in
 * address order (v6.18 dropped the interleaving of SWAP_CLUSTER_COLS).
 */
static int setup_clusters(struct sim *sim, struct swap_info_struct *si)
{
	u64 pages = swapfile_cluster(sim->page_size);
	struct swap_cluster_list nil = { SWAP_CLUSTER_NIL, SWAP_CLUSTER_NIL };

	si->swap_cluster_pages = pages;
	si->nr_clusters = (si->max + pages - 1) / pages;
	si->cluster_info = calloc(si->nr_clusters, sizeof(*si->cluster_info));
	si->percpu_next = calloc(sim->scn.machine.cpus, sizeof(*si->percpu_next));
	if (!si->cluster_info || !si->percpu_next)
		return -1;
	si->free_clusters = si->nonfull_clusters = si->frag_clusters = si->full_clusters = nil;
	si->solidstate = !sim->scn.machine.swap_dev.rotational;
	si->cluster_info[0].count = 1; /* the header */
	si->cluster_info[si->nr_clusters - 1].count += (u32)(si->nr_clusters * pages - si->max);
	for (u64 i = 0; i < si->nr_clusters; i++) {
		si->cluster_info[i].prev = si->cluster_info[i].next = SWAP_CLUSTER_NIL;
		move_cluster(si, (u32)i,
			     si->cluster_info[i].count ? CLUSTER_FLAG_NONFULL : CLUSTER_FLAG_FREE);
	}
	return 0;
}

/* swapon(): one swap device of machine.swap bytes; none below two pages. */
int swap_init(struct sim *sim)
{
	u64 slots = sim->scn.machine.swap / sim->page_size;
	struct swap_info_struct *si;

	if (slots < 2)
		return 0;
	si = calloc(1, sizeof(*si));
	if (!si)
		return -1;
	si->max = slots;
	si->swap_map = calloc(slots, 1);
	si->swap_cache.no_shadow_lru = true;
	si->swap_cgroup = malloc(slots * sizeof(*si->swap_cgroup));
	if (!si->swap_map || xa_grow(&si->swap_cache, slots) || !si->swap_cgroup ||
	    (sim->scn.policy.swap_alloc_cluster && setup_clusters(sim, si))) {
		sim->swap = si;
		swap_free_all(sim);
		return -1;
	}
	for (u64 i = 0; i < slots; i++)
		si->swap_cgroup[i] = MEMCG_ID_NONE;
	si->swap_map[0] = 0xff; /* the header page is never handed out */
	si->cluster_next = 1;
	si->ra_hits = 4; /* swapin_readahead_hits = ATOMIC_INIT(4) */
	sim->swap = si;
	return 0;
}

void swap_free_all(struct sim *sim)
{
	struct swap_info_struct *si = sim->swap;

	if (!si)
		return;
	free(si->swap_map);
	xa_destroy(sim, &si->swap_cache);
	free(si->swap_cgroup);
	free(si->cluster_info);
	free(si->percpu_next);
	free(si);
	sim->swap = NULL;
}

/* get_nr_swap_pages(): free slots. */
u64 get_nr_swap_pages(const struct sim *sim)
{
	const struct swap_info_struct *si = sim->swap;

	return si ? si->max - 1 - si->inuse_pages : 0;
}

/* vm_swap_full() (v6.12): more than half the swap space in use. */
bool vm_swap_full(const struct sim *sim)
{
	const struct swap_info_struct *si = sim->swap;

	return si && si->inuse_pages * 2 > si->max - 1;
}

/* scan_swap_map_slots(), simplified to a circular scan; 0 = none free. */
static u64 scan_swap_map_slots(struct swap_info_struct *si)
{
	for (u64 n = 0; n < si->max; n++) {
		u64 slot = si->cluster_next;

		si->cluster_next = slot + 1 < si->max ? slot + 1 : 1;
		if (!si->swap_map[slot])
			return slot;
	}
	return 0;
}

/*
 * relocate_cluster() (v6.18): after an allocation, a cluster goes to the
 * free, frag or full list by its count.
 */
static void relocate_cluster(struct swap_info_struct *si, u32 idx)
{
	struct swap_cluster_info *ci = &si->cluster_info[idx];

	if (!ci->count) {
		if (ci->flags != CLUSTER_FLAG_FREE)
			move_cluster(si, idx, CLUSTER_FLAG_FREE);
	} else if (ci->count != si->swap_cluster_pages) {
		if (ci->flags != CLUSTER_FLAG_FRAG)
			move_cluster(si, idx, CLUSTER_FLAG_FRAG);
	} else if (ci->flags != CLUSTER_FLAG_FULL) {
		move_cluster(si, idx, CLUSTER_FLAG_FULL);
	}
}

/*
 * __try_to_reclaim_swap(TTRS_ANYWAY) (v6.18): free @slot, which only the
 * swap cache holds, from its page unless the page is locked (folio_trylock)
 * or under writeback; the page becomes dirty, its only copy.
 */
static void try_to_reclaim_swap(struct sim *sim, u64 slot)
{
	u64 e = xa_load(&sim->swap->swap_cache, slot);

	if (!e || xa_is_value(e) || PageFlag(pfn_to_page(sim, (u32)(e - 1)), PG_locked))
		return;
	folio_free_swap(sim, (u32)(e - 1));
}

/*
 * alloc_swap_scan_cluster() (v6.18): the first free slot of cluster @idx
 * from @offset on; where the next allocation continues (the slot after,
 * while the cluster has room) goes to the device's or @cpu's next.  A
 * slot only the swap cache holds counts as taken, and is freed from its
 * page on the way when swap is over half full (cluster_scan_range,
 * cluster_reclaim_range); a full cluster is not scanned.
 */
static u64 alloc_swap_scan_cluster(struct sim *sim, u32 idx, u64 offset, unsigned int cpu)
{
	struct swap_info_struct *si = sim->swap;
	struct swap_cluster_info *ci = &si->cluster_info[idx];
	u64 end = (u64)(idx + 1) * si->swap_cluster_pages, found = 0, next = 0;

	if (ci->count < si->swap_cluster_pages) {
		for (; offset < end && offset < si->max; offset++) {
			if (si->swap_map[offset] == SWAP_HAS_CACHE && vm_swap_full(sim))
				try_to_reclaim_swap(sim, offset);
			if (si->swap_map[offset])
				continue;
			found = offset;
			ci->count++;
			if (ci->count < si->swap_cluster_pages && offset + 1 < end)
				next = offset + 1;
			break;
		}
	}
	relocate_cluster(si, idx);
	if (si->solidstate)
		si->percpu_next[cpu] = next;
	else
		si->global_next = next;
	return found;
}

/* alloc_swap_scan_list() (v6.18): take clusters off @l's head until one has a slot */
static u64 alloc_swap_scan_list(struct sim *sim, struct swap_cluster_list *l, bool scan_all,
				unsigned int cpu)
{
	struct swap_info_struct *si = sim->swap;
	u64 found = 0;

	do {
		u32 idx = l->head;

		if (idx == SWAP_CLUSTER_NIL)
			break;
		/* isolate_lock_cluster() */
		cluster_list_del(si, l, idx);
		si->cluster_info[idx].flags = CLUSTER_FLAG_NONE;
		found = alloc_swap_scan_cluster(sim, idx, idx * si->swap_cluster_pages, cpu);
	} while (!found && scan_all);
	return found;
}

/*
 * swap_alloc_fast() and cluster_alloc_swap_entry() (v6.18) for an order-0
 * folio on a device without discard: the cluster the last allocation of
 * this CPU (solid-state) or of the device (rotational, global_cluster)
 * left off in; then every partly used cluster in turn (nonfull); then a
 * free cluster; then one fragmented cluster.  0 = none.  Not modelled:
 * the reclaim of full clusters' cache-only slots past half full
 * (swap_reclaim_full_clusters) and discard (SWP_PAGE_DISCARD).
 */
static u64 cluster_alloc_swap_entry(struct sim *sim, unsigned int cpu)
{
	struct swap_info_struct *si = sim->swap;
	u64 next = si->solidstate ? si->percpu_next[cpu] : si->global_next, found = 0;

	if (next) {
		u32 idx = (u32)(next / si->swap_cluster_pages);

		if (!si->cluster_info[idx].count) /* emptied meanwhile: from its start */
			next = idx * si->swap_cluster_pages;
		found = alloc_swap_scan_cluster(sim, idx, next, cpu);
	}
	if (!found)
		found = alloc_swap_scan_list(sim, &si->nonfull_clusters, true, cpu);
	if (!found)
		found = alloc_swap_scan_list(sim, &si->free_clusters, false, cpu);
	if (!found)
		found = alloc_swap_scan_list(sim, &si->frag_clusters, false, cpu);
	return found;
}

/* A slot for a page, taken for the swap cache; 0 = none free. */
static u64 get_swap_slot(struct sim *sim, unsigned int cpu)
{
	struct swap_info_struct *si = sim->swap;
	u64 slot;

	if (si->inuse_pages >= si->max - 1)
		return 0;
	slot = si->cluster_info ? cluster_alloc_swap_entry(sim, cpu) : scan_swap_map_slots(si);
	if (slot) {
		si->swap_map[slot] = SWAP_HAS_CACHE;
		si->inuse_pages++;
	}
	return slot;
}

/*
 * swap_range_free() with the cluster's count (v6.18
 * __swap_cluster_free_entries): an emptied cluster goes back to the free
 * list, any other to the nonfull list.
 */
static void swap_range_free(struct swap_info_struct *si, u64 slot)
{
	si->swap_map[slot] = 0;
	si->inuse_pages--;
	if (si->cluster_info) {
		u32 idx = (u32)(slot / si->swap_cluster_pages);
		struct swap_cluster_info *ci = &si->cluster_info[idx];

		ci->count--;
		if (!ci->count)
			move_cluster(si, idx, CLUSTER_FLAG_FREE);
		else if (ci->flags != CLUSTER_FLAG_NONFULL)
			move_cluster(si, idx, CLUSTER_FLAG_NONFULL);
	}
}

/*
 * swap_entries_free() (v6.18): the slot is unused and has no cache page;
 * its shadow entry and its memcg's swap charge go with it
 * (mem_cgroup_uncharge_swap).
 */
static void swap_slot_release(struct sim *sim, u64 slot)
{
	struct swap_info_struct *si = sim->swap;

	swap_range_free(si, slot);
	xa_store(sim, &si->swap_cache, slot, 0); /* drops a workingset shadow too */
	mem_cgroup_uncharge_swap(sim, slot);
}

/*
 * add_to_swap() (v6.12 folio_alloc_swap + add_to_swap_cache): give an anon
 * page a slot and put it in the swap cache, dirty so that it is written.
 */
noinline bool add_to_swap(struct sim *sim, u32 pfn, unsigned int cpu)
{
	struct swap_info_struct *si = sim->swap;
	struct page *page = pfn_to_page(sim, pfn);
	u64 slot;

	if (!si || !(slot = get_swap_slot(sim, cpu)))
		return false;
	/* folio_alloc_swap(): a v2 group over memory.swap.max gets no slot */
	if (!mem_cgroup_try_charge_swap(sim, pfn, slot)) {
		swap_range_free(si, slot);
		return false;
	}
	xa_store(sim, &si->swap_cache, slot, (u64)pfn + 1);
	page->private = (u32)slot;
	SetPageFlag(page, PG_swapcache);
	SetPageFlag(page, PG_dirty);
	mod_lruvec_page_state(sim, pfn, NR_SWAPCACHE, 1);
	return true;
}

/*
 * __delete_from_swap_cache() (v6.12): the page leaves the swap cache;
 * @shadow (or 0) takes its place.  The slot keeps its cache reference
 * until put_swap_folio().
 */
void __delete_from_swap_cache(struct sim *sim, u32 pfn, u64 shadow)
{
	struct page *page = pfn_to_page(sim, pfn);

	mod_lruvec_page_state(sim, pfn, NR_SWAPCACHE, -1);
	ClearPageFlag(page, PG_swapcache);
	xa_store(sim, &sim->swap->swap_cache, page->private, shadow);
	page->private = 0;
}

/* put_swap_folio() (v6.12): drop the cache's hold on @slot. */
void put_swap_folio(struct sim *sim, u64 slot)
{
	struct swap_info_struct *si = sim->swap;

	VM_BUG_ON(!(si->swap_map[slot] & SWAP_HAS_CACHE));
	si->swap_map[slot] &= (u8)~SWAP_HAS_CACHE;
	if (!si->swap_map[slot])
		swap_slot_release(sim, slot);
}

/* delete_from_swap_cache() (v6.12): both of the above. */
void delete_from_swap_cache(struct sim *sim, u32 pfn, u64 shadow)
{
	u64 slot = pfn_to_page(sim, pfn)->private;

	__delete_from_swap_cache(sim, pfn, shadow);
	put_swap_folio(sim, slot);
}

/* swap_free(): a PTE no longer refers to @slot. */
void swap_free(struct sim *sim, u64 slot)
{
	struct swap_info_struct *si = sim->swap;

	VM_BUG_ON(!(si->swap_map[slot] & ~SWAP_HAS_CACHE)); /* a swap PTE holds a count */
	si->swap_map[slot]--;
	if (!si->swap_map[slot])
		swap_slot_release(sim, slot);
}

/*
 * folio_free_swap() (v6.12): drop the swap copy of a page that no PTE
 * refers to through its slot any more; not while it is under writeback.
 */
bool folio_free_swap(struct sim *sim, u32 pfn)
{
	struct page *page = pfn_to_page(sim, pfn);
	struct swap_info_struct *si = sim->swap;

	if (!PageFlag(page, PG_swapcache) || PageFlag(page, PG_writeback))
		return false;
	if (si->swap_map[page->private] != SWAP_HAS_CACHE)
		return false;
	delete_from_swap_cache(sim, pfn, 0);
	SetPageFlag(page, PG_dirty); /* the only copy now: must be written again */
	return true;
}

/*
 * free_swap_and_cache() (v6.12): a swap PTE goes away (unmap, exit).
 * When only the swap cache still holds the slot and its page is idle
 * (not mapped, locked, under I/O or isolated by a reclaimer), the page is
 * freed as well.
 */
void free_swap_and_cache(struct sim *sim, u64 slot)
{
	struct swap_info_struct *si = sim->swap;
	u64 e;
	u32 pfn;
	struct page *page;

	swap_free(sim, slot);
	if (si->swap_map[slot] != SWAP_HAS_CACHE)
		return;
	e = xa_load(&si->swap_cache, slot);
	if (!e || xa_is_value(e))
		return;
	pfn = (u32)(e - 1);
	page = pfn_to_page(sim, pfn);
	if (page->mapcount || PageFlag(page, PG_locked) || PageFlag(page, PG_writeback) ||
	    PageFlag(page, PG_isolated) || !PageFlag(page, PG_lru))
		return;
	delete_from_swap_cache(sim, pfn, 0);
	lruvec_del_folio(sim, folio_lruvec(sim, pfn), pfn);
	free_unref_page(sim, pfn);
}

/* [machine]: swap space and its device (presets: blkdev.c) */

#define M_OFF(f) offsetof(struct scn_machine, f)

static const struct cfg_key swapfile_machine_keys[] = {
	{ .name = "swap",
	  .type = CFG_SIZE,
	  .off = M_OFF(swap),
	  .flags = CFG_F_ORIGIN,
	  .origin_off = M_OFF(swap_origin),
	  .def = "0",
	  .doc = "swap space, 0 = no swap" },
	{ .name = "swap_device",
	  .type = CFG_CUSTOM,
	  .set = blkdev_set_preset,
	  .def = "ssd",
	  .range = "ssd \\| hdd \\| nvme",
	  .doc = "preset of latency, bandwidth, depth and rotational flag (ssd: 100us, 500M/s, 32; hdd: a 7200 rpm head, seeks of 1 / 8.5 / 20 ms, 150M/s, 1, rotational; nvme: 50us, 3G/s, 128); single keys override it" },
	{ .name = "swap_latency",
	  .type = CFG_TIME,
	  .off = M_OFF(swap_dev.latency_ns),
	  .max = 10 * NSEC_PER_SEC,
	  .def_doc = "swap_device",
	  .doc = "per request, before the transfer; overlaps across the depth" },
	{ .name = "swap_bandwidth",
	  .type = CFG_BANDWIDTH,
	  .off = M_OFF(swap_dev.bandwidth),
	  .def_doc = "swap_device",
	  .doc = "bytes per second (`500M` or `500M/s`), shared by the requests in flight" },
	{ .name = "swap_depth",
	  .type = CFG_UINT,
	  .off = M_OFF(swap_dev.depth),
	  .min = 1,
	  .max = 65536,
	  .def_doc = "swap_device",
	  .doc = "requests in flight" },
	{ .name = "swap_rotational",
	  .type = CFG_ENUM,
	  .off = M_OFF(swap_dev.rotational),
	  .size = sizeof(bool),
	  .values = CFG_VALUES("0", "1"),
	  .def_doc = "swap_device",
	  .doc = "what the device reports in /sys/block/DEV/queue/rotational, head or not (hdd 1; ssd, nvme 0; virtio-blk disks report 1): blk-wbt's read latency target is 75 ms on a rotational queue, else 2 ms" },
	{ .name = "swap_completion",
	  .type = CFG_ENUM,
	  .off = M_OFF(swap_dev.complete_batch),
	  .size = sizeof(bool),
	  .values = CFG_VALUES("each", "batch"),
	  .def = "each",
	  .doc = "when the device signals a request done. each: when its own transfer ends (a device that completes requests one by one, as the presets stand for). batch: when the device has no transfer left, every request it was given meanwhile at once: virtio-blk on this host, measured in bench/results/ddsleep-trace.txt (the ~61 MiB the flusher issues in 1-2 ms complete within 0.05-0.2 ms of each other, 17-30 ms after the first issue; readahead's four 4 MiB requests a window likewise)" },
	{ .name = "swap_wbt_step",
	  .type = CFG_CUSTOM,
	  .set = blkdev_set_wbt_step,
	  .def = "0",
	  .range = "-16..16",
	  .doc = "blk-wbt's scale step when the run starts (wbt_init's 0: max_depth 16 requests; each step below 0 doubles it, up to 3/4 of the queue depth; each above halves it): what a queue that had run long before the run had scaled to. The oracle VM's virtio disk: -4 at every timer of its runs (the wbt_timer tracepoint, bench/results/ddsleep-trace.txt)" },
	/*
	 * The kick's VM exit: the oracle VM's virtio-blk disk, a read issued
	 * to the idle disk costs 10.24 us of submission (bench/results/
	 * reqcpu-profile.txt, 80-90 % of it the leaf iowrite16 of
	 * virtqueue_notify) where the reclaim's requests among others in
	 * flight, notify suppressed, cost ~1.7 us (blk_submit_ns): 8.54 us,
	 * set by the oracle scenarios (tools/extract_oracle_summary.py).  A
	 * bare-metal disk's doorbell is a posted MMIO write with no exit:
	 * 0, not measured here
	 */
	{ .name = "swap_kick",
	  .type = CFG_TIME,
	  .off = M_OFF(swap_dev.kick_ns),
	  .max = NSEC_PER_SEC,
	  .def = "0",
	  .doc = "the submitter's CPU to notify the device of a request when it has none in flight (virtqueue_notify's VM exit on a virtio disk: 8.54us on the oracle VM's; a bare-metal doorbell is a posted write, 0); with requests in flight the notify is suppressed (virtio's event index) and a request costs blk_submit_ns alone" },
};

CFG_TABLE(swapfile_machine_table, swapfile_machine_keys);

/* [policy]: how slots are allocated */

static const struct cfg_key swapfile_policy_keys[] = {
	{ .name = "swap_alloc",
	  .type = CFG_ENUM,
	  .off = offsetof(struct scn_policy, swap_alloc_cluster),
	  .size = sizeof(bool),
	  .values = CFG_VALUES("scan", "cluster"),
	  .def = "scan",
	  .doc = "how reclaim finds a swap slot: a scan forward from where the last one was found, wrapping at the end (scan_swap_map_slots: rotational devices until v6.13, all until v3.12; stands in too for v3.12..6.13's solid-state clusters) / v6.14+'s clusters of 512 slots on every device (cluster_alloc_swap_entry, v6.18): the next slot of the cluster in use (one per CPU on a solid-state device, one per device on a rotational one), else the first partly used cluster before a free one, so slots freed by swap-ins are filled again and a batch's pages land in their gaps" },
};
CFG_TABLE(swapfile_policy_table, swapfile_policy_keys);
