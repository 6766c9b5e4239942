// SPDX-License-Identifier: MIT
/*
 * hackbench.c - the scheduler benchmark of seed 000 (hackbench.c by Rusty
 * Russell / Ingo Molnar): `groups` groups of 20 senders and 20 receivers;
 * each sender writes `loops` messages of `datasize` bytes to each receiver
 * of its group over a socket pair, each receiver reads all of them.
 * hackbench prints the time from "everybody ready" to the last receiver
 * done (figure time_s); start_s is when that clock started after the
 * workload's start: the time its tasks took to fault in their memory and
 * reach "ready".
 *
 * Memory, per task (measured on the real kernel:
 * bench/results/hackbench-footprint.txt): `footprint` bytes of anonymous
 * memory of its own (the copied-on-write stack, data, bss/TLS and heap
 * pages of the forked child), touched when the task starts, and
 * `hot_pages` of them touched again on every send or receive (the stack
 * page holding the message buffer, the bss/TLS and data pages, on IA64
 * the register backing store: pages of different VMAs, so the
 * hot pages are spread evenly over the footprint, not neighbours that
 * one VMA-based swap-in readahead brings back; but touched first, right
 * after the fork, so they are neighbours on the LRU and, when one
 * reclaimer writes them out, in swap slots that 2.6.25's slot-cluster
 * readahead reads back together);
 * `kernel_footprint` bytes of kernel memory (kernel stack, page tables,
 * the task's slab objects) that reclaim cannot take.  Under a memcg limit the real tasks' other
 * anon pages went to swap and stayed there while the hot ones stayed
 * resident: the model touches the rest only at the start; and `text` bytes of program text shared by
 * all tasks, one page of which each operation executes: a file mapping
 * (PROT_READ | PROT_EXEC) of the hackbench parent, which every forked
 * process inherits (dup_mmap: on the file's i_mmap, no PTEs copied, as
 * 2.6.25's copy_page_range skips a shared file VMA without an anon_vma),
 * or the one mm of the threads.  Each task faults the text pages in
 * through its own page table (filemap_fault), so a text page's rmap walk
 * visits every task's VMA under the file's i_mmap lock, finds the young
 * bit of each task that ran it since, and unmapping it for reclaim
 * clears every task's PTE.  Socket buffers are kernel memory too: a
 * receiver's queue holds its unread messages (each `datasize` plus the
 * sk_buff overhead) in pages allocated as it grows, up to the socket's
 * receive buffer; a sender that finds it full sleeps until the receiver
 * reads.  Message passing is batched (a sender's operation is one round
 * over its receivers, a receiver's reads what is queued), the memory
 * behaviour stays per task and per message.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "hackbench.h"
#include "workload_types.h"

WL_PARAMS_FIT(struct hackbench_params);
#define HB_PARAMS(w) WL_PARAMS(struct hackbench_params, w)
#define HB_OFF(f) WL_POFF(struct hackbench_params, f)

#define HB_FDS 20 /* hackbench's num_fds */
#define SKB_OVERHEAD 576 /* sk_buff + skb_shared_info, bytes */
#define SK_RCVBUF (108 * 1024) /* net.core.rmem_default of the 2.6 era */
/*
 * User time of one write() or read() call of hackbench's loops: seed
 * 000's runs spent 14.2 s of user time on 48 M sends and 48 M receives
 */
#define HB_MSG_USER_NS 150

struct hb_socket {
	u64 queued; /* unread messages */
	struct pfn_list pages; /* kernel pages holding them */
	u64 nr_pages;
	struct wait_queue_head readers;
	struct wait_queue_head writers;
};

/* State shared by all tasks of one hackbench run (wl->priv). */
struct hackbench {
	struct hb_socket *socks; /* groups * HB_FDS receivers */
	u64 truesize; /* bytes a queued message occupies */
	unsigned int ready, total;
	struct wait_queue_head start_wait;
	u64 start_ns, end_ns;
	unsigned int receivers_left;
	bool broken; /* a task was killed: its peers get EOF/EPIPE */
	struct mm_struct *shared_mm; /* mode = thread */
	struct address_space *text; /* the program's and libc's text */
	u64 text_base; /* its first virtual page, the same in every task */
	struct mm_struct *parent_mm; /* mode = process: the hackbench parent's */
};

struct hb_task {
	unsigned int group;
	unsigned int idx; /* sender or receiver number in the group */
	bool sender;
	u64 base, npages; /* the task's footprint */
	struct pfn_list kpages; /* kernel footprint */
	unsigned int hot; /* next hot page */
	u64 text_i; /* next text page executed */
};

static struct hb_socket *hb_sock(struct hackbench *hb, unsigned int group, unsigned int idx)
{
	return &hb->socks[group * HB_FDS + idx];
}

/*
 * The program's text in @mm (execve's mapping of the binary and ld.so's
 * of libc, one VMA here): in the parent, before it forks, or in the
 * threads' one mm.  The tasks are made before the run starts, so these
 * mmaps and the forks' i_mmap inserts (__vma_link_file under the
 * mapping's lock) take no virtual time; the exits' removals do
 * (unlink_file_vma, memory.c).
 */
static int hb_map_text(struct hackbench *hb, struct mm_struct *mm)
{
	if (!hb->text)
		return 0;
	hb->text_base = mmap_file_exec(mm, hb->text, 0, hb->text->size);
	return hb->text_base ? 0 : -1;
}

static int hackbench_init(struct workload_inst *wl, struct task *t, unsigned int idx)
{
	struct sim *sim = wl->sim;
	struct hackbench *hb = wl->priv;
	struct hb_task *ht = calloc(1, sizeof(*ht));

	if (!ht)
		return -1;
	t->wl_priv = ht;
	if (!hb) {
		unsigned int groups = HB_PARAMS(wl->cfg)->groups;

		hb = wl->priv = calloc(1, sizeof(*hb));
		if (!hb || !(hb->socks = calloc((size_t)groups * HB_FDS, sizeof(*hb->socks))))
			return -1;
		for (unsigned int i = 0; i < groups * HB_FDS; i++)
			pfn_list_init(&hb->socks[i].pages);
		hb->truesize = HB_PARAMS(wl->cfg)->datasize + SKB_OVERHEAD;
		if (HB_PARAMS(wl->cfg)->text) {
			hb->text = file_create(sim, "hackbench.text",
					       bytes_to_pages(sim, HB_PARAMS(wl->cfg)->text));
			if (!hb->text)
				return -1;
		}
		hb->total = wl->nr_tasks;
		hb->receivers_left = groups * HB_FDS;
	}
	/* tasks 0..: per group 20 receivers then 20 senders, as hackbench forks */
	ht->group = idx / (2 * HB_FDS);
	ht->idx = idx % HB_FDS;
	ht->sender = idx % (2 * HB_FDS) >= HB_FDS;
	pfn_list_init(&ht->kpages);
	ht->npages = bytes_to_pages(sim, HB_PARAMS(wl->cfg)->footprint);
	if (HB_PARAMS(wl->cfg)->threads && hb->shared_mm) {
		t->mm = hb->shared_mm;
		t->mm->users++;
	} else if (HB_PARAMS(wl->cfg)->threads) {
		t->mm = hb->shared_mm = mm_alloc(sim, t);
		if (!t->mm || hb_map_text(hb, t->mm))
			return -1;
	} else {
		/*
		 * The parent forks every task (dup_mm): before 2.6.34 they
		 * all join its anon_vma, after it and their elder siblings,
		 * so each rmap walk of a task's page passes those first.
		 * The footprint is assumed to lie in VMAs inherited from the
		 * parent (stack, data, a heap grown by brk).
		 */
		if (!hb->parent_mm &&
		    (!(hb->parent_mm = mm_alloc(sim, t)) || hb_map_text(hb, hb->parent_mm)))
			return -1;
		t->mm = dup_mm(sim, t, hb->parent_mm);
		if (!t->mm)
			return -1;
	}
	ht->base = mmap_anon(t->mm, ht->npages);
	return ht->base ? 0 : -1;
}

/* The task's hot pages: `hot_pages`, spread evenly over the footprint. */
static u64 hb_nr_hot(const struct task *t, const struct hb_task *ht)
{
	u64 hot = HB_PARAMS(t->wl->cfg)->hot_pages;

	return ht->npages < hot ? ht->npages : hot;
}

/*
 * The footprint page the task touches @n-th when it starts: the hot pages
 * first, then the others in address order.
 */
static u64 hb_touch_order(const struct task *t, const struct hb_task *ht, u64 n)
{
	u64 hot = hb_nr_hot(t, ht), stride = ht->npages / hot, i;

	if (n < hot)
		return n * stride;
	i = n - hot;
	for (u64 k = 0; k < hot; k++)
		if (i >= k * stride)
			i++;
	return i;
}

/*
 * Each send or receive runs a page of the shared text (an instruction
 * fetch: a read access to the task's text mapping, which sets its PTE's
 * young bit) and touches a page of the task's hot data (spread over the
 * footprint, see the top); either may fault.
 */
static enum vm_fault_result touch_hot(struct task *t, struct hb_task *ht)
{
	struct hackbench *hb = t->wl->priv;
	u64 hot = hb_nr_hot(t, ht);
	enum vm_fault_result r;

	if (hb->text) {
		r = handle_mm_fault(t, hb->text_base + ht->text_i % hb->text->size, false);
		if (r != VM_FAULT_DONE)
			return r;
	}
	r = handle_mm_fault(t, ht->base + (ht->hot % hot) * (ht->npages / hot), true);
	if (r == VM_FAULT_DONE) {
		ht->hot++;
		ht->text_i++;
		charge_user(t, t->sim->scn.cost.user_touch_ns);
	}
	return r;
}

/* One page of the forked task's kernel stack and page tables (copy_process). */
static enum vm_fault_result hb_alloc_kpage(struct task *t, struct hb_task *ht)
{
	u32 pfn;
	enum vm_fault_result r = alloc_kernel_page(t, &pfn);

	if (r == VM_FAULT_DONE)
		pfn_list_add(t->sim, &ht->kpages, pfn);
	return r;
}

/* One message on the wire: syscall, copy, skb handling, wake-up. */
static void charge_message(struct task *t)
{
	charge_user(t, HB_MSG_USER_NS);
	charge_sys(t, t->sim->scn.cost.syscall_ns + t->sim->scn.cost.socket_msg_ns);
}

/*
 * hackbench's ready(): tell the parent, wait for its go on wakefd.  The
 * last task ready is the parent's read of the last ready byte: it starts
 * the clock (gettimeofday) and wakes all.
 */
static void hb_ready(struct task *t, struct hackbench *hb)
{
	if (++hb->ready == hb->total) {
		hb->start_ns = task_now(t);
		wake_up_all(t->sim, &hb->start_wait);
		return;
	}
	task_sleep(t, &hb->start_wait, 0); /* poll() on wakefd */
	schedule(t);
}

/*
 * write() of one message to @sk (unix_stream_sendmsg): queue it, growing
 * the receiver's queue by a kernel page when it needs one, and wake the
 * reader.  A full queue (sock_wait_for_wmem) or an allocation that did not
 * succeed makes the task wait: 0, the caller issues the write again.  1
 * when the message is queued; -EPIPE when the run is broken (a peer died,
 * hackbench_break): the kernel checks the peer's shutdown before it
 * waits, so a task that passed its last check before a kill made inside
 * its own operation (an allocation that reclaimed, slept, and had the
 * OOM killer pick a peer) never sleeps on a queue nobody will read.
 */
static int hb_write(struct task *t, struct hackbench *hb, struct hb_socket *sk)
{
	struct sim *sim = t->sim;
	u64 need = bytes_to_pages(sim, (sk->queued + 1) * hb->truesize);

	if (hb->broken)
		return -EPIPE;
	/* a stream socket takes one message whatever its size */
	if (sk->queued && (sk->queued + 1) * hb->truesize > SK_RCVBUF) {
		task_sleep(t, &sk->writers, 0); /* sock_wait_for_wmem */
		schedule(t);
		return 0;
	}
	if (need > sk->nr_pages) {
		u32 pfn;
		enum vm_fault_result r = alloc_kernel_page(t, &pfn);

		if (r != VM_FAULT_DONE) {
			wl_retry(t, r); /* waits (an OOM kill: exits) */
			return 0;
		}
		/* the allocation may have slept: the peer checked again (pipe_err_free) */
		if (hb->broken) {
			free_kernel_page(sim, pfn);
			return -EPIPE;
		}
		pfn_list_add(sim, &sk->pages, pfn);
		sk->nr_pages++;
	}
	sk->queued++;
	charge_message(t);
	if (sk->readers.first)
		wake_up_all(sim, &sk->readers);
	return 1;
}

/*
 * hackbench's sender(): `loops` rounds, each a write() of one message to
 * every receiver of the group.  A round runs its text and touches a hot
 * page first, and again whenever a write is issued again after a wait
 * (the sim's operation is the round: its retry starts at its top).
 */
static void hb_sender(struct task *t, struct hackbench *hb, struct hb_task *ht)
{
	bool eof;

	for (u64 i = 0; i < HB_PARAMS(t->wl->cfg)->loops; i++) {
		unsigned int j = 0;
		int ret = 0;

		do {
			WL_DO(t, (eof = hb->broken) ? VM_FAULT_DONE : touch_hot(t, ht));
			if (eof)
				return; /* write(): EPIPE */
			while (j < HB_FDS && (ret = hb_write(t, hb, hb_sock(hb, ht->group, j))) > 0)
				j++;
			if (ret < 0)
				return;
		} while (j < HB_FDS);
	}
}

/*
 * read() up to the copy: sleep until a message is queued or the run is
 * broken (sk_wait_data), then run the loop's text and touch a hot page.
 */
static enum vm_fault_result hb_read_wait(struct task *t, struct hackbench *hb, struct hb_task *ht,
					 struct hb_socket *sk)
{
	wait_event(t, &sk->readers, sk->queued || hb->broken);
	return hb->broken ? VM_FAULT_DONE : touch_hot(t, ht);
}

/* Free the queue's pages beyond the first @need. */
static void hb_sock_shrink(struct sim *sim, struct hb_socket *sk, u64 need)
{
	while (sk->nr_pages > need) {
		u32 pfn = sk->pages.head;

		pfn_list_del(sim, &sk->pages, pfn);
		sk->nr_pages--;
		free_kernel_page(sim, pfn);
	}
}

/*
 * hackbench's receiver(): read all 20 * `loops` messages of its socket;
 * each wake-up reads what is queued (unix_stream_recvmsg), freeing the
 * queue's pages as it shrinks, and wakes the writers.  The last receiver
 * done is the parent's reap of the last worker: the clock stops.
 */
static void hb_receiver(struct task *t, struct hackbench *hb, struct hb_task *ht)
{
	struct sim *sim = t->sim;
	struct hb_socket *sk = hb_sock(hb, ht->group, ht->idx);
	u64 total = (u64)HB_FDS * HB_PARAMS(t->wl->cfg)->loops, done = 0;

	while (done < total) {
		WL_DO(t, hb_read_wait(t, hb, ht, sk));
		if (hb->broken)
			return; /* read(): EOF */
		while (sk->queued && done < total) {
			u64 need;

			sk->queued--;
			done++;
			charge_message(t);
			need = bytes_to_pages(sim, sk->queued * hb->truesize);
			hb_sock_shrink(sim, sk, need);
		}
		if (sk->writers.first)
			wake_up_all(sim, &sk->writers);
	}
	if (!--hb->receivers_left)
		hb->end_ns = task_now(t);
}

/*
 * A forked sender or receiver (hackbench's group(): fork, then sender()
 * or receiver()).  Each of its operations, and each issue again of one,
 * first sees whether a peer has died (hackbench_break): then read()
 * returns EOF, write() EPIPE, and the task exits.
 */
static void hackbench_run(struct task *t)
{
	struct hackbench *hb = t->wl->priv;
	struct hb_task *ht = t->wl_priv;
	u64 kpages = bytes_to_pages(t->sim, HB_PARAMS(t->wl->cfg)->kernel_footprint);
	bool eof;

	/* the forked task's kernel stack and page tables */
	for (u64 i = 0; i < kpages; i++) {
		WL_DO(t, (eof = hb->broken) ? VM_FAULT_DONE : hb_alloc_kpage(t, ht));
		if (eof)
			return;
	}
	/* its footprint, hot pages first */
	for (u64 n = 0; n < ht->npages; n++) {
		WL_DO(t, (eof = hb->broken) ?
				 VM_FAULT_DONE :
				 handle_mm_fault(t, ht->base + hb_touch_order(t, ht, n), true));
		if (eof)
			return;
		charge_user(t, t->sim->scn.cost.user_touch_ns);
	}
	/* ready(), an operation as the others: the tick, then EOF or not */
	wl_tick(t);
	if (hb->broken)
		return;
	hb_ready(t, hb);
	if (ht->sender)
		hb_sender(t, hb, ht);
	else
		hb_receiver(t, hb, ht);
}

/* Wake every sleeper of the run: after a kill they must see the EOF. */
static void hackbench_break(struct sim *sim, struct hackbench *hb, unsigned int nr_socks)
{
	hb->broken = true;
	wake_up_all(sim, &hb->start_wait);
	for (unsigned int i = 0; i < nr_socks; i++) {
		wake_up_all(sim, &hb->socks[i].readers);
		wake_up_all(sim, &hb->socks[i].writers);
	}
}

/*
 * A task ended (or was killed): its kernel memory goes back.  A receiver
 * holds the only reading end of its socket (in process mode hackbench
 * closes the parent's copy after the fork; threads all die together):
 * closing it at exit (exit_files, then unix_release_sock, v6.12) purges
 * the messages still queued, which a receiver that read all of them does
 * not have.
 */
static void hackbench_task_exit(struct task *t)
{
	struct hb_task *ht = t->wl_priv;
	struct hackbench *hb = t->wl->priv;

	if (t->exit_signal && !hb->broken)
		hackbench_break(t->sim, hb, HB_PARAMS(t->wl->cfg)->groups * HB_FDS);
	if (!ht->sender) {
		struct hb_socket *sk = hb_sock(hb, ht->group, ht->idx);

		sk->queued = 0;
		hb_sock_shrink(t->sim, sk, 0);
	}
	while (!pfn_list_empty(&ht->kpages)) {
		u32 pfn = ht->kpages.head;

		pfn_list_del(t->sim, &ht->kpages, pfn);
		free_kernel_page(t->sim, pfn);
	}
}

static void hackbench_report(struct workload_inst *wl)
{
	struct hackbench *hb = wl->priv;

	if (!hb)
		return;
	wl_set_figure(wl, "time_s",
		      hb->end_ns > hb->start_ns ? (double)(hb->end_ns - hb->start_ns) / 1e9 : 0,
		      false);
	/* the part of the run before hackbench's clock (0: it never started) */
	wl_set_figure(wl, "start_s", hb->start_ns ? (double)(hb->start_ns - wl->start_ns) / 1e9 : 0,
		      false);
	wl_set_figure(wl, "tasks", (double)hb->total, true);
	wl_set_figure(wl, "broken", hb->broken, true);
	wl_set_figure(wl, "messages",
		      (double)HB_PARAMS(wl->cfg)->groups * HB_FDS * HB_FDS *
			      HB_PARAMS(wl->cfg)->loops,
		      true);
}

/* The sockets' pages when the simulation is torn down. */
static void hackbench_free(struct workload_inst *wl)
{
	struct hackbench *hb = wl->priv;

	if (!hb)
		return;
	free(hb->socks);
}

/* hackbench forks 20 receivers and 20 senders per group. */
static unsigned int hackbench_nr_tasks(const struct scn_workload *cfg)
{
	return HB_PARAMS(cfg)->groups * 2 * HB_FDS;
}

static int set_mode(struct cfg_ctx *k, void *obj, const char *val)
{
	struct hackbench_params *w = WL_PARAMS_SET(struct hackbench_params, obj);

	if (!strcmp(val, "process"))
		w->threads = false;
	else if (!strcmp(val, "thread"))
		w->threads = true;
	else
		return cfg_fail(k, ": unknown value '%s' (expected process or thread)", val);
	return 0;
}

/*
 * hackbench's options and defaults.  The per-task memory is measured
 * (bench/hackbench-footprint.py, bench/results/hackbench-footprint.txt:
 * 160 tasks of our hackbench in a v1 memcg, x86-64, 4 KiB pages): a task's
 * own anon pages, its page tables and kernel stack, and the anon pages it
 * touches on every message.  Seed 000's IA64 scenarios give the 16 KiB
 * page translation (and the seed's own statement of its memory use).
 */
static const struct cfg_key hackbench_keys[] = {
	{ .name = "groups",
	  .type = CFG_UINT,
	  .off = HB_OFF(groups),
	  .min = 1,
	  .max = 1000,
	  .def = "10",
	  .doc = "groups of 20 senders and 20 receivers" },
	{ .name = "loops",
	  .type = CFG_UINT,
	  .off = HB_OFF(loops),
	  .min = 1,
	  .max = 100000000,
	  .def = "100",
	  .doc = "messages each sender sends each receiver of its group" },
	{ .name = "mode",
	  .type = CFG_CUSTOM,
	  .set = set_mode,
	  .def = "process",
	  .range = "process \\| thread",
	  .doc = "thread: the tasks share one address space" },
	{ .name = "footprint",
	  .type = CFG_SIZE,
	  .off = HB_OFF(footprint),
	  .flags = CFG_F_POSITIVE,
	  .def = "36K",
	  .doc = "anonymous memory per task, its own (measured: memcg rss 36.7 kB a task, 9 pages of 4 KiB in 8 VMAs, bench/results/hackbench-footprint.txt)" },
	{ .name = "hot_pages",
	  .type = CFG_UINT,
	  .off = HB_OFF(hot_pages),
	  .min = 1,
	  .max = 1024,
	  .def = "4",
	  .doc = "footprint pages touched in turn, one per send round or read (measured: 4 anon pages Referenced per task while messages flow, bench/results/hackbench-footprint.txt)" },
	{ .name = "kernel_footprint",
	  .type = CFG_SIZE,
	  .off = HB_OFF(kernel_footprint),
	  .def = "84K",
	  .doc = "kernel memory per task besides its socket queue: kernel stack, page tables, slab (measured: memcg kmem 85.5 kB a task when all are ready, no message sent; stack 16, page tables 47, slab 14, bench/results/hackbench-footprint.txt)" },
	{ .name = "datasize",
	  .type = CFG_SIZE,
	  .off = HB_OFF(datasize),
	  .flags = CFG_F_POSITIVE,
	  .def = "100",
	  .doc = "bytes per message (hackbench's DATASIZE)" },
	{ .name = "text",
	  .type = CFG_SIZE,
	  .off = HB_OFF(text),
	  .def = "1M",
	  .doc = "shared program text: hackbench and the libc pages it runs (0: none)" },
};

static CFG_TABLE_DOC(
	hackbench_keys_table, hackbench_keys,
	"`hackbench GROUPS process\\|thread LOOPS`: 20 senders and 20 receivers per group (it sizes its own tasks: no `tasks` key). No rate: its result is how fast its messages go.");

const struct wl_ops hackbench_ops = {
	.nr_tasks = hackbench_nr_tasks,
	.task_init = hackbench_init,
	.run = hackbench_run,
	.task_exit = hackbench_task_exit,
	.report = hackbench_report,
	.free = hackbench_free,
	.keys = &hackbench_keys_table,
	.no_rate = "hackbench's result is how fast its messages go",
};
