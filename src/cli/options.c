// SPDX-License-Identifier: MIT
/*
 * options.c - shared command-line parsing pieces (see options.h).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config/host.h"
#include "config/reader.h"
#include "default_scenario.h"
#include "options.h"

void opt_split(const char *a, char *name, size_t len, const char **inline_val)
{
	const char *eq = !strncmp(a, "--", 2) ? strchr(a, '=') : NULL;

	*inline_val = NULL;
	if (eq && (size_t)(eq - a) < len) {
		snprintf(name, len, "%.*s", (int)(eq - a), a);
		*inline_val = eq + 1;
	} else {
		snprintf(name, len, "%s", eq ? "--?" : a);
	}
}

int opt_no_value(const char *name, const char *a, const char *inline_val)
{
	if (!inline_val)
		return 0;
	fprintf(stderr, "reclaimsim: %s takes no value ('%s')\n", name, a);
	return -1;
}

int opt_value(int argc, char **argv, int *i, const char *a, const char *inline_val,
	      const char **val)
{
	int n = (int)strcspn(a, "=");
	const char *v = inline_val;

	if (!v) {
		if (*i + 1 >= argc) {
			fprintf(stderr, "reclaimsim: %s needs a value\n", a);
			return -1;
		}
		v = argv[++*i];
	}
	/* '' meant the root for --cgroup, every configuration for --only */
	if (!*v) {
		fprintf(stderr, "reclaimsim: %.*s: empty value (give one, or leave %.*s out)\n", n,
			a, n, a);
		return -1;
	}
	/* the first was silently dropped */
	if (*val) {
		fprintf(stderr, "reclaimsim: %.*s given twice ('%s', then '%s'): give it once\n", n,
			a, *val, v);
		return -1;
	}
	*val = v;
	return 0;
}

int opt_scenario(const char *a, const char **scenario)
{
	if (*scenario) {
		fprintf(stderr, "reclaimsim: more than one scenario ('%s', '%s')\n", *scenario, a);
		return -1;
	}
	*scenario = a;
	return 0;
}

/* @err starts with @from: replace that with @to (messages name the option typed). */
static void replace_prefix(char *err, size_t len, const char *from, const char *to)
{
	size_t n = strlen(from);
	char tmp[SCN_ERR_LEN];

	if (strncmp(err, from, n))
		return;
	/* a longer message is cut at SCN_ERR_LEN; the length, looked at,
	 * tells -Wformat-truncation (-O3) that the cut is meant */
	if (snprintf(tmp, sizeof(tmp), "%s%s", to, err + n) < 0)
		return;
	snprintf(err, len, "%s", tmp);
}

/*
 * --seed N is --set run.seed=N at its place among the --set options: the
 * later of --seed and a --set run.seed wins.  Decimal, as in the file, and
 * read as --set reads it: blanks around the number are dropped (' 1' was
 * refused here but taken by --set run.seed=' 1').
 */
static int apply_seed(const struct scn_opts *o, struct scenario *s, char *err, size_t errlen)
{
	char assignment[SCN_ERR_LEN], prefix[SCN_ERR_LEN + 32], to[SCN_ERR_LEN + 32];

	if (strlen(o->seed) >= sizeof(assignment) - 16) {
		snprintf(err, errlen,
			 "--seed '%.32s...': expected a decimal integer (0..18446744073709551615)",
			 o->seed);
		return -1;
	}
	snprintf(assignment, sizeof(assignment), "run.seed=%s", o->seed);
	if (!scenario_set(s, assignment, err, errlen))
		return 0;
	snprintf(prefix, sizeof(prefix), "--set %s: [run] seed: ", assignment);
	snprintf(to, sizeof(to), "--seed '%s': ", o->seed);
	replace_prefix(err, errlen, prefix, to);
	return -1;
}

int opt_build_scenario(const struct scn_opts *o, struct scenario *s)
{
	char err[SCN_ERR_LEN];
	int rc;

	if (o->max_host_memory) {
		u64 bytes = 0;

		int bad = parse_size(o->max_host_memory, 4096, &bytes, err, sizeof(err));

		if (bad || !bytes) {
			fprintf(stderr, "reclaimsim: --max-host-memory %s: %s\n",
				o->max_host_memory, bad ? err : "must be > 0");
			return -1;
		}
		host_memory_limit = bytes;
	}
	if (o->scenario)
		rc = scenario_load(s, o->scenario, err, sizeof(err));
	else
		rc = scenario_load_string(s, "(built-in)", default_scenario_text(), err,
					  sizeof(err));
	if (rc)
		goto fail;
	/* --machine host is --set machine.from=host, before the other --set */
	if (o->machine) {
		if (strcmp(o->machine, "host")) {
			fprintf(stderr, "reclaimsim: --machine %s: only 'host' is known\n",
				o->machine);
			return -1;
		}
		if (scenario_set(s, "machine.from=host", err, sizeof(err))) {
			replace_prefix(err, sizeof(err),
				       "--set machine.from=host: ", "--machine host: ");
			goto fail;
		}
	}
	for (unsigned int i = 0; i <= o->nr_sets; i++) {
		if (o->seed && i == o->seed_after && apply_seed(o, s, err, sizeof(err)))
			goto fail;
		if (i < o->nr_sets && scenario_set(s, o->sets[i], err, sizeof(err)))
			goto fail;
	}
	return 0;
fail:
	fprintf(stderr, "reclaimsim: %s\n", err);
	return -1;
}

/* Where @path is or would be: its inode, or its directory's and its name. */
struct file_id {
	bool exists, chardev;
	dev_t dev;
	ino_t ino;
	char base[256]; /* not existing: the name in that directory */
};

/*
 * A dangling symlink's target, in @out (PATH_MAX bytes): the output
 * opened through the link is that file, which another output may name
 * (--csv a.csv --trace link-to-a.csv).  false when @path is no link.
 */
static bool link_target(const char *path, char *out)
{
	const char *slash = strrchr(path, '/');
	char link[4096];
	ssize_t n = readlink(path, link, sizeof(link) - 1);

	if (n < 0)
		return false;
	link[n] = '\0';
	if (link[0] == '/' || !slash)
		return snprintf(out, 4096, "%s", link) < 4096;
	return snprintf(out, 4096, "%.*s/%s", (int)(slash - path), path, link) < 4096;
}

static bool file_id(const char *path, struct file_id *id)
{
	char dir[4096], paths[2][4096];
	const char *slash;
	struct stat st;

	*id = (struct file_id){ 0 };
	/* follow dangling links as open(O_CREAT) does, up to the kernel's 40 */
	for (int hops = 0; stat(path, &st) && hops < 40 && link_target(path, paths[hops % 2]);
	     hops++)
		path = paths[hops % 2];
	if (!stat(path, &st)) {
		id->exists = true;
		id->chardev = S_ISCHR(st.st_mode);
		id->dev = st.st_dev;
		id->ino = st.st_ino;
		return true;
	}
	slash = strrchr(path, '/');
	if (!slash)
		snprintf(dir, sizeof(dir), ".");
	else
		snprintf(dir, sizeof(dir), "%.*s", slash == path ? 1 : (int)(slash - path), path);
	if (stat(dir, &st))
		return false; /* the open will say why */
	id->dev = st.st_dev;
	id->ino = st.st_ino;
	snprintf(id->base, sizeof(id->base), "%s", slash ? slash + 1 : path);
	return true;
}

static bool same_file(const struct file_id *a, const struct file_id *b)
{
	if (a->exists != b->exists || a->dev != b->dev || a->ino != b->ino)
		return false;
	return a->exists || !strcmp(a->base, b->base);
}

int opt_check_paths(const struct opt_path *paths, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++) {
		struct file_id a;

		if (!paths[i].output || !paths[i].path || !file_id(paths[i].path, &a))
			continue;
		for (unsigned int j = 0; j < n; j++) {
			struct file_id b;

			if (j == i || !paths[j].path || !file_id(paths[j].path, &b) ||
			    !same_file(&a, &b))
				continue;
			if (!paths[j].output) {
				fprintf(stderr,
					"reclaimsim: %s %s: is %s %s, which the command reads (valid: another file)\n",
					paths[i].opt, paths[i].path, paths[j].opt, paths[j].path);
				return -1;
			}
			if (j > i && !a.chardev) {
				fprintf(stderr,
					"reclaimsim: %s %s: is also %s %s (valid: one file for each output)\n",
					paths[j].opt, paths[j].path, paths[i].opt, paths[i].path);
				return -1;
			}
		}
	}
	return 0;
}

int opt_check_writable(const char *opt, const char *path)
{
	const char *slash = strrchr(path, '/');
	char dir[4096];

	if (!access(path, F_OK)) {
		if (!access(path, W_OK))
			return 0;
	} else {
		if (!slash)
			snprintf(dir, sizeof(dir), ".");
		else
			snprintf(dir, sizeof(dir), "%.*s", slash == path ? 1 : (int)(slash - path),
				 path);
		if (!access(dir, W_OK | X_OK))
			return 0;
	}
	fprintf(stderr, "reclaimsim: %s %s: %s\n", opt, path, strerror(errno));
	return -1;
}

const char *opt_plot_terminal(const char *path)
{
	static const char *const ext[][2] = {
		{ ".png", "pngcairo" },
		{ ".svg", "svg" },
		{ ".pdf", "pdfcairo" },
	};
	size_t n = strlen(path);

	for (size_t i = 0; i < sizeof(ext) / sizeof(ext[0]); i++)
		if (n > 4 && !strcasecmp(path + n - 4, ext[i][0]))
			return ext[i][1];
	fprintf(stderr,
		"reclaimsim: --plot %s: unknown picture format (valid: a name ending .png, .svg or .pdf)\n",
		path);
	return NULL;
}
