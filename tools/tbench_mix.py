#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The operation mix of dbench 4.0's client.txt as tbench sends it.

Reads dbench's loadfile (default /usr/share/dbench/client.txt, Debian's
dbench 4.0 package) the way dbench 4.0's child_run() does (backslashes to
slashes, " /" to " ", tokens split on blanks with double quotes grouping,
a file name is a token starting with '/', prefixed with the working
directory "."), gives each line the message sizes dbench 4.0's sockio.c
backend exchanges for its operation (the request the client writes, the
reply tbench_srv returns) and the payload tbench counts in its throughput
(WriteX's size, ReadX's ret_size), and prints the distinct (request,
reply, payload) triples with the number of lines of each, as the rows of
src/workload/tbench_mix.c.

The figures are a statistical summary of the loadfile, not its text.  The
2 Deltree lines (no packets in tbench: sio_deltree does nothing) are left
out; every other line is one operation.

Usage: tools/tbench_mix.py [CLIENT_TXT] > rows   (then paste into tbench_mix.c)
"""
import collections
import sys


def tokens(line):
    """dbench's next_token(): blank-separated, double quotes group and go."""
    out, cur, quoted, have = [], [], False, False
    for ch in line:
        if ch == '"':
            quoted, have = not quoted, True
        elif ch == ' ' and not quoted:
            if cur or have:
                out.append(''.join(cur))
            cur, have = [], False
        else:
            cur.append(ch)
    if cur or have:
        out.append(''.join(cur))
    return out


def sizes(op, names, p):
    """(request, reply, payload) bytes of dbench 4.0's sockio.c for an op."""
    fl = len(names[0]) if names else 0
    fl2 = len(names[1]) if len(names) > 1 else 0
    small = {
        'Unlink': (39 + 2 + fl * 2 + 2, 39),
        'Mkdir': (39 + 2 + fl * 2 + 2, 39),
        'Rmdir': (39 + 2 + fl * 2 + 2, 39),
        'NTCreateX': (70 + 2 + fl * 2 + 2, 39 + 12 * 4),
        'Close': (39 + 8, 39),
        'Rename': (39 + 8 + 2 * fl + 2 * fl2, 39),
        'Flush': (39 + 2, 39),
        'QUERY_PATH_INFORMATION': (39 + 16 + 2 * fl, 39 + 32),
        'QUERY_FILE_INFORMATION': (39 + 20, 39 + 32),
        'QUERY_FS_INFORMATION': (39 + 20, 39 + 32),
        'FIND_FIRST': (39 + 20 + 2 * fl, 39 + 90 * p[2]),
        'SET_FILE_INFORMATION': (39 + 32, 39 + 8),
        'LockX': (39 + 12, 39),
        'UnlockX': (39 + 12, 39),
    }
    if op == 'WriteX':
        return 39 + 20 + p[2], 39 + 16, p[2]
    if op == 'ReadX':
        return 39 + 20, 39 + 20 + p[3], p[3]
    if op not in small:
        sys.exit(f'tbench_mix.py: unknown operation {op}')
    return small[op] + (0,)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else '/usr/share/dbench/client.txt'
    rows = collections.Counter()
    skipped = 0
    with open(path, encoding='latin-1') as f:
        for line in f:
            t = tokens(line.rstrip('\n').replace('\\', '/').replace(' /', ' '))
            if len(t) < 2 or t[0].startswith('#'):
                continue
            if t[0] == 'Deltree':
                skipped += 1
                continue
            rest, names = t[1:], []
            while len(names) < 2 and rest and rest[0].startswith('/'):
                names.append('.' + rest.pop(0))
            p = [int(x, 0) if x[:1].isdigit() else 0 for x in rest[:-1]] + [0] * 6
            rows[sizes(t[0], names, p)] += 1
    n = sum(rows.values())
    pay = sum(k[2] * v for k, v in rows.items())
    print(f'/* {n} operations ({skipped} Deltree lines left out), {len(rows)} rows, '
          f'{pay} payload bytes: {pay / n:.1f} an operation */')
    for (req, rep, payload), cnt in sorted(rows.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f'\t{{ {req}, {rep}, {payload}, {cnt} }},')


if __name__ == '__main__':
    main()
