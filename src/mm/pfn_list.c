// SPDX-License-Identifier: MIT
/*
 * pfn_list.c - doubly linked lists of page frames threaded through
 * struct page (next/prev hold PFNs), the model's list_head for LRU and
 * buddy lists.  The head is the newest entry, the tail the oldest.
 */
#include "internal.h"

void pfn_list_init(struct pfn_list *l)
{
	l->head = l->tail = NO_PFN;
}

void pfn_list_add(struct sim *sim, struct pfn_list *l, u32 pfn)
{
	struct page *p = pfn_to_page(sim, pfn);

	VM_BUG_ON_PAGE(p->next != NO_PFN || p->prev != NO_PFN || l->head == pfn, p);
	p->prev = NO_PFN;
	p->next = l->head;
	if (l->head != NO_PFN)
		pfn_to_page(sim, l->head)->prev = pfn;
	else
		l->tail = pfn;
	l->head = pfn;
}

void pfn_list_add_tail(struct sim *sim, struct pfn_list *l, u32 pfn)
{
	struct page *p = pfn_to_page(sim, pfn);

	VM_BUG_ON_PAGE(p->next != NO_PFN || p->prev != NO_PFN || l->head == pfn, p);
	p->next = NO_PFN;
	p->prev = l->tail;
	if (l->tail != NO_PFN)
		pfn_to_page(sim, l->tail)->next = pfn;
	else
		l->head = pfn;
	l->tail = pfn;
}

void pfn_list_del(struct sim *sim, struct pfn_list *l, u32 pfn)
{
	struct page *p = pfn_to_page(sim, pfn);

	/* on @l: its ends are @l's ends */
	VM_BUG_ON_PAGE(p->prev == NO_PFN ? l->head != pfn : pfn_to_page(sim, p->prev)->next != pfn,
		       p);
	VM_BUG_ON_PAGE(p->next == NO_PFN ? l->tail != pfn : pfn_to_page(sim, p->next)->prev != pfn,
		       p);
	if (p->prev != NO_PFN)
		pfn_to_page(sim, p->prev)->next = p->next;
	else
		l->head = p->next;
	if (p->next != NO_PFN)
		pfn_to_page(sim, p->next)->prev = p->prev;
	else
		l->tail = p->prev;
	p->next = p->prev = NO_PFN;
}
