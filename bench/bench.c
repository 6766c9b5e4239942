// SPDX-License-Identifier: MIT
/*
 * bench.c - run one scenario and measure the simulator itself: wall time,
 * simulated events per second, page events (faults, pages scanned and
 * stolen) per second to hold against bench/inner.c's, and bytes of host
 * memory per simulated page frame (peak RSS / frames; the struct page
 * alone is listed too).
 *
 *   build/bench SCENARIO [--set section.key=value]...
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "clock.h"

#include "reclaimsim/reclaimsim.h"
#include "mm/sim.h"
#include "config/reader.h"
#include "report/report.h"

int main(int argc, char **argv)
{
	static struct scenario s;
	char err[SCN_ERR_LEN];
	struct rusage ru;
	struct sim *sim;
	double t0, t1, t2, c1, c2;
	u64 page_events;

	if (argc < 2) {
		fprintf(stderr, "usage: bench SCENARIO [--set k=v]...\n");
		return 2;
	}
	if (scenario_load(&s, argv[1], err, sizeof(err)))
		goto fail;
	for (int i = 2; i + 1 < argc; i += 2)
		if (strcmp(argv[i], "--set") || scenario_set(&s, argv[i + 1], err, sizeof(err)))
			goto fail;
	if (scenario_validate(&s, err, sizeof(err)))
		goto fail;
	t0 = now_s();
	sim = sim_create(&s, err, sizeof(err));
	if (!sim)
		goto fail;
	t1 = now_s();
	c1 = cpu_s();
	if (sim_run(sim)) {
		fprintf(stderr, "bench: %s: %s\n", sim->scn.path, sim_error(sim));
		sim_destroy(sim);
		return 1;
	}
	t2 = now_s();
	c2 = cpu_s();
	getrusage(RUSAGE_SELF, &ru);
	printf("scenario            %s\n", argv[1]);
	for (int i = 3; i < argc; i += 2)
		printf("--set               %s\n", argv[i]);
	printf("frames              %u (%.1f GiB of %u-byte pages)\n", sim->nr_pfns,
	       (double)sim->nr_pfns * sim->page_size / (1 << 30), sim->page_size);
	printf("simulated time      %.3f s\n", (double)sim->eng.now / 1e9);
	printf("setup wall time     %.3f s\n", t1 - t0);
	printf("run wall time       %.3f s\n", t2 - t1);
	printf("events              %llu\n", (unsigned long long)sim->eng.nr_events);
	printf("events per second   %.0f\n", (double)sim->eng.nr_events / (t2 - t1));
	page_events = sim->vm_events[PGFAULT] + sim->vm_events[PGSCAN_ANON] +
		      sim->vm_events[PGSCAN_FILE] + sim->vm_events[PGSTEAL_ANON] +
		      sim->vm_events[PGSTEAL_FILE];
	printf("run cpu time        %.3f s\n", c2 - c1);
	printf("page events         %llu (pgfault + pgscan + pgsteal)\n",
	       (unsigned long long)page_events);
	printf("page events per s   %.0f of wall, %.0f of CPU time\n",
	       (double)page_events / (t2 - t1), (double)page_events / (c2 - c1));
	printf("pgscan, pgsteal     %llu, %llu\n",
	       (unsigned long long)(sim->vm_events[PGSCAN_ANON] + sim->vm_events[PGSCAN_FILE]),
	       (unsigned long long)(sim->vm_events[PGSTEAL_ANON] + sim->vm_events[PGSTEAL_FILE]));
	printf("peak RSS            %.1f MiB\n", ru.ru_maxrss / 1024.0);
	printf("bytes per frame     %.1f (struct page %zu)\n", ru.ru_maxrss * 1024.0 / sim->nr_pfns,
	       sizeof(struct page));
	sim_destroy(sim);
	return 0;
fail:
	fprintf(stderr, "bench: %s\n", err);
	return 1;
}
