/*
 * anonfill: anonymous-memory working-set workload.
 *
 *   anonfill --mib N [--passes K] [--pattern seq|rand|hotcold]
 *            [--hot-pct H] [--hot-share S] [--touch write|read]
 *            [--seed S] [--thp]
 *
 * 1. mmap N MiB of private anonymous memory (MADV_NOHUGEPAGE unless --thp).
 * 2. Fill: write the page index into the first 8 bytes of every page, in
 *    address order (phase "fill").
 * 3. K re-touch passes (phases "pass1".."passK"). Each pass visits every
 *    page once, either in address order (seq) or in a fresh pseudo-random
 *    permutation per pass (rand, xorshift64 seeded with S). A visit reads
 *    the first word of the page and checks it; with --touch write it then
 *    writes the word back (re-dirtying the page), with --touch read it
 *    only reads.
 *
 * After each phase a JSON "phase" line is printed (see common.h) together
 * with the phase's own wall time and fault counts. The final "result" line
 * reports totals and the number of pages whose content was wrong (must be
 * 0; a non-zero value would mean data corruption).
 */
#include "common.h"

static uint64_t rng_state;

static uint64_t xorshift64(void)
{
	uint64_t x = rng_state;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return rng_state = x;
}

static void usage(void)
{
	fprintf(stderr, "usage: anonfill --mib N [--passes K] [--pattern seq|rand|hotcold]"
			" [--hot-pct H] [--hot-share S] [--touch write|read] [--seed S] [--thp]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	long mib = -1, passes = 3, hot_pct = 25, hot_share = 90;
	int rand_pattern = 0, hotcold = 0, do_write = 1, thp = 0;
	uint64_t seed = 12345;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--mib") && i + 1 < argc)
			mib = oc_parse_size_mib(argv[++i]);
		else if (!strcmp(argv[i], "--passes") && i + 1 < argc)
			passes = atol(argv[++i]);
		else if (!strcmp(argv[i], "--pattern") && i + 1 < argc) {
			i++;
			if (!strcmp(argv[i], "rand"))
				rand_pattern = 1;
			else if (!strcmp(argv[i], "hotcold"))
				hotcold = 1;
			else if (strcmp(argv[i], "seq"))
				usage();
		} else if (!strcmp(argv[i], "--hot-pct") && i + 1 < argc) {
			hot_pct = atol(argv[++i]);
		} else if (!strcmp(argv[i], "--hot-share") && i + 1 < argc) {
			hot_share = atol(argv[++i]);
		} else if (!strcmp(argv[i], "--touch") && i + 1 < argc) {
			i++;
			if (!strcmp(argv[i], "read"))
				do_write = 0;
			else if (strcmp(argv[i], "write"))
				usage();
		} else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
			seed = strtoull(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--thp"))
			thp = 1;
		else
			usage();
	}
	if (mib <= 0 || hot_pct < 1 || hot_pct > 99 || hot_share < 0 || hot_share > 100)
		usage();
	oc_init();
	rng_state = seed ? seed : 1;

	size_t npages = (size_t)mib * (1 << 20) / oc_page_size;
	size_t len = npages * oc_page_size;
	size_t hot_pages = npages * hot_pct / 100;
	uint32_t *order = NULL;

	printf("{\"type\":\"params\",\"mib\":%ld,\"pages\":%zu,\"passes\":%ld,"
	       "\"pattern\":\"%s\",\"hot_pct\":%ld,\"hot_share\":%ld,"
	       "\"hot_pages\":%zu,\"touch\":\"%s\",\"seed\":%llu,\"thp\":%d,"
	       "\"page_size\":%ld}\n",
	       mib, npages, passes,
	       rand_pattern ? "rand" : hotcold ? "hotcold" : "seq", hot_pct,
	       hot_share, hot_pages,
	       do_write ? "write" : "read", (unsigned long long)seed, thp,
	       oc_page_size);
	fflush(stdout);

	if (rand_pattern) {
		/* allocated and touched before the measured region */
		order = malloc(npages * sizeof(*order));
		if (!order)
			oc_die("malloc order");
		for (size_t i = 0; i < npages; i++)
			order[i] = i;
	}

	oc_phase("start");

	char *buf = mmap(NULL, len, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (buf == MAP_FAILED)
		oc_die("mmap %zu", len);
	madvise(buf, len, thp ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);

	struct rusage r0, r1;
	double t0, t1;
	getrusage(RUSAGE_SELF, &r0);
	t0 = oc_now();
	for (size_t p = 0; p < npages; p++)
		*(volatile uint64_t *)(buf + p * oc_page_size) = p;
	t1 = oc_now();
	getrusage(RUSAGE_SELF, &r1);
	printf("{");
	oc_phase_body(stdout, "fill");
	printf(",\"phase_wall_s\":%.6f,\"phase_minflt\":%ld,\"phase_majflt\":%ld,",
	       t1 - t0, r1.ru_minflt - r0.ru_minflt, r1.ru_majflt - r0.ru_majflt);
	oc_smaps_json(stdout, "region", buf);
	printf("}\n");
	fflush(stdout);

	long long bad = 0, tot_min = 0, tot_maj = 0;
	double tot_wall = 0;
	for (long pass = 1; pass <= passes; pass++) {
		if (rand_pattern) {
			for (size_t i = npages - 1; i > 0; i--) {
				size_t j = xorshift64() % (i + 1);
				uint32_t t = order[i];
				order[i] = order[j];
				order[j] = t;
			}
		}
		long long pass_bad = 0;
		getrusage(RUSAGE_SELF, &r0);
		t0 = oc_now();
		for (size_t i = 0; i < npages; i++) {
			size_t p = rand_pattern ? order[i] : i;

			if (hotcold) {
				int hot = (i + 1) * hot_share / 100 !=
					  i * hot_share / 100;
				p = hot ? xorshift64() % hot_pages :
					  hot_pages + xorshift64() % (npages - hot_pages);
			}
			volatile uint64_t *w = (volatile uint64_t *)(buf + p * oc_page_size);
			uint64_t v = *w;
			if (v != p)
				pass_bad++;
			if (do_write)
				*w = p;
		}
		t1 = oc_now();
		getrusage(RUSAGE_SELF, &r1);
		bad += pass_bad;
		long dmin = r1.ru_minflt - r0.ru_minflt;
		long dmaj = r1.ru_majflt - r0.ru_majflt;
		tot_min += dmin;
		tot_maj += dmaj;
		tot_wall += t1 - t0;
		char name[32];
		snprintf(name, sizeof(name), "pass%ld", pass);
		printf("{");
		oc_phase_body(stdout, name);
		printf(",\"phase_wall_s\":%.6f,\"phase_minflt\":%ld,"
		       "\"phase_majflt\":%ld,\"phase_bad_pages\":%lld,",
		       t1 - t0, dmin, dmaj, pass_bad);
		oc_smaps_json(stdout, "region", buf);
		printf("}\n");
		fflush(stdout);
	}

	printf("{\"type\":\"result\",\"pages\":%zu,\"passes\":%ld,"
	       "\"bad_pages\":%lld,\"retouch_minflt\":%lld,"
	       "\"retouch_majflt\":%lld,\"retouch_wall_s\":%.6f,"
	       "\"total_wall_s\":%.6f}\n",
	       npages, passes, bad, tot_min, tot_maj, tot_wall,
	       oc_now() - oc_t0);
	fflush(stdout);
	return 0;
}
