// SPDX-License-Identifier: MIT
/*
 * truncate.c - dropping a file's page cache when the file is truncated
 * or unlinked (mm/truncate.c, v6.12): dd's O_TRUNC, rm, make clean.
 */
#include "internal.h"

/* How long truncation sleeps before looking again at a page reclaim holds. */
#define TRUNCATE_ISOLATED_WAIT_NS NSEC_PER_MSEC

/*
 * folio_cancel_dirty() (v6.12) of the folio headed by @pfn: it is thrown
 * away, not written; undo folio_account_dirtied's counts, all its pages.
 */
static void folio_cancel_dirty(struct sim *sim, struct address_space *mapping, u32 pfn)
{
	struct page *page = pfn_to_page(sim, pfn);
	long nr = folio_nr_pages(page);

	ClearPageFlag(page, PG_dirty);
	mapping_tag_dirty(mapping, page->index, false);
	mod_lruvec_page_state(sim, pfn, NR_FILE_DIRTY, -nr);
	mod_zone_page_state(page_zone(sim, pfn), NR_ZONE_WRITE_PENDING, -nr);
	mapping->nr_dirty -= (u64)nr;
	sim->nr_dirty -= (u64)nr;
}

/*
 * truncate_inode_pages() (v6.12) of the whole file, index by index; a
 * page that is not free to go makes the task sleep in place and look at
 * the index again: one being read (folio_lock), one under writeback
 * (truncate_inode_folio waits), one a reclaimer holds (in the kernel,
 * locked while shrink_folio_list looks at it; no wait queue marks the end
 * of an isolation in the model, so it looks again shortly).
 */
void truncate_inode_pages(struct task *t, struct address_space *mapping)
{
	struct sim *sim = t->sim;
	u64 removed = 0;

	for (u64 index = 0; index < mapping->capacity;) {
		u64 e = xa_load(&mapping->i_pages, index);
		struct page *page;
		u32 pfn;

		if (!e) {
			index++;
			continue;
		}
		if (xa_is_value(e)) { /* a workingset shadow goes with the file */
			xa_store(sim, &mapping->i_pages, index++, 0);
			continue;
		}
		/* a large folio goes whole at its first index, its head's */
		pfn = page_folio(sim, (u32)(e - 1));
		page = pfn_to_page(sim, pfn);
		/* the model maps no page cache it truncates (no unmap_mapping_range) */
		VM_BUG_ON_PAGE(folio_mapped(sim, pfn), page);
		if (PageFlag(page, PG_locked) || PageFlag(page, PG_writeback) ||
		    PageFlag(page, PG_isolated)) {
			charge_sys(t, removed * sim->scn.cost.free_ns);
			removed = 0;
			if (PageFlag(page, PG_locked))
				folio_wait_locked(t, pfn);
			else if (PageFlag(page, PG_writeback))
				folio_wait_writeback(t, pfn);
			else
				schedule_timeout(t, NULL, TRUNCATE_ISOLATED_WAIT_NS);
			continue;
		}
		if (PageFlag(page, PG_dirty))
			folio_cancel_dirty(sim, mapping, pfn);
		if (PageFlag(page, PG_lru))
			lruvec_del_folio(sim, folio_lruvec(sim, pfn), pfn);
		filemap_remove_folio(sim, pfn, 0);
		index += folio_nr_pages(page);
		free_unref_page(sim, pfn);
		removed++;
	}
	charge_sys(t, removed * sim->scn.cost.free_ns);
	mapping->size = 0;
	mapping->ra_next = 0;
	mapping->ra_size = 0;
	mapping->wb_index = 0;
}
