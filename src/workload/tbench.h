/* SPDX-License-Identifier: MIT */
/*
 * tbench.h - the parameters of [workload] type tbench (tbench.c), in
 * scn_workload.params, and the skb sizing it derives from them
 * (SPEC-seeds C.3), public for the tests.
 */
#ifndef RECLAIMSIM_TBENCH_H
#define RECLAIMSIM_TBENCH_H

#include "../sim/rng.h"
#include "../sim/scenario.h"

struct tbench_params {
	unsigned int clients; /* client/server pairs, 1..1024 */
	unsigned int seconds; /* the timed run (tbench -t), 1..1000000 */
	unsigned int loadfile; /* enum tb_loadfile: where operations' sizes come from */
	int loadfile_origin;
	u64 size; /* loadfile = none: mean payload bytes per operation, 1..64M */
	int size_origin;
	u64 mtu; /* loopback MTU, bytes, 576..65535 */
	int mtu_origin;
	bool sg; /* scatter-gather + TSO on lo (ethtool -K lo sg on tso on) */
	int sg_origin;
	unsigned int send_gfp; /* gfp_t of sends (sk->sk_allocation) */
	int send_gfp_origin;
	bool parent; /* dbench's parent process and its once-a-second report */
};

/* loadfile = none: payload exponential with mean size; client.txt: dbench 4.0's mix */
enum tb_loadfile { TB_LOADFILE_NONE, TB_LOADFILE_CLIENT_TXT };

/* One kind of operation of a loadfile as tbench sends it (tbench_mix.c). */
struct tb_mix_op {
	u64 request, reply; /* bytes the client writes, bytes tbench_srv returns */
	u64 payload; /* bytes tbench counts in its throughput */
	u32 count; /* the loadfile's lines of this kind */
};

/* client.txt's operations (lines less its 2 Deltree lines, which send nothing) */
#define TB_CLIENT_TXT_OPS 458342

/*
 * tb_mix_draw - an operation of dbench 4.0's client.txt, drawn with the
 * file's frequencies from @r.
 */
const struct tb_mix_op *tb_mix_draw(struct rng *r);

/* tb_mix_totals - the table's operations and payload bytes (for the tests). */
void tb_mix_totals(u64 *ops, u64 *bytes);

/* Bytes of TCP/IP headers in an MSS-sized segment: IPv4 20 + TCP 20 + timestamps 12. */
#define TB_TCPIP_HDR 52

/*
 * The allocations one send makes (v2.6.28 tcp_sendmsg over lo, SPEC-seeds
 * C.3), for a page size, MTU and SG/TSO setting, derived once.
 */
struct tb_skb_geom {
	u64 mss; /* mtu - TB_TCPIP_HDR */
	u64 seg; /* payload bytes per skb: the GSO size with TSO, else mss */
	u64 shinfo; /* sizeof(skb_shared_info): MAX_SKB_FRAGS grows as pages shrink */
	u64 head; /* kmalloc'd skb head of an SG skb or an ACK (no payload) */
	u64 linear; /* kmalloc'd head of a full-sized linear skb (SG off) */
	int linear_order; /* > PAGE_SIZE: kmalloc_large's order; else -1 (slab) */
};

/*
 * tb_skb_geom - the skb sizes of @p on pages of @page_size bytes (4K..64K).
 */
void tb_skb_geom(const struct tbench_params *p, u32 page_size, struct tb_skb_geom *g);

/*
 * slub_calculate_order - v2.6.28 SLUB calculate_order(): the slab order
 * of a cache of @size-byte objects (1..@page_size) on @nr_cpus CPUs and
 * @page_size pages: 0..3 (slub_max_order).  *@objs gets the objects per
 * slab.
 */
unsigned int slub_calculate_order(u64 size, unsigned int nr_cpus, u32 page_size,
				  unsigned int *objs);

/*
 * kmalloc_cache_size - the object size of the v2.6.28 SLUB kmalloc cache
 * a request of @size bytes (1..@page_size) comes from: 8, 16, 32, 64, 96,
 * 128, 192, then powers of two.
 */
u64 kmalloc_cache_size(u64 size);

#endif
