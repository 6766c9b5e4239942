// SPDX-License-Identifier: MIT
/*
 * shuffle.c - page placement, one of the sources of run-to-run variation
 * (docs/model.md): the order of the free lists at the start of the run.
 *
 * Which free page the allocator hands out depends on the order of its
 * free lists, and on a real machine that order is whatever earlier
 * activity left, different every run.  The model's boot frees the zones in
 * address order, so without this every run would fill memory from the
 * same frames in the same order.  With [run] page_shuffle = on the
 * largest free blocks are put in an order the run's VAR_PAGES stream
 * draws, as the kernel's page allocator shuffling does at boot
 * (CONFIG_SHUFFLE_PAGE_ALLOCATOR, page_alloc.shuffle=1).
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>

#include "internal.h"
#include "../sim/config.h"

/*
 * Models v6.12 __shuffle_zone() (mm/shuffle.c): the kernel swaps each
 * order-SHUFFLE_ORDER (max_page_order) free block with one at a random
 * place in the zone; here the blocks of that order's movable free list
 * are put in a uniformly random order (Fisher-Yates), which is what the
 * swaps approximate.  The kernel's shuffle_pick_tail() on later frees is
 * not modelled.  Returns 0 or -ENOMEM.
 */
int shuffle_zone(struct sim *sim, struct zone *z)
{
	struct free_area *area = &z->free_area[max_page_order(sim)];
	struct pfn_list *list = &area->free_list[MIGRATE_MOVABLE];
	struct rng *rng = &sim->eng.var_rng[VAR_PAGES];
	u64 n = area->nr_free_mt[MIGRATE_MOVABLE], i = 0;
	u32 *pfns;

	if (!sim->scn.run.jitter || !sim->scn.run.page_shuffle || n < 2)
		return 0;
	pfns = malloc(n * sizeof(*pfns));
	if (!pfns)
		return -ENOMEM;
	while (!pfn_list_empty(list)) {
		VM_BUG_ON(i == n);
		pfns[i++] = list->head;
		pfn_list_del(sim, list, list->head);
	}
	for (i = n - 1; i > 0; i--) {
		u64 j = rng_below(rng, i + 1);
		u32 tmp = pfns[i];

		pfns[i] = pfns[j];
		pfns[j] = tmp;
	}
	for (i = 0; i < n; i++)
		pfn_list_add_tail(sim, list, pfns[i]);
	free(pfns);
	return 0;
}

static const struct cfg_key shuffle_run_keys[] = {
	{ .name = "page_shuffle",
	  .type = CFG_ENUM,
	  .off = offsetof(struct scn_run, page_shuffle),
	  .size = sizeof(bool),
	  .values = CFG_VALUES("off", "on"),
	  .def = "on",
	  .doc = "the largest free blocks start in an order the seed draws (the free lists as earlier activity leaves them), or in address order (off with jitter = off)" },
};
CFG_TABLE(shuffle_run_table, shuffle_run_keys);
