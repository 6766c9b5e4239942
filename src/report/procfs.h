/* SPDX-License-Identifier: MIT */
/*
 * procfs.h - what procfs.c (the v6.12 files) shares with procfs_era.c
 * (/proc/vmstat and /proc/meminfo in older kernels' layouts).
 */
#ifndef RECLAIMSIM_REPORT_PROCFS_H
#define RECLAIMSIM_REPORT_PROCFS_H

#include "../mm/sim.h"

/* global_zone_page_state(): @item over every zone of every node, at least 0 */
u64 global_zone_state(const struct sim *sim, enum zone_stat_item item);
/* global_node_page_state(): @item over every node, at least 0 */
u64 global_node_state(const struct sim *sim, enum node_stat_item item);
/* si_mem_available() (mm/show_mem.c, v6.12), pages */
u64 si_mem_available(const struct sim *sim);
/* totalram_pages(): the managed pages of every zone */
u64 totalram_pages(const struct sim *sim);
/* si_swapinfo() (mm/swapfile.c, v6.12): total_swap_pages and get_nr_swap_pages() */
void si_swapinfo(const struct sim *sim, u64 *total, u64 *free);
/* si_meminfo()'s highmem part (mm/show_mem.c, v6.12): totalhigh_pages(), nr_free_highpages() */
void si_highmem(const struct sim *sim, u64 *total, u64 *free);

#endif
