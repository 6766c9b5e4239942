// SPDX-License-Identifier: MIT
/*
 * tbench.c - dbench's network benchmark as seed 004 ran it (`tbench 8`
 * against tbench_srv on 127.0.0.1, 2.6.28; SPEC-seeds C.3): `clients`
 * client processes, each with its own server process, exchanging
 * request/reply messages over a TCP connection on the loopback device.
 * An operation (one line of dbench's loadfile) is a request and its
 * reply: with `loadfile = client.txt` a line of dbench 4.0's client.txt
 * drawn with the file's frequencies, its sizes as tbench sends them
 * (tbench_mix.c); with `loadfile = none` a payload of `size` bytes on
 * average (exponentially distributed) in the reply (a ReadX, 80 % of
 * them) or in the request (a WriteX).  The client waits for the reply, so at most one of
 * a pair runs at a time.  Operations start until `seconds` have passed.
 *
 * What the network stack allocates (v2.6.28 tcp_sendmsg, loopback_xmit,
 * tcp_v4_rcv, tcp_recvmsg):
 *   - every skb: its struct sk_buff pair from skbuff_fclone_cache and its
 *     head from kmalloc, both slab objects; a slab refill is a page
 *     allocation at the cache's SLUB order (slub_calculate_order);
 *   - with SG/TSO on lo (the default): skbs of up to the GSO size goal,
 *     a head with no payload, the payload copied into order-0 pages that
 *     the socket keeps (sk_sndmsg_page) until they are full: one page
 *     allocation per PAGE_SIZE bytes sent;
 *   - with them off: skbs of one MSS, the payload in the head: above
 *     PAGE_SIZE a kmalloc_large block of get_order(head) (order 1 on 16
 *     KiB pages with lo's MTU 16436);
 *   - sends allocate with `send_gfp` (sk->sk_allocation, GFP_KERNEL);
 *     the receive runs in the sender's softirq (netif_rx on lo) and
 *     allocates nothing but the immediate ACK, once more than an MSS is
 *     unacknowledged (__tcp_ack_snd_check), with GFP_ATOMIC (tcp_send_ack);
 *     a reply carries the ACK of its request;
 *   - the receiver frees the skbs it reads, and with them the full
 *     payload pages.
 * CPU per message: the syscall, [cost] tcp_msg_ns, the copy (copy_page_ns
 * per 4 KiB of bytes, as calibrate measured it) on each side; per operation, [cost] dbench_op_ns of
 * user time on the client and on the server; the allocator charges its
 * own.
 *
 * Reported as tbench prints it: "Throughput X MB/sec N procs" (payload
 * bytes of the operations over `seconds`, MB = 10^6 bytes) and its
 * max_latency (ms) as dbench 4.0 measures it (tb_client), plus the page
 * allocations tbench made and the allocator's watermark checks, by order.
 * With `parent = on` the dbench parent process runs beside the pairs,
 * woken once a second to print its report line (tb_parent).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tbench.h"
#include "kalloc.h"
#include "workload_types.h"

WL_PARAMS_FIT(struct tbench_params);
#define TB_PARAMS(w) WL_PARAMS(struct tbench_params, w)
#define TB_OFF(f) WL_POFF(struct tbench_params, f)

/* SMB header and parameters of a request or a reply without data */
#define TB_HDR_BYTES 100
/* operations whose payload rides in the reply (ReadX), the rest in the request (WriteX) */
#define TB_READ_PCT 80
/* MAX_TCP_HEADER (128 + MAX_HEADER), SKB_DATA_ALIGNed to ia64's 128-byte lines */
#define TB_MAX_TCP_HEADER 256
#define TB_CACHE_LINE 128
/* 65536 - 1 (sk_gso_max_size - 1) less the IPv4 and TCP headers with timestamps */
#define TB_GSO_GOAL (65535 - 20 - 32)
/* the sk_buff caches' objects, cache-line aligned: one sk_buff, a clone pair */
#define TB_SKB_HEAD_CACHE 256
#define TB_SKB_FCLONE_CACHE 512
#define TB_MAX_CACHES 4
#define TB_MAX_MSG (64ULL << 20) /* size's ceiling: a dbench op is far smaller */
#define TB_FIG_ORDERS 4 /* figures for orders 0..3, then one for the rest */

/* A SLUB cache as counts: slabs of 2^order pages, objs objects each. */
struct tb_cache {
	u64 size;
	unsigned int order, objs;
	u64 free_objs;
	u32 *slabs; /* pfns of its slabs, a stack */
	u64 nr_slabs, cap;
};

/* A block of pages a message holds until it is read. */
struct tb_block {
	u32 pfn;
	u8 order;
};

/* One direction of a connection: the sender's socket and the message in flight. */
struct tb_sock {
	bool pending; /* a message is queued for the reader */
	u64 bytes; /* its size */
	u64 reply; /* a request: the bytes of the reply it asks for */
	u64 skbs; /* its skbs */
	u64 linear_slab; /* of them, linear heads from a kmalloc cache (SG off) */
	struct tb_block *blocks; /* its pages, freed when it is read */
	u64 nr_blocks, cap_blocks;
	u32 page; /* sk_sndmsg_page, NO_PFN: none */
	u64 page_off; /* bytes of it used */
	u64 unacked; /* the reader's data not yet ACKed */
	struct wait_queue_head wait; /* the reader */
};

struct tb_conn {
	struct tb_sock c2s, s2c;
	bool client_done;
	u64 last_start; /* the client's last operation start (rate.last_time), 0: none yet */
};

/* State shared by all tasks (wl->priv). */
struct tbench {
	struct tb_conn *conns;
	struct tb_skb_geom geom;
	struct tb_cache caches[TB_MAX_CACHES];
	unsigned int nr_caches;
	struct tb_cache *fclone, *head_cache, *head_kmalloc, *linear_kmalloc;
	u64 end_ns; /* the timed run's end: no operation starts after it */
	u64 bytes, ops, skbs, acks, failed;
	u64 max_latency_ns;
	u64 allocs[NR_PAGE_ORDERS]; /* page allocations made, by order */
	u64 wmark_base[NR_PAGE_ORDERS]; /* sim->wmark_checks when it started */
	unsigned int exited; /* tasks */
};

static u64 align_up(u64 x, u64 a)
{
	return (x + a - 1) / a * a;
}

static unsigned int get_order_bytes(u64 bytes, u32 page_size)
{
	unsigned int order = 0;

	while (((u64)page_size << order) < bytes)
		order++;
	return order;
}

void tb_skb_geom(const struct tbench_params *p, u32 page_size, struct tb_skb_geom *g)
{
	g->mss = p->mtu - TB_TCPIP_HDR;
	/* tcp_current_mss with TSO: the GSO limit rounded down to whole MSS */
	g->seg = p->sg ? (TB_GSO_GOAL < g->mss ? g->mss : TB_GSO_GOAL - TB_GSO_GOAL % g->mss) :
			 g->mss;
	/* dataref, nr_frags, gso fields, frag_list; 16 bytes a frag */
	g->shinfo = 32 + 16 * (65536 / page_size + 2);
	g->head = TB_MAX_TCP_HEADER + g->shinfo;
	g->linear = align_up(g->mss + TB_MAX_TCP_HEADER, TB_CACHE_LINE) + g->shinfo;
	g->linear_order = g->linear > page_size ? (int)get_order_bytes(g->linear, page_size) : -1;
}

u64 kmalloc_cache_size(u64 size)
{
	u64 s = 8;

	if (size > 64 && size <= 96)
		return 96;
	if (size > 128 && size <= 192)
		return 192;
	while (s < size)
		s <<= 1;
	return s;
}

static int fls_u(unsigned int x)
{
	int r = 0;

	while (x) {
		r++;
		x >>= 1;
	}
	return r;
}

/*
 * v2.6.28 slab_order(): the smallest order from what @min_objects need up
 * to @max_order whose slab leaves at most 1/@fract of it unused; past
 * @max_order when none does.
 */
static unsigned int slab_order(u64 size, u64 min_objects, unsigned int max_order,
			       unsigned int fract, u32 page_size)
{
	int shift = fls_u(page_size) - 1;
	int lo = fls_u((unsigned int)(min_objects * size - 1)) - shift;
	unsigned int order = lo > 0 ? (unsigned int)lo : 0;

	for (; order <= max_order; order++) {
		u64 slab = (u64)page_size << order;

		if (slab < min_objects * size)
			continue;
		if (slab % size <= slab / fract)
			break;
	}
	return order;
}

/*
 * v2.6.28 calculate_order(): min_objects = 4 * (fls(nr_cpu_ids) + 1); for
 * each min_objects, halved down to 2, accept a waste of 1/16, 1/8, 1/4 up
 * to slub_max_order (3); then one object with any waste.
 */
unsigned int slub_calculate_order(u64 size, unsigned int nr_cpus, u32 page_size, unsigned int *objs)
{
	u64 min_objects = 4 * (u64)(fls_u(nr_cpus) + 1);
	unsigned int order = 0;
	bool found = false;

	for (; min_objects > 1 && !found; min_objects /= 2)
		for (unsigned int fract = 16; fract >= 4 && !found; fract /= 2) {
			order = slab_order(size, min_objects, 3, fract, page_size);
			found = order <= 3;
		}
	if (!found)
		order = slab_order(size, 1, 3, 1, page_size);
	*objs = (unsigned int)(((u64)page_size << order) / size);
	return order;
}

static struct tb_cache *tb_cache(struct tbench *tb, u64 size, unsigned int nr_cpus, u32 page_size)
{
	struct tb_cache *c;

	for (unsigned int i = 0; i < tb->nr_caches; i++)
		if (tb->caches[i].size == size)
			return &tb->caches[i];
	c = &tb->caches[tb->nr_caches++];
	c->size = size;
	c->order = slub_calculate_order(size, nr_cpus, page_size, &c->objs);
	return c;
}

/* A page allocation of tbench's: counted by order; false when it failed. */
static bool tb_alloc_pages(struct task *t, struct tbench *tb, gfp_t gfp, unsigned int order,
			   u32 *pfn)
{
	enum vm_fault_result r;

	tb->allocs[order]++;
	r = alloc_kernel_pages(t, gfp, order, pfn);
	if (r == VM_FAULT_OOM)
		wl_retry(t, r); /* killed: exits */
	if (r == VM_FAULT_DONE)
		return true;
	tb->failed++;
	return false;
}

/*
 * An object from @c (v2.6.28 SLUB slab_alloc, counts only): a cache with
 * no free object gets a new slab (new_slab, at the cache's order).  A sleeping mask waits and tries again (sk_stream_wait_memory);
 * an atomic one fails: false.
 */
static bool tb_obj_alloc(struct task *t, struct tbench *tb, struct tb_cache *c, gfp_t gfp)
{
	u32 pfn;

	while (!c->free_objs) {
		if (tb_alloc_pages(t, tb, gfp, c->order, &pfn)) {
			if (c->nr_slabs == c->cap) {
				u64 cap = c->cap ? 2 * c->cap : 16;
				u32 *s = realloc(c->slabs, cap * sizeof(*s));

				if (!s) {
					free_kernel_pages(t->sim, pfn, c->order);
					return false;
				}
				c->slabs = s;
				c->cap = cap;
			}
			c->slabs[c->nr_slabs++] = pfn;
			c->free_objs += c->objs;
		} else if (gfp & __GFP_DIRECT_RECLAIM) {
			wl_retry(t, VM_FAULT_RETRY);
		} else {
			return false;
		}
	}
	c->free_objs--;
	return true;
}

/*
 * An object back to @c: a slab that empties beyond one spare is given
 * back (v2.6.28 slab_free / discard_slab; the counts stand for which
 * slab it is).
 */
static void tb_obj_free(struct sim *sim, struct tb_cache *c)
{
	if (++c->free_objs < 2 * (u64)c->objs)
		return;
	free_kernel_pages(sim, c->slabs[--c->nr_slabs], c->order);
	c->free_objs -= c->objs;
}

static void tb_hold(struct task *t, struct tb_sock *sk, u32 pfn, unsigned int order)
{
	if (sk->nr_blocks == sk->cap_blocks) {
		u64 cap = sk->cap_blocks ? 2 * sk->cap_blocks : 8;
		struct tb_block *b = realloc(sk->blocks, cap * sizeof(*b));

		if (!b) {
			free_kernel_pages(t->sim, pfn, order); /* no host memory: not held */
			return;
		}
		sk->blocks = b;
		sk->cap_blocks = cap;
	}
	sk->blocks[sk->nr_blocks++] = (struct tb_block){ pfn, (u8)order };
}

/* A page allocation that may wait (a send): until it succeeds. */
static u32 tb_alloc_wait(struct task *t, struct tbench *tb, gfp_t gfp, unsigned int order)
{
	u32 pfn;

	while (!tb_alloc_pages(t, tb, gfp, order, &pfn))
		wl_retry(t, VM_FAULT_RETRY); /* sk_stream_wait_memory */
	return pfn;
}

/*
 * The receive softirq of one skb of @len bytes (v2.6.28 tcp_v4_rcv on lo,
 * in the sender's context; __tcp_ack_snd_check, tcp_send_ack): an immediate ACK once more than an MSS is
 * unacknowledged; it is received and freed at once.
 */
static void tb_rcv_skb(struct task *t, struct tbench *tb, struct tb_sock *sk, u64 len)
{
	sk->unacked += len;
	if (sk->unacked <= tb->geom.mss)
		return;
	sk->unacked = 0;
	tb->acks++;
	if (!tb_obj_alloc(t, tb, tb->head_cache, GFP_ATOMIC))
		return; /* no ACK now: the next one covers it */
	if (tb_obj_alloc(t, tb, tb->head_kmalloc, GFP_ATOMIC))
		tb_obj_free(t->sim, tb->head_kmalloc);
	tb_obj_free(t->sim, tb->head_cache);
}

/* Copy @n payload bytes into the socket's page frags (v2.6.28 tcp_sendmsg's
 * sk_sndmsg_page loop, sk_stream_alloc_page, skb_copy_to_page). */
static void tb_fill_pages(struct task *t, struct tbench *tb, struct tb_sock *sk, u64 n)
{
	struct sim *sim = t->sim;
	gfp_t gfp = TB_PARAMS(t->wl->cfg)->send_gfp;

	while (n) {
		u64 room, take;

		if (sk->page == NO_PFN) {
			sk->page = tb_alloc_wait(t, tb, gfp, 0);
			sk->page_off = 0;
		}
		room = sim->page_size - sk->page_off;
		take = n < room ? n : room;
		sk->page_off += take;
		n -= take;
		if (sk->page_off == sim->page_size) {
			/* full: the skbs hold it now, the socket lets go */
			tb_hold(t, sk, sk->page, 0);
			sk->page = NO_PFN;
		}
	}
}

/*
 * tcp_sendmsg (v2.6.28) of a message of @bytes on @sk, then its delivery
 * over lo; the reader is woken.  Sending data ACKs what @rx, the other
 * direction, had received.  The writer goes on after the wake-up: the
 * write() returns and the writer's read() enters tcp_recvmsg before it
 * sleeps in sk_wait_data (tb_wait), so for that while the reader waits
 * on the writer's CPU beside it (the overlap 2.6.28's avg_overlap
 * measured).  That part is charged after the wake-up as one syscall's
 * entry and exit (syscall_ns: half the write's, half the read's); the
 * TCP work that also falls there (the rest of tcp_sendmsg, release_sock,
 * tcp_recvmsg's checks) stays inside tcp_msg_ns, charged before it: no
 * measurement splits that figure.
 */
static void tb_send(struct task *t, struct tbench *tb, struct tb_sock *sk, struct tb_sock *rx,
		    u64 bytes, u64 reply)
{
	struct sim *sim = t->sim;
	const struct tbench_params *p = TB_PARAMS(t->wl->cfg);
	u64 left = bytes;

	charge_sys(t, sim->scn.cost.tcp_msg_ns + cost_per_4k(sim->scn.cost.copy_page_ns, bytes));
	rx->unacked = 0;
	while (left) {
		u64 len = left < tb->geom.seg ? left : tb->geom.seg;

		while (!tb_obj_alloc(t, tb, tb->fclone, p->send_gfp))
			wl_retry(t, VM_FAULT_RETRY);
		if (p->sg) {
			while (!tb_obj_alloc(t, tb, tb->head_kmalloc, p->send_gfp))
				wl_retry(t, VM_FAULT_RETRY);
			tb_fill_pages(t, tb, sk, len);
		} else if (tb->geom.linear_order >= 0) {
			tb_hold(t, sk,
				tb_alloc_wait(t, tb, p->send_gfp,
					      (unsigned int)tb->geom.linear_order),
				(unsigned int)tb->geom.linear_order);
		} else {
			while (!tb_obj_alloc(t, tb, tb->linear_kmalloc, p->send_gfp))
				wl_retry(t, VM_FAULT_RETRY);
			sk->linear_slab++;
		}
		sk->skbs++;
		tb->skbs++;
		left -= len;
		tb_rcv_skb(t, tb, sk, len);
	}
	/*
	 * the step ends here: a wake-up inside it would start the reader at
	 * the step's beginning, in parallel with the send it waits for
	 */
	cond_resched(t);
	sk->bytes = bytes;
	sk->reply = reply;
	sk->pending = true;
	/* sock_def_readable: the writer sleeps next, for the reply */
	if (sk->wait.first)
		wake_up_interruptible_sync(sim, &sk->wait);
	charge_sys(t, sim->scn.cost.syscall_ns);
}

/* Sleep until @sk has a message (sk_wait_data); false: the client left. */
static bool tb_wait(struct task *t, struct tb_conn *c, struct tb_sock *sk)
{
	while (!sk->pending) {
		if (c->client_done)
			return false;
		task_sleep(t, &sk->wait, 0);
		schedule(t);
	}
	return true;
}

/* The payload of the next operation: exponential with mean size, >= 1. */
static u64 tb_payload(struct sim *sim, const struct tbench_params *p)
{
	double u;
	u64 n;

	u = (double)((rng_next(&sim->eng.rng) >> 11) + 1) / 9007199254740992.0;
	n = (u64)(-log(u) * (double)p->size);
	return n ? n : 1;
}

/*
 * The next operation: a line of dbench 4.0's client.txt drawn with the
 * file's frequencies (loadfile = client.txt: tbench_mix.c), or a payload
 * of mean size riding in the reply (ReadX, 80 %) or the request (WriteX)
 * beside a header (loadfile = none).
 */
static struct tb_mix_op tb_next_op(struct sim *sim, const struct tbench_params *p)
{
	u64 size;
	bool read;

	if (p->loadfile == TB_LOADFILE_CLIENT_TXT)
		return *tb_mix_draw(&sim->eng.rng);
	size = tb_payload(sim, p);
	read = rng_below(&sim->eng.rng, 100) < TB_READ_PCT;
	return (struct tb_mix_op){ .request = TB_HDR_BYTES + (read ? 0 : size),
				   .reply = TB_HDR_BYTES + (read ? size : 0),
				   .payload = size };
}

/* The message in flight and the socket's page go back (close, or the run's end). */
static void tb_sock_release(struct sim *sim, struct tbench *tb, struct tb_sock *sk, bool sg)
{
	for (u64 i = 0; i < sk->skbs; i++) {
		tb_obj_free(sim, tb->fclone);
		if (sg)
			tb_obj_free(sim, tb->head_kmalloc);
	}
	for (u64 i = 0; i < sk->linear_slab; i++)
		tb_obj_free(sim, tb->linear_kmalloc);
	for (u64 i = 0; i < sk->nr_blocks; i++)
		free_kernel_pages(sim, sk->blocks[i].pfn, sk->blocks[i].order);
	sk->nr_blocks = sk->skbs = sk->linear_slab = 0;
	sk->pending = false;
	if (sk->page != NO_PFN)
		free_kernel_pages(sim, sk->page, 0);
	sk->page = NO_PFN;
}

/* v2.6.28 tcp_recvmsg: copy the message out, free its skbs and their pages. */
static void tb_recv(struct task *t, struct tbench *tb, struct tb_sock *sk)
{
	struct sim *sim = t->sim;
	u32 page = sk->page;

	charge_sys(t,
		   sim->scn.cost.syscall_ns + cost_per_4k(sim->scn.cost.copy_page_ns, sk->bytes));
	/* the sender's socket keeps its partly filled page */
	sk->page = NO_PFN;
	tb_sock_release(sim, tb, sk, TB_PARAMS(t->wl->cfg)->sg);
	sk->page = page;
}

/*
 * A client (dbench 4.0 child.c child_run): operations until the period
 * ends.  Its latency is dbench's: with no target rate, nb_target_rate()
 * takes the time since the previous operation's start (rate.last_time)
 * at each start, so a wait for the CPU between two operations counts as
 * well as one inside an operation; the parent's once-a-second sig_alarm()
 * keeps the largest of these (and the age of the operation running,
 * which becomes a gap when the next one starts) as max_latency.  The
 * first operation only starts the clock.
 */
static void tb_client(struct task *t, struct tbench *tb, struct tb_conn *c)
{
	struct sim *sim = t->sim;
	const struct tbench_params *p = TB_PARAMS(t->wl->cfg);

	while (task_now(t) < tb->end_ns) {
		struct tb_mix_op op = tb_next_op(sim, p);
		u64 start;

		wl_tick(t);
		start = task_now(t);
		if (c->last_start && start - c->last_start > tb->max_latency_ns)
			tb->max_latency_ns = start - c->last_start;
		c->last_start = start;
		charge_user(t, sim->scn.cost.dbench_op_ns);
		tb_send(t, tb, &c->c2s, &c->s2c, op.request, op.reply);
		tb_wait(t, c, &c->s2c);
		tb_recv(t, tb, &c->s2c);
		tb->bytes += op.payload;
		tb->ops++;
	}
	c->client_done = true;
	if (c->c2s.wait.first)
		wake_up_all(sim, &c->c2s.wait);
}

/* A server (tbench_srv's child): answer requests until the client leaves. */
static void tb_server(struct task *t, struct tbench *tb, struct tb_conn *c)
{
	for (;;) {
		u64 reply;

		wl_tick(t);
		if (!tb_wait(t, c, &c->c2s))
			return;
		reply = c->c2s.reply;
		tb_recv(t, tb, &c->c2s);
		charge_user(t, t->sim->scn.cost.dbench_op_ns);
		tb_send(t, tb, &c->s2c, &c->c2s, reply, 0);
	}
}

/*
 * dbench 4.0's parent (dbench.c, after releasing the clients): it sleeps
 * in waitpid() and SIGALRM wakes it every PRINT_FREQ (1 s, alarm()) for
 * sig_alarm(), which sums the children's counters and latencies, printf()s
 * a line to stdout and re-arms the alarm, so its next wake-up is a second
 * after this one ends.  The wake-up is the itimer's: it comes from the
 * timer interrupt, not from a task.  Its CPU: the signal's delivery and
 * return, alarm() and the write as four syscalls (syscall_ns) and the
 * formatting as one dbench_op_ns (the measured user time of a dbench
 * line's own work: the closest figure the model has).
 */
static void tb_parent(struct task *t, struct tbench *tb)
{
	const struct scn_cost *cost = &t->sim->scn.cost;

	for (;;) {
		schedule_timeout(t, NULL, NSEC_PER_SEC);
		if (task_now(t) >= tb->end_ns)
			return;
		charge_sys(t, 4 * cost->syscall_ns);
		charge_user(t, cost->dbench_op_ns);
	}
}

static int tbench_init(struct workload_inst *wl, struct task *t, unsigned int idx)
{
	struct sim *sim = wl->sim;
	const struct tbench_params *p = TB_PARAMS(wl->cfg);
	struct tbench *tb = wl->priv;

	(void)t;
	(void)idx;
	if (tb)
		return 0; /* the state is shared */
	tb = wl->priv = calloc(1, sizeof(*tb));
	if (!tb || !(tb->conns = calloc(p->clients, sizeof(*tb->conns))))
		return -1;
	for (unsigned int i = 0; i < p->clients; i++) {
		tb->conns[i].c2s.page = NO_PFN;
		tb->conns[i].s2c.page = NO_PFN;
	}
	tb_skb_geom(p, sim->page_size, &tb->geom);
	tb->fclone = tb_cache(tb, TB_SKB_FCLONE_CACHE, sim->eng.nr_cpus, sim->page_size);
	tb->head_cache = tb_cache(tb, TB_SKB_HEAD_CACHE, sim->eng.nr_cpus, sim->page_size);
	tb->head_kmalloc =
		tb_cache(tb, kmalloc_cache_size(tb->geom.head), sim->eng.nr_cpus, sim->page_size);
	if (tb->geom.linear_order < 0)
		tb->linear_kmalloc = tb_cache(tb, kmalloc_cache_size(tb->geom.linear),
					      sim->eng.nr_cpus, sim->page_size);
	return 0;
}

static void tbench_run(struct task *t)
{
	struct workload_inst *wl = t->wl;
	struct tbench *tb = wl->priv;
	unsigned int idx = 0;

	while (wl->tasks[idx] != t)
		idx++;
	if (!tb->end_ns) {
		const struct tbench_params *p = TB_PARAMS(wl->cfg);

		tb->end_ns = wl->start_ns + (u64)p->seconds * NSEC_PER_SEC;
		memcpy(tb->wmark_base, t->sim->wmark_checks, sizeof(tb->wmark_base));
	}
	/* tasks 2i and 2i+1: client i and its server; the last, the parent */
	if (idx == 2 * TB_PARAMS(wl->cfg)->clients)
		tb_parent(t, tb);
	else if (idx % 2)
		tb_server(t, tb, &tb->conns[idx / 2]);
	else
		tb_client(t, tb, &tb->conns[idx / 2]);
}

static unsigned int tbench_nr_tasks(const struct scn_workload *cfg)
{
	return 2 * TB_PARAMS(cfg)->clients + TB_PARAMS(cfg)->parent;
}

/*
 * A task ended, was killed or the run ended: a client's end is its
 * server's EOF; the connection's memory goes back with the first of the
 * pair, the caches' slabs with the last task.
 */
static void tbench_task_exit(struct task *t)
{
	struct workload_inst *wl = t->wl;
	struct tbench *tb = wl->priv;
	unsigned int idx = 0;
	struct tb_conn *c;

	while (wl->tasks[idx] != t)
		idx++;
	if (idx == 2 * TB_PARAMS(wl->cfg)->clients)
		goto out; /* the parent holds nothing */
	c = &tb->conns[idx / 2];
	c->client_done = true;
	if (c->c2s.wait.first)
		wake_up_all(t->sim, &c->c2s.wait);
	if (c->s2c.wait.first)
		wake_up_all(t->sim, &c->s2c.wait);
	tb_sock_release(t->sim, tb, &c->c2s, TB_PARAMS(wl->cfg)->sg);
	tb_sock_release(t->sim, tb, &c->s2c, TB_PARAMS(wl->cfg)->sg);
out:
	if (++tb->exited < wl->nr_tasks)
		return;
	for (unsigned int i = 0; i < tb->nr_caches; i++) {
		struct tb_cache *cache = &tb->caches[i];

		while (cache->nr_slabs)
			free_kernel_pages(t->sim, cache->slabs[--cache->nr_slabs], cache->order);
		cache->free_objs = 0;
	}
}

static void tbench_free(struct workload_inst *wl)
{
	struct tbench *tb = wl->priv;

	if (!tb)
		return;
	for (unsigned int i = 0; tb->conns && i < TB_PARAMS(wl->cfg)->clients; i++) {
		free(tb->conns[i].c2s.blocks);
		free(tb->conns[i].s2c.blocks);
	}
	for (unsigned int i = 0; i < tb->nr_caches; i++)
		free(tb->caches[i].slabs);
	free(tb->conns);
}

static const char *const alloc_fig[TB_FIG_ORDERS + 1] = { "allocs_o0", "allocs_o1", "allocs_o2",
							  "allocs_o3", "allocs_costly" };
static const char *const wmark_fig[TB_FIG_ORDERS + 1] = { "wmark_checks_o0", "wmark_checks_o1",
							  "wmark_checks_o2", "wmark_checks_o3",
							  "wmark_checks_costly" };

static void tbench_report(struct workload_inst *wl)
{
	struct tbench *tb = wl->priv;
	const struct tbench_params *p = TB_PARAMS(wl->cfg);
	double mbs;

	if (!tb)
		return;
	mbs = (double)tb->bytes / 1e6 / p->seconds;
	wl_set_figure(wl, "throughput_mbs", mbs, false);
	wl_set_figure(wl, "max_latency_ms", (double)tb->max_latency_ns / 1e6, false);
	wl_set_figure(wl, "ops", (double)tb->ops, true);
	wl_set_figure(wl, "skbs", (double)tb->skbs, true);
	wl_set_figure(wl, "acks", (double)tb->acks, true);
	wl_set_figure(wl, "alloc_failed", (double)tb->failed, true);
	for (unsigned int o = 0; o <= TB_FIG_ORDERS; o++) {
		u64 a = 0, w = 0;

		for (unsigned int i = o; i < NR_PAGE_ORDERS; i++) {
			a += tb->allocs[i];
			w += wl->sim->wmark_checks[i] - tb->wmark_base[i];
			if (o < TB_FIG_ORDERS)
				break;
		}
		wl_set_figure(wl, alloc_fig[o], (double)a, true);
		wl_set_figure(wl, wmark_fig[o], (double)w, true);
	}
	snprintf(wl->summary, sizeof(wl->summary), "Throughput %g MB/sec %u procs", mbs,
		 p->clients);
}

static int set_tb_gfp(struct cfg_ctx *k, void *obj, const char *val)
{
	return wl_set_gfp(k, val, &WL_PARAMS_SET(struct tbench_params, obj)->send_gfp);
}

/* size is required unless the operations come from a loadfile: say so */
static const char *tbench_missing(const struct scn_workload *w)
{
	const struct tbench_params *p = WL_PARAMS(struct tbench_params, w);

	return p->size || p->loadfile != TB_LOADFILE_NONE ? NULL :
							    "size (or loadfile = client.txt)";
}

static const char *const tb_onoff[] = { "off", "on", NULL };
static const char *const tb_loadfiles[] = { "none", "client.txt", NULL };

/*
 * The payload's ceiling, and the linear skb head of SG off must fit
 * max_page_order.
 */
static int tbench_validate(const struct scenario *s, const struct scn_workload *w, char *err,
			   size_t errlen)
{
	const struct tbench_params *p = WL_PARAMS(struct tbench_params, w);
	struct tb_skb_geom g;

	if (p->size && p->loadfile != TB_LOADFILE_NONE)
		return cfg_fail_at(
			s, cfg_later_origin(p->size_origin, p->loadfile_origin), w->line, err,
			errlen,
			"[workload %s] size: not used with loadfile = %s (the loadfile gives each operation's size; valid: one of the two)",
			w->name, tb_loadfiles[p->loadfile]);
	if (p->size > TB_MAX_MSG)
		return cfg_fail_at(s, p->size_origin, w->line, err, errlen,
				   "[workload %s] size: %llu bytes is more than 64M (valid 1..64M)",
				   w->name, (unsigned long long)p->size);
	tb_skb_geom(p, s->machine.page_size, &g);
	if (!p->sg && g.linear_order > (int)s->policy.max_page_order)
		return cfg_fail_at(
			s, cfg_later_origin(p->mtu_origin, p->sg_origin), w->line, err, errlen,
			"[workload %s] mtu: a linear skb of %llu bytes needs order %d, beyond max_page_order %u (valid: a smaller mtu, or sg = on)",
			w->name, (unsigned long long)g.linear, g.linear_order,
			s->policy.max_page_order);
	return 0;
}

/*
 * tbench's and the loopback device's settings of seed 004: 8 clients,
 * lo's MTU 16436 with SG and TSO on (2.6.28's loopback_setup).
 */
static const struct cfg_key tbench_keys[] = {
	{ .name = "clients",
	  .type = CFG_UINT,
	  .off = TB_OFF(clients),
	  .min = 1,
	  .max = 1024,
	  .def = "8",
	  .doc = "client processes (`tbench N`), each with its own server process" },
	{ .name = "seconds",
	  .type = CFG_UINT,
	  .off = TB_OFF(seconds),
	  .min = 1,
	  .max = 1000000,
	  .def = "10",
	  .doc = "-t: seconds of the timed run; throughput and latency count the operations completed in it" },
	{ .name = "loadfile",
	  .type = CFG_ENUM,
	  .off = TB_OFF(loadfile),
	  .size = sizeof(int),
	  .flags = CFG_F_ORIGIN,
	  .origin_off = TB_OFF(loadfile_origin),
	  .values = tb_loadfiles,
	  .def = "none",
	  .doc = "client.txt: each operation a line of dbench 4.0's standard loadfile, drawn with its frequencies (its request, reply and payload bytes as tbench sends them; 5,428 payload bytes an operation on average); none: `size`" },
	WL_KEY_SIZE(
		struct tbench_params, "required unless loadfile is set",
		"loadfile = none: mean payload bytes of an operation (exponentially distributed, in the reply for 80 %), at most 64M"),
	{ .name = "mtu",
	  .type = CFG_U64,
	  .off = TB_OFF(mtu),
	  .flags = CFG_F_ORIGIN,
	  .origin_off = TB_OFF(mtu_origin),
	  .min = 576,
	  .max = 65535,
	  .def = "16436",
	  .doc = "the loopback device's MTU (2.6.28: 16436); the MSS is 52 bytes less" },
	{ .name = "sg",
	  .type = CFG_ENUM,
	  .off = TB_OFF(sg),
	  .size = sizeof(bool),
	  .flags = CFG_F_ORIGIN,
	  .origin_off = TB_OFF(sg_origin),
	  .values = tb_onoff,
	  .def = "on",
	  .doc = "scatter-gather and TSO on lo: payload in order-0 pages; off: in the skb head, order get_order(MSS + headers) above PAGE_SIZE" },
	{ .name = "send_gfp",
	  .type = CFG_CUSTOM,
	  .set = set_tb_gfp,
	  .flags = CFG_F_ORIGIN,
	  .origin_off = TB_OFF(send_gfp_origin),
	  .def = "GFP_KERNEL",
	  .range = "gfp flag names joined by \\|",
	  .doc = "the mask of a send's allocations (sk->sk_allocation)" },
	{ .name = "parent",
	  .type = CFG_ENUM,
	  .off = TB_OFF(parent),
	  .size = sizeof(bool),
	  .values = tb_onoff,
	  .def = "on",
	  .doc = "dbench's parent process beside the pairs, woken by SIGALRM once a second to print its report line; off: the pairs alone" },
};

static CFG_TABLE_DOC(
	tbench_keys_table, tbench_keys,
	"`tbench N` (dbench 4.0) against tbench_srv over 127.0.0.1: `clients` client/server pairs exchanging requests and replies for `seconds`; the skb and page allocations of 2.6.28's TCP over lo (SPEC-seeds C.3); CPU per message [cost] tcp_msg_ns, per operation dbench_op_ns. Figures: throughput_mbs, max_latency_ms, ops, skbs, acks, alloc_failed, allocs_o0..o3/costly (its page allocations by order), wmark_checks_o0..o3/costly (the allocator's, by order). It sizes its own tasks (2 x clients, plus the parent: no `tasks` key). No rate: its result is how fast its messages go.");

const struct wl_ops tbench_ops = {
	.nr_tasks = tbench_nr_tasks,
	.task_init = tbench_init,
	.run = tbench_run,
	.task_exit = tbench_task_exit,
	.report = tbench_report,
	.free = tbench_free,
	.keys = &tbench_keys_table,
	.validate = tbench_validate,
	.missing = tbench_missing,
	.no_rate = "tbench's result is how fast its messages go",
};
