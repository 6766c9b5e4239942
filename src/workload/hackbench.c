// SPDX-License-Identifier: MIT
/*
 * hackbench.c - the scheduler benchmark of seed 000 (hackbench.c by Rusty
 * Russell / Ingo Molnar): `groups` groups of 20 senders and 20 receivers;
 * each sender writes `loops` messages of `datasize` bytes to each receiver
 * of its group over a socket pair, each receiver reads all of them.
 * hackbench prints the time from "everybody ready" to the last receiver
 * done (figure time_s); start_s is when that clock started after the
 * workload's start: the time the parent took to fork every task, one at
 * a time, and the tasks to fault in their memory and reach "ready".
 *
 * The workload starts as one task, hackbench's parent (main()), with its
 * own mm (the program's text).  For each group it forks 20 receivers,
 * then 20 senders, one fork() after the other (hackbench's group()),
 * and each fork is copy_process() in the parent's context: the parent
 * allocates the child's kernel memory (reclaiming for it when memory is
 * short), copies its mm and wakes it (wake_up_new_task); then it forks
 * the next while the child runs.  After the last fork the parent reads
 * the ready bytes (wait_for_ready), starts the clock and writes the
 * wake-up; then it reaps the children.
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
#include "../kernel/exit.h"

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
	struct hb_task *tasks; /* the children, in fork order: their wl_priv */
	u64 truesize; /* bytes a queued message occupies */
	unsigned int ready, total;
	unsigned int forked; /* children the parent has forked */
	unsigned int alive; /* forked children that have not exited */
	struct task *parent; /* hackbench's main(): the workload's first task */
	struct wait_queue_head ready_wait; /* the parent reading the ready pipe */
	struct wait_queue_head start_wait; /* the children polling wakefd */
	struct wait_queue_head wait_chldexit; /* the parent in waitpid() */
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
 * of libc, one VMA here): in the parent, before it forks, which the
 * threads share in mode = thread.  The parent is made before the run
 * starts, so this mmap takes no virtual time, nor do the forks' i_mmap
 * inserts (__vma_link_file under the mapping's lock; within fork_ns);
 * the exits' removals do (unlink_file_vma, memory.c).
 */
static int hb_map_text(struct hackbench *hb, struct mm_struct *mm)
{
	if (!hb->text)
		return 0;
	hb->text_base = mmap_file_exec(mm, hb->text, 0, hb->text->size);
	return hb->text_base ? 0 : -1;
}

/*
 * The workload's one task at its start: hackbench's parent, with the
 * program's text in its mm (or, mode = thread, the one mm its threads
 * will share).  The children are made as it runs (hb_fork).
 */
static int hackbench_init(struct workload_inst *wl, struct task *t, unsigned int idx)
{
	struct sim *sim = wl->sim;
	const struct hackbench_params *p = HB_PARAMS(wl->cfg);
	unsigned int groups = p->groups;
	struct hackbench *hb;

	(void)idx; /* the only one, 0 */
	hb = wl->priv = calloc(1, sizeof(*hb));
	if (!hb || !(hb->socks = calloc((size_t)groups * HB_FDS, sizeof(*hb->socks))) ||
	    !(hb->tasks = calloc((size_t)groups * 2 * HB_FDS, sizeof(*hb->tasks))))
		return -1;
	for (unsigned int i = 0; i < groups * HB_FDS; i++)
		pfn_list_init(&hb->socks[i].pages);
	for (unsigned int i = 0; i < groups * 2 * HB_FDS; i++)
		pfn_list_init(&hb->tasks[i].kpages);
	hb->truesize = p->datasize + SKB_OVERHEAD;
	if (p->text) {
		hb->text = file_create(sim, "hackbench.text", bytes_to_pages(sim, p->text));
		if (!hb->text)
			return -1;
	}
	hb->total = groups * 2 * HB_FDS;
	hb->receivers_left = groups * HB_FDS;
	hb->parent = t;
	t->mm = mm_alloc(sim, t);
	if (!t->mm || hb_map_text(hb, t->mm))
		return -1;
	if (p->threads)
		hb->shared_mm = t->mm;
	else
		hb->parent_mm = t->mm;
	return 0;
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

/* One page of a child's kernel stack, page tables or slab, allocated by the parent's fork. */
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
 * hackbench's ready() in a child: a byte into the ready pipe (which
 * wakes the parent if it is reading it already), then poll() on wakefd
 * until the parent's go.
 */
static void hb_ready(struct task *t, struct hackbench *hb)
{
	hb->ready++;
	if (hb->ready_wait.first)
		wake_up_all(t->sim, &hb->ready_wait);
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

/* Wake every sleeper of the run: after a kill they must see the EOF. */
static void hackbench_break(struct sim *sim, struct hackbench *hb, unsigned int nr_socks)
{
	hb->broken = true;
	wake_up_all(sim, &hb->ready_wait);
	wake_up_all(sim, &hb->start_wait);
	for (unsigned int i = 0; i < nr_socks; i++) {
		wake_up_all(sim, &hb->socks[i].readers);
		wake_up_all(sim, &hb->socks[i].writers);
	}
}

/*
 * A forked sender or receiver (hackbench's group(): after the fork,
 * ready(), then sender() or receiver()).  It starts by touching its
 * footprint, hot pages first: the pages it inherited copy-on-write and
 * writes, its own once written.  Each of its operations, and each issue
 * again of one, first sees whether a peer has died (hackbench_break):
 * then read() returns EOF, write() EPIPE, and the task exits.
 */
static void hb_child_run(struct task *t, struct hackbench *hb, struct hb_task *ht)
{
	bool eof;

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

/* The child's program (wl_fork's @fn): then exit(0). */
static void hb_child(struct task *t)
{
	hb_child_run(t, t->wl->priv, t->wl_priv);
	do_exit(t, 0);
}

/*
 * The child's kernel memory, allocated by the parent in its fork
 * (copy_process, kernel/fork.c, 2.6.25; the same split in 6.x, where the
 * stack is a vmalloc'd 16 KiB, CONFIG_VMAP_STACK): the kernel stack
 * (dup_task_struct: alloc_thread_info; on IA64 the task_struct shares
 * its 32 KiB), the slab objects (task_struct, mm_struct, the VMA
 * and anon_vma copies, files, signal and sighand) and the page tables
 * (dup_mm -> dup_mmap -> copy_page_range: the PGD, and the tables of
 * every inherited VMA with an anon_vma, which holds the stack, data, heap
 * and the libraries' data; 2.6.25 skips only shared file VMAs without
 * one).  So all of kernel_footprint: bench/forkcost.c measured on this
 * host (bench/results/forkcost.txt) KernelStack, PageTables and Slab per
 * child after the forks and again once every child had reached ready():
 * the same within 0.1 kB, nothing more made by the child itself.  (In
 * mode = thread, clone(CLONE_VM) makes no page tables: those of the
 * thread's stack come from its own first touch in the shared mm; the key
 * does not split them and no thread run was measured, so the parent
 * allocates all of it there too.)  The parent reclaims for them when
 * memory is short (direct reclaim, and the throttle's wait, on the
 * parent).  false when the run broke before it was done: the pages made
 * so far stay in @ht's list for hackbench_task_exit.
 */
static bool hb_fork_kmem(struct task *parent, struct hackbench *hb, struct hb_task *ht)
{
	u64 kpages = bytes_to_pages(parent->sim, HB_PARAMS(parent->wl->cfg)->kernel_footprint);
	bool eof;

	for (u64 i = 0; i < kpages; i++) {
		WL_DO(parent, (eof = hb->broken) ? VM_FAULT_DONE : hb_alloc_kpage(parent, ht));
		if (eof)
			return false;
	}
	return true;
}

/*
 * fork() of child @idx of the parent (hackbench's group(): 20 receivers,
 * then 20 senders, one fork() at a time; mode = thread: pthread_create,
 * one at a time as well): copy_process in the parent's context
 * (do_fork, kernel/fork.c, 2.6.25; kernel_clone since 5.10): the
 * child's kernel memory (hb_fork_kmem), its CPU (fork_ns: the parent's
 * fork() of a small process, measured), the copy of the parent's mm
 * (dup_mm; a thread takes the mm itself), then wake_up_new_task: the
 * child runs while the parent goes on.  false when the run broke or the
 * host ran out of memory.
 */
static bool hb_fork(struct task *parent, struct hackbench *hb, unsigned int idx)
{
	struct sim *sim = parent->sim;
	const struct hackbench_params *p = HB_PARAMS(parent->wl->cfg);
	struct hb_task *ht = &hb->tasks[idx];
	struct task *c;

	if (!hb_fork_kmem(parent, hb, ht))
		return false;
	charge_sys(parent, sim->scn.cost.fork_ns);
	c = wl_fork(parent, hb_child);
	if (!c)
		goto nomem;
	c->wl_priv = ht;
	/* tasks 0..: per group 20 receivers then 20 senders, as hackbench forks */
	ht->group = idx / (2 * HB_FDS);
	ht->idx = idx % HB_FDS;
	ht->sender = idx % (2 * HB_FDS) >= HB_FDS;
	ht->npages = bytes_to_pages(sim, p->footprint);
	if (p->threads) {
		c->mm = hb->shared_mm;
		c->mm->users++;
	} else {
		/*
		 * Before 2.6.34 every child joins the parent's anon_vma,
		 * after it and their elder siblings, so each rmap walk of a
		 * child's page passes those first.  The footprint is assumed
		 * to lie in VMAs inherited from the parent (stack, data, a
		 * heap grown by brk).
		 */
		c->mm = dup_mm(sim, c, hb->parent_mm);
	}
	/* the child's from here: its exit gives the kernel pages back */
	hb->forked++;
	hb->alive++;
	if (!c->mm || !(ht->base = mmap_anon(c->mm, ht->npages))) {
		do_exit(c, 0);
		goto nomem;
	}
	wake_up_task(c); /* wake_up_new_task */
	return true;
nomem:
	sim_fail(sim, "out of host memory forking hackbench task %u of %u", idx + 1, hb->total);
	hackbench_break(sim, hb, p->groups * HB_FDS);
	return false;
}

/*
 * hackbench's main() after its setup: fork every group's tasks, then
 * wait_for_ready() (a read() of each ready byte), take the start time
 * and write the wake-up byte, then reap every child (waitpid).  A run
 * that broke (a task killed) stops the forks and reaps what it forked:
 * the real parent would wait for ready bytes that never come; the model
 * ends the run instead.
 */
static void hb_parent(struct task *t, struct hackbench *hb)
{
	unsigned int read = 0;

	for (unsigned int i = 0; i < hb->total && !hb->broken; i++)
		if (!hb_fork(t, hb, i))
			break;
	while (!hb->broken && read < hb->total) {
		wait_event(t, &hb->ready_wait, hb->ready > read || hb->broken);
		charge_sys(t, (u64)(hb->ready - read) * t->sim->scn.cost.syscall_ns);
		read = hb->ready;
	}
	if (!hb->broken) {
		hb->start_ns = task_now(t); /* gettimeofday */
		charge_sys(t, t->sim->scn.cost.syscall_ns); /* write(wakefd) */
		wake_up_all(t->sim, &hb->start_wait);
	}
	wait_event(t, &hb->wait_chldexit, !hb->alive);
}

/* The workload's task: hackbench's parent. */
static void hackbench_run(struct task *t)
{
	hb_parent(t, t->wl->priv);
}

/* Give back the kernel pages of @ht (a child's, or one whose fork broke off). */
static void hb_free_kpages(struct sim *sim, struct hb_task *ht)
{
	while (!pfn_list_empty(&ht->kpages)) {
		u32 pfn = ht->kpages.head;

		pfn_list_del(sim, &ht->kpages, pfn);
		free_kernel_page(sim, pfn);
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
	if (t == hb->parent) {
		/* a fork it did not finish: copy_process's bad_fork_ cleanup */
		if (hb->forked < hb->total)
			hb_free_kpages(t->sim, &hb->tasks[hb->forked]);
		return;
	}
	if (!ht->sender) {
		struct hb_socket *sk = hb_sock(hb, ht->group, ht->idx);

		sk->queued = 0;
		hb_sock_shrink(t->sim, sk, 0);
	}
	hb_free_kpages(t->sim, ht);
	/* exit_notify: the parent in waitpid() reaps it */
	if (!--hb->alive && hb->wait_chldexit.first)
		wake_up_all(t->sim, &hb->wait_chldexit);
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
	free(hb->tasks);
}

/* The workload starts as one task, hackbench's parent... */
static unsigned int hackbench_nr_tasks(const struct scn_workload *cfg)
{
	(void)cfg;
	return 1;
}

/* ...which forks 20 receivers and 20 senders per group. */
static unsigned int hackbench_nr_forked(const struct scn_workload *cfg)
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
	  .doc = "kernel memory per task besides its socket queue: kernel stack, page tables, slab, all allocated by the parent's fork of the task (measured: memcg kmem 85.5 kB a task when all are ready, no message sent; stack 16, page tables 47, slab 14, bench/results/hackbench-footprint.txt; the same at fork as at ready, bench/results/forkcost.txt)" },
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
	"`hackbench GROUPS process\\|thread LOOPS`: 20 senders and 20 receivers per group (it sizes its own tasks: no `tasks` key). It starts as one task, the parent, which forks them one at a time (per group the receivers, then the senders), reads their ready bytes and starts its clock (figure start_s). No rate: its result is how fast its messages go.");

const struct wl_ops hackbench_ops = {
	.nr_tasks = hackbench_nr_tasks,
	.nr_forked = hackbench_nr_forked,
	.task_init = hackbench_init,
	.run = hackbench_run,
	.task_exit = hackbench_task_exit,
	.report = hackbench_report,
	.free = hackbench_free,
	.keys = &hackbench_keys_table,
	.no_rate = "hackbench's result is how fast its messages go",
};
