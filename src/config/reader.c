// SPDX-License-Identifier: MIT
/*
 * reader.c - read a scenario (INI, libinih) into struct scenario, apply
 * --set overrides, cross-check the result.
 *
 * Line numbers.  Debian's libinih is built without INI_HANDLER_LINENO, so
 * the handler is not told where it is.  We feed inih through our own
 * line reader (ini_parse_stream): inih calls the handler for a line right
 * after reading it, so the reader's line count is the handler's line.  The
 * reader also
 *   - sees every section header, so empty sections ([cgroup box] with all
 *     defaults) exist, and unknown/duplicate sections fail on their line;
 *   - strips leading blanks, so an indented "key = value" is a key and
 *     never an inih multi-line continuation of the previous value;
 *   - stops the parse at the first error (it returns "end of input").
 *
 * Page counts ("3840p") need the page size, which may be given after
 * them.  A file is therefore read twice: a first pass only picks up
 * [machine] page_size and each [workload]'s type, the second parses
 * everything with them.  For --set, a "p" value uses the page size in
 * force at that moment.
 *
 * Keys whose meaning depends on another key are resolved when the whole
 * file is read: a [workload]'s keys go to its type's fields (struct
 * TYPE_params; the first pass read its type, which may come last), a
 * swap_device preset never overrides a single key given in the same
 * section, before or after it, and a kernel profile never one
 * given anywhere, in the file or by --set (scn_policy.keys_given).
 * [machine] from = host is the exception: it reads the host where it
 * stands (host.c), so it must come before the [machine] and [sysctl] keys
 * that override it.
 *
 * Origins: the values scenario_validate() cross-checks (memory, zones,
 * swap, page_size, cgroup parents and limits, workload cgroups and types)
 * remember the line or the --set option that gave them, so that its
 * messages point at what to fix (see scenario.h).
 *
 * Messages are "FILE:LINE: [section] key: what is wrong",
 * "--set ASSIGNMENT: ..." for overrides,
 * "FILE: ..." when there is no line (file cannot be read).
 */
#include "reader.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ini.h>

#include "../sim/config.h"
#include "../sim/engine.h"
#include "../dev/blkdev.h"
#include "../mm/internal.h"
#include "../workload/workload.h"
#include "host.h"

#define KiB 1024ULL

/* A scenario file larger than this (1 MiB) is not a scenario. */
#define SCN_MAX_FILE (1 << 20)
#define SCN_MSG_LEN SCN_ERR_LEN
#define SCN_LABEL_LEN (SCN_NAME_LEN + 16)

/* ------------------------------------------------------------------ */
/* Key tables                                                          */
/* ------------------------------------------------------------------ */

enum sec_id {
	SEC_MACHINE,
	SEC_SYSCTL,
	SEC_POLICY,
	SEC_COST,
	SEC_RUN,
	NR_SINGLE_SECS,
	SEC_CGROUP = NR_SINGLE_SECS,
	SEC_CGROUP_TREE,
	SEC_WORKLOAD,
	SEC_AT,
	NR_SECS,
};

/* [machine] */

/*
 * from = host reads the host now: its CPUs, page size, nodes, zones and
 * vm sysctls become the base that the keys after it in the file, and
 * every --set, override.  In a file it must come before the other
 * [machine] and [sysctl] keys (scn_handler checks).  "none" reads nothing.
 */
static int set_from(struct cfg_ctx *k, void *obj, const char *val)
{
	struct scn_machine *m = obj;
	struct scenario *tmp;
	char buf[SCN_MSG_LEN];

	if (!strcmp(val, "none")) {
		m->from_host = false;
		return 0;
	}
	if (strcmp(val, "host"))
		return cfg_fail(k, ": unknown value '%s' (expected host or none)", val);
	/* into a copy: a host that cannot be read changes nothing */
	tmp = malloc(sizeof(*tmp));
	if (!tmp)
		return cfg_fail(k, ": out of memory");
	*tmp = *k->s;
	if (host_read_machine(tmp, host_proc_root, buf, sizeof(buf))) {
		free(tmp);
		return cfg_fail(k, ": %s", buf);
	}
	k->s->machine = tmp->machine;
	k->s->sysctl = tmp->sysctl;
	free(tmp);
	/* the host's zones are exact: memory is their sum, not a given size */
	m->memory_origin = 0;
	m->zones_origin = k->origin;
	m->page_size_origin = k->origin;
	m->zones_line = k->origin > 0 ? k->origin : 0;
	m->from_host = true;
	return 0;
}

#define M_OFF(f) offsetof(struct scn_machine, f)

static const struct cfg_key machine_keys[] = {
	{ .name = "from",
	  .type = CFG_CUSTOM,
	  .set = set_from,
	  .def_doc = "none",
	  .range = "host \\| none",
	  .doc = "host: the CPUs, page size, nodes, zones and vm sysctls of this host; must come before the other [machine] and [sysctl] keys" },
	{ .name = "cpus",
	  .type = CFG_UINT,
	  .off = M_OFF(cpus),
	  .min = 1,
	  .max = 4096,
	  .def = "8",
	  .doc = "CPUs" },
};

/* [policy] */

/* [workload NAME]: workload.c (common keys) and each type's file (wl_ops.keys) */

/*
 * The sections and the tables that declare their keys, beside the code
 * they configure (each subsystem declares its tables in its header).  A
 * key is added in its table; a table is added here.
 */
CFG_TABLE(machine_table, machine_keys);

#define TABLES(...) ((const struct cfg_table *const[]){ __VA_ARGS__, NULL })

static struct cfg_section sections[NR_SECS] = {
	[SEC_MACHINE] = {
		.name = "machine",
		.tables = TABLES(&machine_table, &mm_init_machine_table, &swapfile_machine_table,
				 &blkdev_machine_table, &filemap_machine_table, &memcontrol_machine_table),
		.doc = "The simulated machine: CPUs, memory and its zones, swap and disk devices.",
	},
	[SEC_SYSCTL] = {
		.name = "sysctl", .tables = TABLES(&page_alloc_sysctl_table, &vmscan_sysctl_table,
						   &page_writeback_sysctl_table, &swap_sysctl_table,
						   &compaction_sysctl_table),
		.doc = "Names as in /proc/sys/vm, with the kernel's limits.",
	},
	[SEC_POLICY] = {
		.name = "policy",
		.tables = TABLES(&profile_policy_table, &page_alloc_policy_table,
				 &vmscan_policy_table, &alloc_pages_policy_table, &swap_policy_table,
				 &swap_state_policy_table, &swapfile_policy_table, &madvise_policy_table, &tlb_policy_table,
				 &memcontrol_policy_table, &rmap_policy_table, &oom_kill_policy_table,
				 &compaction_policy_table, &page_writeback_policy_table,
				 &blkdev_policy_table, &sched_policy_table,
				 &filemap_policy_table, &workingset_policy_table,
				 &vmstat_policy_table),
		.doc = "Kernel behaviours, each a named key; the defaults are the modern kernel's.",
	},
	[SEC_COST] = {
		.name = "cost", .tables = TABLES(&cost_table),
		.doc = "CPU time of each kind of work, with a time unit, at most 1s (a larger value is refused as a typo).",
	},
	[SEC_RUN] = { .name = "run", .tables = TABLES(&run_table, &blk_jitter_run_table,
						       &sched_run_table, &event_run_table,
						       &shuffle_run_table) },
	[SEC_CGROUP] = {
		.name = "cgroup", .tables = TABLES(&memcontrol_cgroup_table),
		.doc = "`[cgroup PATH]`: a memory cgroup, its path from the root (`[cgroup A/B/C]`, A/B a [cgroup] section too), or a name with a `parent` key.",
	},
	[SEC_CGROUP_TREE] = {
		.name = "cgroup_tree",
		.tables = TABLES(&memcontrol_cgroup_tree_table, &memcontrol_cgroup_table),
		.doc = "`[cgroup_tree NAME]`: complete binary subtrees of memory cgroups under a group, each group configured by the section's [cgroup] keys.",
	},
	[SEC_WORKLOAD] = {
		.name = "workload", .tables = TABLES(&workload_common_table), .type_key = "type",
		.type_names = workload_type_name, .nr_types = NR_WORKLOAD_TYPES,
		.type_table = workload_type_keys,
		.doc = "`[workload NAME]`: a workload; its type says which keys it takes.",
	},
	[SEC_AT] = {
		.name = "at", .tables = TABLES(&memcg_action_table),
		.doc = "`[at TIME]`: writes to cgroup interface files at virtual time TIME, in file order, each line `cgroup.NAME.KEY = VALUE` with KEY one of these (the group's interface's: v2 or v1).",
	},
};

_Static_assert(CFG_MAX_KEYS <= 128, "scn_workload.keys_given has a bit per key");

/* scn_workload.keys_given: set and test the bit of key @j */
static void wl_key_given_set(struct scn_workload *w, unsigned int j)
{
	w->keys_given[j / 64] |= 1ULL << (j % 64);
}

static bool wl_key_given(const struct scn_workload *w, unsigned int j)
{
	return w->keys_given[j / 64] & (1ULL << (j % 64));
}

static const char *const section_list =
	"machine, sysctl, policy, cost, run, cgroup PATH, cgroup_tree NAME, workload NAME or at TIME";

void scenario_print_keys(FILE *f)
{
	for (int id = 0; id < NR_SECS; id++)
		cfg_print_section(f, &sections[id]);
}

/* The struct a singleton section fills. */
static void *single_obj(struct scenario *s, enum sec_id id)
{
	switch (id) {
	case SEC_MACHINE:
		return &s->machine;
	case SEC_SYSCTL:
		return &s->sysctl;
	case SEC_POLICY:
		return &s->policy;
	case SEC_COST:
		return &s->cost;
	case SEC_RUN:
		return &s->run;
	default:
		return NULL;
	}
}

/* ------------------------------------------------------------------ */
/* Defaults                                                            */
/* ------------------------------------------------------------------ */

static void cgroup_defaults(struct scenario *s, struct scn_cgroup *cg, const char *name, int line)
{
	char msg[SCN_MSG_LEN];

	memset(cg, 0, sizeof(*cg));
	snprintf(cg->name, sizeof(cg->name), "%s", name);
	if (cfg_apply_defaults(&sections[SEC_CGROUP], s, cg, "[cgroup]", s->machine.page_size, msg,
			       sizeof(msg))) {
		fprintf(stderr, "reclaimsim: internal error: default: %s\n", msg);
		abort();
	}
	cg->line = line;
}

/* A [cgroup_tree]'s defaults: its own keys', then the [cgroup] ones' in its template. */
static void cgroup_tree_defaults(struct scenario *s, struct scn_cgroup_tree *t, const char *name,
				 int line)
{
	char msg[SCN_MSG_LEN];

	memset(t, 0, sizeof(*t));
	snprintf(t->tmpl.name, sizeof(t->tmpl.name), "%s", name);
	if (cfg_apply_defaults(&sections[SEC_CGROUP_TREE], s, t, "[cgroup_tree]",
			       s->machine.page_size, msg, sizeof(msg))) {
		fprintf(stderr, "reclaimsim: internal error: default: %s\n", msg);
		abort();
	}
	t->tmpl.line = line;
}

/* The defaults of type @w->type's keys in @w->params (cleared first). */
static void workload_type_defaults(struct scenario *s, struct scn_workload *w)
{
	char msg[SCN_MSG_LEN];

	memset(w->params, 0, sizeof(w->params));
	if (cfg_apply_table_defaults(workload_type_keys(w->type), s, w, "[workload]",
				     s->machine.page_size, msg, sizeof(msg))) {
		fprintf(stderr, "reclaimsim: internal error: default: %s\n", msg);
		abort();
	}
}

/* A workload's defaults: the common keys', then those of its type @type. */
static void workload_defaults(struct scenario *s, struct scn_workload *w, const char *name,
			      enum workload_type type, int line)
{
	char msg[SCN_MSG_LEN];

	memset(w, 0, sizeof(*w));
	snprintf(w->name, sizeof(w->name), "%s", name);
	w->type = type;
	if (cfg_apply_defaults(&sections[SEC_WORKLOAD], s, w, "[workload]", s->machine.page_size,
			       msg, sizeof(msg))) {
		fprintf(stderr, "reclaimsim: internal error: default: %s\n", msg);
		abort();
	}
	workload_type_defaults(s, w);
	w->line = line;
}

/*
 * workload_retype - @w (a copy of @old) changes type to @w->type: its
 * parameters become the new type's defaults, and the type keys given
 * move to the new type's fields (the caller checked that it takes them).
 */
static void workload_retype(struct scenario *s, struct scn_workload *w,
			    const struct scn_workload *old)
{
	struct cfg_section *sd = &sections[SEC_WORKLOAD];

	workload_type_defaults(s, w);
	for (unsigned int j = 0; j < sd->nr_keys; j++) {
		/* the common keys' fields stay as they are */
		if (!wl_key_given(old, j) || !sd->key_types[j])
			continue;
		cfg_copy_key(cfg_key_of_type(sd, (int)j, old->type), old,
			     cfg_key_of_type(sd, (int)j, w->type), w);
	}
}

/*
 * scenario_defaults - every singleton section's defaults, from the key
 * tables: an 8-CPU, 8 GiB x86-64 machine with the /proc/sys/vm defaults,
 * the costs and the policies of a 6.12 kernel.
 */
void scenario_defaults(struct scenario *s)
{
	char msg[SCN_MSG_LEN], label[SCN_LABEL_LEN];

	memset(s, 0, sizeof(*s));
	strcpy(s->path, "(built-in)");
	for (int id = 0; id < NR_SECS; id++)
		cfg_section_keys(&sections[id]);
	/* scn_policy.keys_given has a bit per key */
	if (sections[SEC_POLICY].nr_keys > 128) {
		fprintf(stderr, "reclaimsim: internal error: [policy] has more than 128 keys\n");
		abort();
	}
	for (int id = 0; id < NR_SINGLE_SECS; id++) {
		snprintf(label, sizeof(label), "[%s]", sections[id].name);
		if (cfg_apply_defaults(&sections[id], s, single_obj(s, (enum sec_id)id), label,
				       s->machine.page_size, msg, sizeof(msg))) {
			fprintf(stderr, "reclaimsim: internal error: default: %s\n", msg);
			abort();
		}
	}
}

/* ------------------------------------------------------------------ */
/* Derived values                                                      */
/* ------------------------------------------------------------------ */

/*
 * resolve_rest - give the "rest" zone the pages the other zones leave of
 * one node's memory (0 when they leave none; scenario_validate reports).
 */
static void resolve_rest(struct scenario *s)
{
	struct scn_machine *m = &s->machine;
	u64 node_pages, used = 0;
	struct scn_zone *rest = NULL;

	for (unsigned int i = 0; i < m->nr_zones; i++) {
		if (m->zones[i].rest)
			rest = &m->zones[i];
		else
			used += m->zones[i].pages;
	}
	if (!rest || !m->page_size || !m->nodes)
		return;
	node_pages = m->memory / m->nodes / m->page_size;
	rest->pages = node_pages > used ? node_pages - used : 0;
}

/*
 * node_memory, or explicit zones without "rest", are the whole machine:
 * when memory is not given, it is their sum (the oracle scenarios give managed pages only,
 * and the host's zones are exact).  A given memory stays and must match
 * them (scenario_validate).
 */
static void derive_memory(struct scenario *s)
{
	struct scn_machine *m = &s->machine;
	bool has_rest;
	u64 pages = 0;

	if (m->memory_origin)
		return;
	/* node_memory: the nodes' sum */
	for (unsigned int i = 0; i < m->nr_node_memory; i++)
		pages += m->node_memory[i];
	if (pages) {
		m->memory = pages;
		return;
	}
	if (!m->nr_zones)
		return;
	if (m->nr_layouts) {
		/* one layout per node: their sum */
		for (unsigned int n = 0; n < m->nr_layouts; n++)
			for (unsigned int i = 0; i < m->layout_nr_zones[n]; i++)
				pages += m->layout_zones[n][i].pages;
		m->memory = pages * m->page_size;
		return;
	}
	pages = scn_zones_fixed_pages(m, &has_rest);
	if (!has_rest && pages)
		m->memory = pages * m->page_size * m->nodes;
}

/* ------------------------------------------------------------------ */
/* File parsing                                                        */
/* ------------------------------------------------------------------ */

/* Instances whose keys we track: singletons, then cgroups, then workloads. */
#define INST_CGROUP(i) (NR_SINGLE_SECS + (i))
#define INST_CGROUP_TREE(i) (NR_SINGLE_SECS + SCN_MAX_CGROUPS + (i))
#define INST_WORKLOAD(i) (NR_SINGLE_SECS + SCN_MAX_CGROUPS + SCN_MAX_CGROUP_TREES + (i))
#define NR_INST (NR_SINGLE_SECS + SCN_MAX_CGROUPS + SCN_MAX_CGROUP_TREES + SCN_MAX_WORKLOADS)

struct parse_ctx {
	struct scenario *s;
	const char *name; /* file name for messages */
	const char *text;
	size_t len, pos;
	int lineno;
	bool prepass; /* only looking for page_size */
	unsigned int page_size; /* for "p" values */
	bool pre_page_size; /* the prepass found page_size */
	bool pre_from_host; /* the prepass found from = host */
	/*
	 * the prepass's section header, the text between '[' and ']' of the
	 * raw line as section_begin() reads it: inih's own copy stops at 49
	 * characters, which would lose a long [workload NAME]'s name
	 */
	char pre_section[SCN_MSG_LEN];
	int host_line; /* line of from = host, 0 = none */
	unsigned int host_page_size; /* the page size the host gave */

	int cur_sec; /* enum sec_id, -1 before any */
	int cur_inst;
	int cur_line;
	char cur_label[SCN_LABEL_LEN];
	int sec_line[NR_SINGLE_SECS]; /* header line, 0 = not seen */
	bool wl_type_given[SCN_MAX_WORKLOADS];
	/*
	 * the prepass's [workload NAME] type = values, the first of each
	 * NAME: a type, or -1 (not one: the second pass reports it)
	 */
	unsigned int nr_pre_wl;
	char pre_wl_name[SCN_MAX_WORKLOADS][SCN_NAME_LEN];
	int pre_wl_type[SCN_MAX_WORKLOADS];
	/* the workload's type is known: its keys go to its type's fields */
	bool wl_typed[SCN_MAX_WORKLOADS];
	int key_line[NR_INST][CFG_MAX_KEYS];
	u64 at_time_ns; /* the [at TIME] section's time */

	char *err;
	size_t errlen;
	int err_line; /* line of the first error, 0 = none */
};

/* Name an invisible character on line @line of the file in the message. */
static void note_line_unprintable(struct parse_ctx *c, int line)
{
	const char *p = c->text, *end = c->text + c->len, *eol;

	for (int n = 1; n < line && p < end; n++) {
		p = memchr(p, '\n', (size_t)(end - p));
		if (!p)
			return;
		p++;
	}
	eol = memchr(p, '\n', (size_t)(end - p));
	if (!eol)
		eol = end;
	if (eol > p && eol[-1] == '\r') /* a CRLF file's line end is not the value's */
		eol--;
	cfg_note_unprintable(c->err, c->errlen, p, (size_t)(eol - p));
}

__attribute__((format(printf, 3, 4))) static void ctx_fail(struct parse_ctx *c, int line,
							   const char *fmt, ...)
{
	va_list ap;
	int w;

	if (c->err_line)
		return;
	c->err_line = line > 0 ? line : 1;
	if (!c->err || !c->errlen)
		return;
	w = snprintf(c->err, c->errlen, "%s:%d: ", c->name, line);
	if (w >= 0 && (size_t)w < c->errlen) {
		va_start(ap, fmt);
		vsnprintf(c->err + w, c->errlen - (size_t)w, fmt, ap);
		va_end(ap);
	}
	note_line_unprintable(c, line);
}

/* Split the text of a section header into its kind and its name ("" if none). */
static char *section_words(char *hdr, char **name)
{
	char *kind = cfg_trim(hdr), *p;

	for (p = kind; *p && !isspace((unsigned char)*p); p++)
		;
	*name = p;
	if (*p) {
		*p = '\0';
		*name = cfg_trim(p + 1);
	}
	return kind;
}

/* The prepass's type of [workload @name]: a type, -1 (not one) or -2 (none given). */
static int pre_wl_type(const struct parse_ctx *c, const char *name)
{
	for (unsigned int i = 0; i < c->nr_pre_wl; i++)
		if (!strcmp(c->pre_wl_name[i], name))
			return c->pre_wl_type[i];
	return -2;
}

/* A section header line "[...]": open the section it names. */
static void section_begin(struct parse_ctx *c, const char *line)
{
	struct scenario *s = c->s;
	char hdr[SCN_MSG_LEN], *kind, *name;
	const char *end = strchr(line, ']'), *after, *why;
	int id = -1, named, given;

	if (!end) {
		ctx_fail(c, c->lineno, "syntax error: section header without ']'");
		return;
	}
	after = end + 1;
	while (isspace((unsigned char)*after))
		after++;
	if (*after && *after != ';' && *after != '#') {
		ctx_fail(c, c->lineno, "syntax error: text after the section header");
		return;
	}
	snprintf(hdr, sizeof(hdr), "%.*s", (int)(end - line - 1), line + 1);
	kind = section_words(hdr, &name);
	for (int i = 0; i < NR_SECS; i++)
		if (!strcmp(kind, sections[i].name))
			id = i;
	if (id < 0) {
		ctx_fail(c, c->lineno, "[%s%s%s]: unknown section (expected %s)", kind,
			 *name ? " " : "", name, section_list);
		return;
	}
	c->cur_sec = id;
	c->cur_line = c->lineno;
	if (id < NR_SINGLE_SECS) {
		if (*name) {
			ctx_fail(c, c->lineno, "[%s %s]: section [%s] takes no name", kind, name,
				 kind);
			return;
		}
		if (c->sec_line[id]) {
			ctx_fail(c, c->lineno, "[%s]: duplicate section (first at line %d)", kind,
				 c->sec_line[id]);
			return;
		}
		c->sec_line[id] = c->lineno;
		c->cur_inst = id;
		snprintf(c->cur_label, sizeof(c->cur_label), "[%s]", kind);
		return;
	}
	if (id == SEC_AT) {
		char buf[SCN_MSG_LEN];

		if (parse_time(name, &c->at_time_ns, buf, sizeof(buf))) {
			ctx_fail(c, c->lineno, "[at %s]: %s", name, buf);
			return;
		}
		snprintf(c->cur_label, sizeof(c->cur_label), "[at %s]", name);
		c->cur_inst = -1;
		return;
	}
	if (!*name) {
		ctx_fail(c, c->lineno, "[%s]: missing name (expected [%s NAME])", kind, kind);
		return;
	}
	why = id == SEC_CGROUP ? scenario_check_path(name) : scenario_check_name(name);
	if (why) {
		ctx_fail(c, c->lineno, "[%s %s]: %s", kind, name, why);
		return;
	}
	snprintf(c->cur_label, sizeof(c->cur_label), "[%s %s]", kind, name);
	if (id == SEC_CGROUP) {
		for (unsigned int i = 0; i < s->nr_cgroups; i++) {
			if (!strcmp(s->cgroups[i].name, name)) {
				ctx_fail(c, c->lineno,
					 "%s: duplicate cgroup name (first at line %d)",
					 c->cur_label, s->cgroups[i].line);
				return;
			}
		}
		if (s->nr_cgroups == SCN_MAX_CGROUPS) {
			ctx_fail(c, c->lineno, "%s: too many cgroups (at most %d)", c->cur_label,
				 SCN_MAX_CGROUPS);
			return;
		}
		cgroup_defaults(s, &s->cgroups[s->nr_cgroups], name, c->lineno);
		c->cur_inst = INST_CGROUP(s->nr_cgroups);
		s->nr_cgroups++;
	} else if (id == SEC_CGROUP_TREE) {
		for (unsigned int i = 0; i < s->nr_cgroup_trees; i++) {
			if (!strcmp(s->cgroup_trees[i].tmpl.name, name)) {
				ctx_fail(c, c->lineno,
					 "%s: duplicate cgroup_tree name (first at line %d)",
					 c->cur_label, s->cgroup_trees[i].tmpl.line);
				return;
			}
		}
		if (s->nr_cgroup_trees == SCN_MAX_CGROUP_TREES) {
			ctx_fail(c, c->lineno, "%s: too many cgroup trees (at most %d)",
				 c->cur_label, SCN_MAX_CGROUP_TREES);
			return;
		}
		cgroup_tree_defaults(s, &s->cgroup_trees[s->nr_cgroup_trees], name, c->lineno);
		c->cur_inst = INST_CGROUP_TREE(s->nr_cgroup_trees);
		s->nr_cgroup_trees++;
	} else {
		for (unsigned int i = 0; i < s->nr_workloads; i++) {
			if (!strcmp(s->workloads[i].name, name)) {
				ctx_fail(c, c->lineno,
					 "%s: duplicate workload name (first at line %d)",
					 c->cur_label, s->workloads[i].line);
				return;
			}
		}
		if (s->nr_workloads == SCN_MAX_WORKLOADS) {
			ctx_fail(c, c->lineno, "%s: too many workloads (at most %d)", c->cur_label,
				 SCN_MAX_WORKLOADS);
			return;
		}
		/*
		 * The type: the file's type = (the prepass read it: it may come
		 * after the type's keys), else the section's name if it is one;
		 * while neither is known, keys are only checked (scn_handler).
		 */
		named = cfg_match_name(name, workload_type_name, NR_WORKLOAD_TYPES);
		given = pre_wl_type(c, name);
		workload_defaults(s, &s->workloads[s->nr_workloads], name,
				  given >= 0 ? (enum workload_type)given :
				  named >= 0 ? (enum workload_type)named :
					       WL_ANON_FILL,
				  c->lineno);
		c->wl_type_given[s->nr_workloads] = named >= 0;
		c->wl_typed[s->nr_workloads] = given >= 0 || (given == -2 && named >= 0);
		c->cur_inst = INST_WORKLOAD(s->nr_workloads);
		s->nr_workloads++;
	}
}

/*
 * scn_reader - inih's fgets: one line per call, counted.  Leading blanks
 * are dropped (no multi-line continuations, see the top of the file).
 */
static char *scn_reader(char *str, int num, void *stream)
{
	struct parse_ctx *c = stream;
	const char *line;
	const char *nl;
	size_t n;

	if (c->err_line || c->pos >= c->len || num < 4)
		return NULL;
	line = c->text + c->pos;
	nl = memchr(line, '\n', c->len - c->pos);
	n = nl ? (size_t)(nl - line) + 1 : c->len - c->pos;
	c->pos += n;
	c->lineno++;
	if (c->lineno == 1 && n >= 3 && !memcmp(line, "\xEF\xBB\xBF", 3)) {
		line += 3;
		n -= 3;
	}
	while (n && (*line == ' ' || *line == '\t')) {
		line++;
		n--;
	}
	if (n > (size_t)num - 1) {
		/*
		 * inih's line buffer is fixed (INI_MAX_LINE, 200 with the
		 * newline and NUL).  Comments do not count: a comment line
		 * becomes empty, an inline comment (';' after a blank) is cut
		 * off, as inih would drop it anyway.
		 */
		if (*line == ';' || *line == '#') {
			n = 0;
		} else {
			for (size_t i = 1; i < n; i++) {
				if (line[i] == ';' && (line[i - 1] == ' ' || line[i - 1] == '\t')) {
					n = i;
					break;
				}
			}
		}
		if (n > (size_t)num - 2) {
			if (!c->prepass) {
				ctx_fail(
					c, c->lineno,
					"line too long (at most %d characters, comments not counted)",
					num - 2);
				return NULL;
			}
			n = (size_t)num - 2; /* the second pass reports it */
		}
		memcpy(str, line, n);
		str[n++] = '\n';
		str[n] = '\0';
	} else {
		memcpy(str, line, n);
		str[n] = '\0';
	}
	if (*str == '[' && c->prepass) {
		const char *end = strchr(str, ']');

		snprintf(c->pre_section, sizeof(c->pre_section), "%.*s",
			 (int)(end ? end - str - 1 : 0), str + 1);
	} else if (*str == '[') {
		section_begin(c, str);
		if (c->err_line)
			return NULL;
	}
	return str;
}

static int prepass_handler(void *user, const char *inih_section, const char *name,
			   const char *value)
{
	struct parse_ctx *c = user;
	const char *section = c->pre_section;
	size_t n;
	u64 v;

	(void)inih_section; /* truncated: c->pre_section is the whole header */

	/* a workload's type, for its keys that come before it */
	if (!strcmp(name, "type")) {
		char hdr[SCN_MSG_LEN], *wname;
		const char *kind;

		snprintf(hdr, sizeof(hdr), "%s", section);
		kind = section_words(hdr, &wname);
		if (!strcmp(kind, "workload") && *wname && pre_wl_type(c, wname) == -2 &&
		    c->nr_pre_wl < SCN_MAX_WORKLOADS) {
			snprintf(c->pre_wl_name[c->nr_pre_wl], SCN_NAME_LEN, "%s", wname);
			c->pre_wl_type[c->nr_pre_wl++] =
				cfg_match_name(value, workload_type_name, NR_WORKLOAD_TYPES);
		}
	}
	/* inih gives the text between the brackets as is: "[ machine ]" too */
	while (isspace((unsigned char)*section))
		section++;
	n = strlen("machine");
	if (strncmp(section, "machine", n) || *cfg_skip_blanks(section + n))
		return 1;
	if (!strcmp(name, "page_size") && !parse_size(value, 0, &v, NULL, 0) &&
	    (v == 4 * KiB || v == 8 * KiB || v == 16 * KiB || v == 64 * KiB)) {
		c->page_size = (unsigned int)v;
		c->pre_page_size = true;
	}
	if (!strcmp(name, "from") && !strcmp(value, "host"))
		c->pre_from_host = true;
	return 1;
}

/*
 * A line of [at TIME]: cgroup.NAME.KEY = VALUE, the addressing of --set,
 * KEY a key of memcg_action_table (its value checked here; the group and
 * the time against the run's end in memcg_check_actions, after --set).
 */
static void at_handler(struct parse_ctx *c, const char *name, const char *value)
{
	struct scenario *s = c->s;
	struct cfg_section *sd = &sections[SEC_AT];
	char lhs[SCN_MSG_LEN], msg[SCN_MSG_LEN], keys[SCN_MSG_LEN];
	const char *key, *dot = strrchr(name, '.');
	struct scn_action *a;
	struct cfg_ctx k;
	size_t used = 0;
	int idx;

	for (unsigned int i = 0; i < sd->nr_keys; i++)
		used += (size_t)snprintf(keys + used, used < sizeof(keys) ? sizeof(keys) - used : 0,
					 "%s%s", i ? ", " : "", sd->keys[i]->name);
	snprintf(lhs, sizeof(lhs), "%s", name);
	if (strncmp(name, "cgroup.", 7) || !dot || dot < name + 8) {
		ctx_fail(c, c->lineno, "%s %s: expected cgroup.NAME.KEY = VALUE (KEY: %s)",
			 c->cur_label, name, keys);
		return;
	}
	key = dot + 1;
	lhs[dot - name] = '\0';
	idx = cfg_key_index(sd, key);
	if (idx < 0) {
		if (cfg_key_index(&sections[SEC_CGROUP], key) >= 0)
			ctx_fail(
				c, c->lineno,
				"%s %s: %s cannot change at run time (the kernel has no such write; KEY: %s)",
				c->cur_label, name, key, keys);
		else
			ctx_fail(c, c->lineno, "%s %s: unknown key '%s' (KEY: %s)", c->cur_label,
				 name, key, keys);
		return;
	}
	for (unsigned int i = 0; i < s->nr_actions; i++) {
		const struct scn_action *o = &s->actions[i];

		if (o->section_line == c->cur_line && o->key == (unsigned int)idx &&
		    !strcmp(o->cgroup, lhs + 7)) {
			ctx_fail(c, c->lineno, "%s %s: duplicate key (first given at line %d)",
				 c->cur_label, name, o->line);
			return;
		}
	}
	if (s->nr_actions == SCN_MAX_ACTIONS) {
		ctx_fail(c, c->lineno, "%s %s: too many [at] lines (at most %d)", c->cur_label,
			 name, SCN_MAX_ACTIONS);
		return;
	}
	if (strlen(lhs + 7) >= SCN_PATH_LEN) {
		ctx_fail(c, c->lineno, "%s %s: cgroup name too long (at most %d characters)",
			 c->cur_label, name, SCN_PATH_LEN - 1);
		return;
	}
	a = &s->actions[s->nr_actions];
	memset(a, 0, sizeof(*a));
	k = (struct cfg_ctx){
		.s = s,
		.sd = sd,
		.label = c->cur_label,
		.key = name,
		.page_size = c->page_size,
		.origin = c->lineno,
		.msg = msg,
		.msglen = sizeof(msg),
	};
	if (cfg_apply_key(&k, sd->keys[idx], a, value)) {
		ctx_fail(c, c->lineno, "%s", msg);
		return;
	}
	memcpy(a->cgroup, lhs + 7, strlen(lhs + 7) + 1); /* its length is checked above */
	a->time_ns = c->at_time_ns;
	snprintf(a->when, sizeof(a->when), "%.23s", c->cur_label + 4);
	a->when[strcspn(a->when, "]")] = '\0';
	a->key = (unsigned int)idx;
	a->line = c->lineno;
	a->section_line = c->cur_line;
	s->nr_actions++;
}

static int scn_handler(void *user, const char *section, const char *name, const char *value)
{
	struct parse_ctx *c = user;
	struct cfg_section *sd;
	const struct cfg_key *kd;
	struct scn_workload scratch;
	struct cfg_ctx k;
	char msg[SCN_MSG_LEN];
	int idx, canon, *lines;
	void *obj;

	if (c->err_line)
		return 0;
	if (c->cur_sec < 0) {
		ctx_fail(c, c->lineno, "%s: key outside any section", name);
		return 0;
	}
	if (c->cur_sec == SEC_AT) {
		at_handler(c, name, value);
		return c->err_line ? 0 : 1;
	}
	sd = &sections[c->cur_sec];
	idx = cfg_key_index(sd, name);
	if (idx < 0) {
		ctx_fail(c, c->lineno, "%s %s: unknown key", c->cur_label, name);
		return 0;
	}
	canon = cfg_key_canonical(sd, idx);
	lines = c->key_line[c->cur_inst];
	if (lines[canon]) {
		ctx_fail(c, c->lineno, "%s %s: duplicate key (first given at line %d)",
			 c->cur_label, name, lines[canon]);
		return 0;
	}
	/* the host is the base: nothing of it may already be set */
	if (c->cur_sec == SEC_MACHINE && !strcmp(name, "from") && !strcmp(value, "host")) {
		for (int sec = SEC_MACHINE; sec <= SEC_SYSCTL; sec++) {
			for (unsigned int i = 0; i < sections[sec].nr_keys; i++) {
				if (!c->key_line[sec][i])
					continue;
				ctx_fail(
					c, c->lineno,
					"[machine] from: from = host must come before the other [machine] and [sysctl] keys ([%s] %s is given at line %d)",
					sections[sec].name, sections[sec].keys[i]->name,
					c->key_line[sec][i]);
				return 0;
			}
		}
	}
	kd = sd->keys[idx];
	if (c->cur_sec == SEC_CGROUP) {
		obj = &c->s->cgroups[c->cur_inst - INST_CGROUP(0)];
	} else if (c->cur_sec == SEC_CGROUP_TREE) {
		obj = &c->s->cgroup_trees[c->cur_inst - INST_CGROUP_TREE(0)];
	} else if (c->cur_sec == SEC_WORKLOAD) {
		unsigned int wi = (unsigned int)(c->cur_inst - INST_WORKLOAD(0));
		struct scn_workload *w = &c->s->workloads[wi];

		obj = w;
		if (sd->key_types[idx] && c->wl_typed[wi]) {
			/* a type's key: into the type's own field */
			kd = cfg_key_of_type(sd, idx, w->type);
			if (!kd) {
				cfg_type_keys(msg, sizeof(msg), sd, w->type);
				ctx_fail(c, c->lineno,
					 "[workload %s] %s: not a key of type %s (%s)", w->name,
					 sd->keys[idx]->name, workload_type_name[w->type], msg);
				return 0;
			}
		} else if (sd->key_types[idx]) {
			/* no type known (missing or bad, reported later): only the value is checked */
			scratch = *w;
			obj = &scratch;
		}
	} else {
		obj = single_obj(c->s, (enum sec_id)c->cur_sec);
	}

	k = (struct cfg_ctx){
		.s = c->s,
		.sd = sd,
		.label = c->cur_label,
		.key = name,
		.page_size = c->page_size,
		.lines = lines,
		.origin = c->lineno,
		.msg = msg,
		.msglen = sizeof(msg),
	};
	if (cfg_apply_key(&k, kd, obj, value)) {
		ctx_fail(c, c->lineno, "%s", msg);
		return 0;
	}
	/* an alias ("max") marks the key it stands for ("limit") as given */
	lines[canon] = c->lineno;
	lines[idx] = c->lineno;
	if (c->cur_sec == SEC_MACHINE && !strcmp(name, "zones"))
		c->s->machine.zones_line = c->lineno;
	if (c->cur_sec == SEC_MACHINE && !strcmp(name, "from") && c->s->machine.from_host) {
		c->host_line = c->lineno;
		c->host_page_size = c->s->machine.page_size;
		if (!c->pre_page_size)
			c->page_size = c->s->machine.page_size;
	}
	if (c->cur_sec == SEC_WORKLOAD) {
		struct scn_workload *w = &c->s->workloads[c->cur_inst - INST_WORKLOAD(0)];

		wl_key_given_set(w, (unsigned int)canon);
		if (!strcmp(name, "type"))
			c->wl_type_given[c->cur_inst - INST_WORKLOAD(0)] = true;
	}
	if (c->cur_sec == SEC_POLICY)
		policy_key_given_set(&c->s->policy, canon);
	if (c->cur_sec == SEC_POLICY && !strcmp(kd->name, "cgroup"))
		c->s->policy.cgroup_given = true;
	return 1;
}

/* Equal but for case, '_' and '-': "anonfill" and "anon-fill" are anon_fill. */
static bool loosely_equal(const char *a, const char *b)
{
	for (;; a++, b++) {
		while (*a == '_' || *a == '-')
			a++;
		while (*b == '_' || *b == '-')
			b++;
		if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
			return false;
		if (!*a)
			return true;
	}
}

/* The workload type a section's name was likely meant to be, or -1. */
static int type_like(const char *name)
{
	for (int t = 0; t < NR_WORKLOAD_TYPES; t++)
		if (loosely_equal(name, workload_type_name[t]))
			return t;
	return -1;
}

/* After the whole file: what depends on keys that may come later. */
static void parse_finish(struct parse_ctx *c)
{
	struct scenario *s = c->s;
	struct scn_machine *m = &s->machine;
	char list[SCN_MSG_LEN];

	for (unsigned int i = 0; i < s->nr_workloads && !c->err_line; i++) {
		struct scn_workload *w = &s->workloads[i];
		const char *missing;

		if (!c->wl_type_given[i]) {
			int t = type_like(w->name);

			cfg_list_names(list, sizeof(list), workload_type_name, NR_WORKLOAD_TYPES);
			if (t >= 0)
				ctx_fail(
					c, w->line,
					"[workload %s] type: missing (did you mean type = %s? a section named as a type, [workload %s], takes it as its type)",
					w->name, workload_type_name[t], workload_type_name[t]);
			else
				ctx_fail(
					c, w->line,
					"[workload %s] type: missing (give type = TYPE, or name the section [workload TYPE]; TYPE is %s)",
					w->name, list);
			break;
		}
		missing = workload_missing(w);
		if (missing)
			ctx_fail(c, w->line, "[workload %s] %s: missing (required for type %s)",
				 w->name, missing, workload_type_name[w->type]);
	}
	if (c->err_line)
		return;

	/*
	 * The host's zones are in the host's pages: a page_size given after
	 * from = host would silently rescale them, unless zones are given too.
	 */
	if (c->host_line) {
		const int *lines = c->key_line[SEC_MACHINE];
		int ps_line = lines[cfg_key_index(&sections[SEC_MACHINE], "page_size")];
		int zones_line = lines[cfg_key_index(&sections[SEC_MACHINE], "zones")];

		if (ps_line > c->host_line && zones_line < c->host_line &&
		    m->page_size != c->host_page_size) {
			ctx_fail(
				c, ps_line,
				"[machine] page_size: the host's zones (from = host, line %d) are in its %u-byte pages: give zones too, or leave page_size to the host",
				c->host_line, c->host_page_size);
			return;
		}
	}
	derive_memory(s);
	resolve_rest(s);
}

int scenario_load_string(struct scenario *s, const char *name, const char *text, char *err,
			 size_t errlen)
{
	struct parse_ctx *c;
	int ret;

	if (err && errlen)
		err[0] = '\0';
	scenario_defaults(s);
	snprintf(s->path, sizeof(s->path), "%s", name);
	c = calloc(1, sizeof(*c));
	if (!c) {
		cfg_put_msg(err, errlen, "%s: out of memory", name);
		return -1;
	}
	c->s = s;
	c->name = name;
	c->text = text;
	c->len = strlen(text);
	c->err = err;
	c->errlen = errlen;
	c->cur_sec = -1;

	/* pass 1: the page size, for "p" values anywhere in the file */
	c->prepass = true;
	c->page_size = s->machine.page_size;
	ini_parse_stream(scn_reader, c, prepass_handler, c);
	if (c->pre_from_host && !c->pre_page_size)
		c->page_size = host_page_size(host_proc_root);

	/* pass 2: everything */
	c->prepass = false;
	c->pos = 0;
	c->lineno = 0;
	ret = ini_parse_stream(scn_reader, c, scn_handler, c);
	if (ret == -2) {
		cfg_put_msg(err, errlen, "%s: out of memory", name);
		free(c);
		return -1;
	}
	/* inih's own syntax errors (a line that is neither [section] nor key = value) */
	if (ret > 0 && (!c->err_line || ret < c->err_line)) {
		c->err_line = 0;
		ctx_fail(c, ret, "syntax error (expected [section], key = value or a ; comment)");
	}
	if (!c->err_line)
		parse_finish(c);
	ret = c->err_line ? -1 : 0;
	free(c);
	return ret;
}

int scenario_read_text(const char *path, const char *what, char **text, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	char *buf;
	size_t n;

	*text = NULL;
	if (!f) {
		cfg_put_msg(err, errlen, "%s: cannot open: %s", path, strerror(errno));
		return -1;
	}
	buf = malloc(SCN_MAX_FILE + 1);
	if (!buf) {
		fclose(f);
		cfg_put_msg(err, errlen, "%s: out of memory", path);
		return -1;
	}
	/* a directory opens but does not read (EISDIR): an error, not an empty file */
	n = fread(buf, 1, SCN_MAX_FILE + 1, f);
	if (ferror(f))
		cfg_put_msg(err, errlen, "%s: cannot read: %s", path, strerror(errno));
	else if (n > SCN_MAX_FILE)
		cfg_put_msg(err, errlen, "%s: too large for a %s (more than 1 MiB, %d bytes)", path,
			    what, SCN_MAX_FILE);
	else if (memchr(buf, '\0', n))
		cfg_put_msg(err, errlen, "%s: not a text file (contains a NUL byte)", path);
	else {
		buf[n] = '\0';
		*text = buf;
	}
	fclose(f);
	if (*text)
		return 0;
	free(buf);
	return -1;
}

int scenario_load(struct scenario *s, const char *path, char *err, size_t errlen)
{
	char *buf;
	int ret;

	scenario_defaults(s);
	snprintf(s->path, sizeof(s->path), "%s", path);
	if (scenario_read_text(path, "scenario", &buf, err, errlen))
		return -1;
	ret = scenario_load_string(s, path, buf, err, errlen);
	free(buf);
	return ret;
}

/* ------------------------------------------------------------------ */
/* --set                                                               */
/* ------------------------------------------------------------------ */

/*
 * The origin of the --set @assignment: its index in s->set_text[] as a
 * negative number (the same text shares one entry), SCN_ORIGIN_SET_ANY
 * when the table is full.
 */
static int set_origin(struct scenario *s, const char *assignment)
{
	unsigned int i;

	for (i = 0; i < s->nr_set_texts; i++)
		if (!strncmp(s->set_text[i], assignment, SCN_SET_TEXT_LEN - 1))
			return -(int)i - 1;
	if (s->nr_set_texts == SCN_MAX_SET_TEXTS)
		return SCN_ORIGIN_SET_ANY;
	i = s->nr_set_texts++;
	snprintf(s->set_text[i], SCN_SET_TEXT_LEN, "%s", assignment);
	return -(int)i - 1;
}

/* One --set assignment, as scenario_set() without its note. */
static int set_assignment(struct scenario *s, const char *assignment, char *err, size_t errlen)
{
	char lhs[SCN_MSG_LEN], msg[SCN_MSG_LEN], label[SCN_LABEL_LEN];
	const char *eq = strchr(assignment, '=');
	char *sec, *name = NULL, *key, *val, *dot;
	struct cfg_section *sd = NULL;
	struct cfg_ctx k;
	void *obj = NULL;
	unsigned int saved_texts;
	int id = -1, idx;

	if (!eq || strlen(assignment) >= sizeof(lhs)) {
		cfg_put_msg(err, errlen, "--set %s: expected section.key=value", assignment);
		return -1;
	}
	snprintf(lhs, sizeof(lhs), "%s", assignment);
	lhs[eq - assignment] = '\0';
	val = cfg_trim(lhs + (eq - assignment) + 1);
	sec = cfg_trim(lhs);
	dot = strchr(sec, '.');
	if (!dot) {
		cfg_put_msg(err, errlen, "--set %s: expected section.key=value", assignment);
		return -1;
	}
	*dot = '\0';
	key = dot + 1;
	if (!*cfg_trim(key)) {
		cfg_put_msg(err, errlen, "--set %s: no key (expected section.key=value)",
			    assignment);
		return -1;
	}
	for (int i = 0; i < NR_SECS; i++)
		if (!strcmp(sec, sections[i].name))
			id = i;
	if (id < 0) {
		cfg_put_msg(
			err, errlen,
			"--set %s: unknown section '%s' (expected machine, sysctl, policy, cost, run, cgroup.NAME, cgroup_tree.NAME or workload.NAME)",
			assignment, sec);
		return -1;
	}
	if (id == SEC_AT) {
		cfg_put_msg(err, errlen,
			    "--set %s: [at TIME] writes are given in the scenario file only",
			    assignment);
		return -1;
	}
	sd = &sections[id];
	if (id >= NR_SINGLE_SECS) {
		name = key;
		dot = strchr(key, '.');
		if (!dot) {
			cfg_put_msg(err, errlen, "--set %s: expected %s.NAME.key=value", assignment,
				    sec);
			return -1;
		}
		*dot = '\0';
		key = dot + 1;
		if (!*name || !*key) {
			cfg_put_msg(err, errlen, "--set %s: no %s (expected %s.NAME.key=value)",
				    assignment, *name ? "key" : "name", sec);
			return -1;
		}
		if (id == SEC_CGROUP) {
			for (unsigned int i = 0; i < s->nr_cgroups; i++)
				if (!strcmp(s->cgroups[i].name, name))
					obj = &s->cgroups[i];
		} else if (id == SEC_CGROUP_TREE) {
			for (unsigned int i = 0; i < s->nr_cgroup_trees; i++)
				if (!strcmp(s->cgroup_trees[i].tmpl.name, name))
					obj = &s->cgroup_trees[i];
		} else {
			for (unsigned int i = 0; i < s->nr_workloads; i++)
				if (!strcmp(s->workloads[i].name, name))
					obj = &s->workloads[i];
		}
		if (!obj) {
			cfg_put_msg(err, errlen, "--set %s: no [%s %s] in the scenario", assignment,
				    sec, name);
			return -1;
		}
		snprintf(label, sizeof(label), "[%s %s]", sec, name);
	} else {
		obj = single_obj(s, (enum sec_id)id);
		snprintf(label, sizeof(label), "[%s]", sec);
	}
	idx = cfg_key_index(sd, key);
	if (idx < 0) {
		cfg_put_msg(err, errlen, "--set %s: %s %s: unknown key", assignment, label, key);
		return -1;
	}
	if (id == SEC_WORKLOAD) {
		const struct scn_workload *w = obj;

		if (!cfg_key_takes(sd, idx, w->type)) {
			cfg_type_keys(msg, sizeof(msg), sd, w->type);
			cfg_put_msg(err, errlen, "--set %s: %s %s: not a key of type %s (%s)",
				    assignment, label, key, workload_type_name[w->type], msg);
			return -1;
		}
	}
	k = (struct cfg_ctx){
		.s = s,
		.sd = sd,
		.label = label,
		.key = key,
		.page_size = s->machine.page_size,
		.lines = NULL,
		.msg = msg,
		.msglen = sizeof(msg),
	};
	saved_texts = s->nr_set_texts;
	if ((sd->keys[idx]->flags & CFG_F_ORIGIN) || sd->keys[idx]->set == set_from)
		k.origin = set_origin(s, assignment);
	if (id == SEC_WORKLOAD) {
		/* on a copy: a new type must still take every key given */
		struct scn_workload *w = obj, tmp = *w;
		int canon = cfg_key_canonical(sd, idx);

		if (cfg_apply_key(&k, cfg_key_of_type(sd, idx, w->type), &tmp, val))
			goto fail;
		wl_key_given_set(&tmp, (unsigned int)canon);
		for (unsigned int j = 0; j < sd->nr_keys; j++) {
			if (!wl_key_given(&tmp, j) || cfg_key_takes(sd, (int)j, tmp.type))
				continue;
			cfg_type_keys(msg, sizeof(msg), sd, tmp.type);
			cfg_put_msg(err, errlen, "--set %s: %s %s: not a key of type %s (%s)",
				    assignment, label, sd->keys[j]->name,
				    workload_type_name[tmp.type], msg);
			s->nr_set_texts = saved_texts;
			return -1;
		}
		if (tmp.type != w->type)
			workload_retype(s, &tmp, w);
		*w = tmp;
	} else if (cfg_apply_key(&k, sd->keys[idx], obj, val)) {
		goto fail;
	} else if (id == SEC_POLICY) {
		policy_key_given_set(&s->policy, cfg_key_canonical(sd, idx));
		if (!strcmp(sd->keys[idx]->name, "cgroup"))
			s->policy.cgroup_given = true;
	}
	derive_memory(s);
	resolve_rest(s);
	return 0;
fail:
	s->nr_set_texts = saved_texts;
	cfg_put_msg(err, errlen, "--set %s: %s", assignment, msg);
	return -1;
}

int scenario_set(struct scenario *s, const char *assignment, char *err, size_t errlen)
{
	if (!set_assignment(s, assignment, err, errlen))
		return 0;
	cfg_note_unprintable(err, errlen, assignment, strlen(assignment));
	return -1;
}

/* ------------------------------------------------------------------ */
/* Validation                                                          */
/* ------------------------------------------------------------------ */

int scenario_validate_within(const struct scenario *s, const struct host_allowance *allow,
			     char *err, size_t errlen)
{
	if (err && errlen)
		err[0] = '\0';
	/* each subsystem checks what it is configured with */
	if (mm_check_machine(s, err, errlen) || mm_check_min_free_kbytes(s, err, errlen) ||
	    memcg_check_cgroups(s, err, errlen) || workloads_check(s, err, errlen) ||
	    memcg_check_actions(s, err, errlen))
		return -1;
	if (!s->run.duration_ns || !s->run.sample_interval_ns)
		return cfg_fail_at(s, 0, 0, err, errlen, "[run] %s: must be > 0",
				   s->run.duration_ns ? "sample_interval" : "duration");
	return host_check_allowance(s, allow, err, errlen);
}

int scenario_validate(const struct scenario *s, char *err, size_t errlen)
{
	struct host_allowance allow;

	host_allowance(&allow);
	return scenario_validate_within(s, &allow, err, errlen);
}
