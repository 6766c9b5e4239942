// SPDX-License-Identifier: MIT
/*
 * page_counter.c - hierarchical page counters (mm/page_counter.c, v6.12):
 * charges walk up the parent links (O(depth)), and each counter keeps
 * what its min/low protection covers of its usage summed in its parent
 * (children_min_usage, children_low_usage), from which reclaim derives
 * the effective protection of every group (SPEC 6.4).
 */
#include <errno.h>

#include "internal.h"

/*
 * propagate_protected_usage() (v6.12): after @c's usage changed to
 * @usage, move the difference of min(usage, min) and min(usage, low) into
 * the parent's sums.  Only counters that have (or had) protection pay.
 */
static void propagate_protected_usage(struct page_counter *c, u64 usage)
{
	u64 protected;

	if (!c->parent)
		return;
	if (c->min || c->min_usage) {
		protected = min_u64(usage, c->min);
		c->parent->children_min_usage += protected - c->min_usage;
		c->min_usage = protected;
	}
	if (c->low || c->low_usage) {
		protected = min_u64(usage, c->low);
		c->parent->children_low_usage += protected - c->low_usage;
		c->low_usage = protected;
	}
}

void page_counter_init(struct page_counter *c, struct page_counter *parent)
{
	*c = (struct page_counter){ .max = U64_MAX, .high = U64_MAX, .parent = parent };
}

/* page_counter_cancel() (v6.12): take @nr pages out of @c alone. */
static void page_counter_cancel(struct page_counter *c, u64 nr)
{
	VM_BUG_ON(c->usage < nr); /* the kernel warns: page_counter underflow */
	c->usage -= nr;
	propagate_protected_usage(c, c->usage);
}

/* page_counter_charge() (v6.12): charge @nr pages up the tree, limits ignored. */
void page_counter_charge(struct page_counter *counter, u64 nr)
{
	for (struct page_counter *c = counter; c; c = c->parent) {
		c->usage += nr;
		propagate_protected_usage(c, c->usage);
		if (c->usage > c->watermark)
			c->watermark = c->usage;
	}
}

/*
 * page_counter_try_charge() (v6.12): charge @nr pages up the tree; the
 * first counter that would go over its max counts a failure (failcnt),
 * the charges below it are undone and it is returned in *@fail.
 */
bool page_counter_try_charge(struct page_counter *counter, u64 nr, struct page_counter **fail)
{
	struct page_counter *c;

	for (c = counter; c; c = c->parent) {
		if (c->usage + nr > c->max) {
			c->failcnt++;
			*fail = c;
			for (struct page_counter *u = counter; u != c; u = u->parent)
				page_counter_cancel(u, nr);
			return false;
		}
		c->usage += nr;
		propagate_protected_usage(c, c->usage);
		if (c->usage > c->watermark)
			c->watermark = c->usage;
	}
	return true;
}

/* page_counter_uncharge() (v6.12): up to the root. */
void page_counter_uncharge(struct page_counter *counter, u64 nr)
{
	for (struct page_counter *c = counter; c; c = c->parent)
		page_counter_cancel(c, nr);
}

/* page_counter_set_min() (v6.12): the new value's share shows up the tree. */
void page_counter_set_min(struct page_counter *counter, u64 nr)
{
	counter->min = nr;
	for (struct page_counter *c = counter; c; c = c->parent)
		propagate_protected_usage(c, c->usage);
}

/* page_counter_set_low() (v6.12) */
void page_counter_set_low(struct page_counter *counter, u64 nr)
{
	counter->low = nr;
	for (struct page_counter *c = counter; c; c = c->parent)
		propagate_protected_usage(c, c->usage);
}

/*
 * page_counter_set_max() (v6.12): the new max takes only if usage is not
 * above it; -EBUSY otherwise (the caller reclaims and retries).  No
 * concurrent charge can slip in between in the model.
 */
int page_counter_set_max(struct page_counter *counter, u64 nr)
{
	if (counter->usage > nr)
		return -EBUSY;
	counter->max = nr;
	return 0;
}

/*
 * effective_protection() (v6.12 mm/page_counter.c): the protection a
 * child gets of what its parent affords (SPEC 6.4).  Siblings that claim
 * more than the parent's effective protection share it in proportion to
 * their protected usage; with recursive protection (the cgroup2 mount
 * option memory_recursiveprot), what they leave unclaimed goes to each in
 * proportion to its unprotected usage.  The products fit u64: pages are
 * below 2^32 in the model.
 */
u64 effective_protection(u64 usage, u64 parent_usage, u64 setting, u64 parent_effective,
			 u64 siblings_protected, bool recursive_protection)
{
	u64 protected = min_u64(usage, setting), ep;

	if (siblings_protected > parent_effective)
		return protected * parent_effective / siblings_protected;
	ep = protected;
	if (recursive_protection && parent_effective > siblings_protected &&
	    parent_usage > siblings_protected && usage > protected)
		ep += (parent_effective - siblings_protected) * (usage - protected) /
		      (parent_usage - siblings_protected);
	return ep;
}

/*
 * page_counter_calculate_protection() (v6.12): @counter's emin and elow
 * for a reclaim of @root's subtree, from its parent's (computed earlier in
 * the same pre-order walk).  The reclaim root itself is left alone (its
 * protection does not count), and so is a counter without usage.
 */
void page_counter_calculate_protection(struct page_counter *root, struct page_counter *counter,
				       bool recursive_protection)
{
	struct page_counter *parent = counter->parent;

	if (root == counter || !counter->usage)
		return;
	if (parent == root) {
		counter->emin = counter->min;
		counter->elow = counter->low;
		return;
	}
	counter->emin = effective_protection(counter->usage, parent->usage, counter->min,
					     parent->emin, parent->children_min_usage,
					     recursive_protection);
	counter->elow = effective_protection(counter->usage, parent->usage, counter->low,
					     parent->elow, parent->children_low_usage,
					     recursive_protection);
}
