#!/usr/bin/env python3
"""Sync benchmark: `catalog diff` and `catalog export-changeset` against `sqldiff`.

For each scale, a synthetic theme of N tokens (groups of 1,000; one token in ten an
alias; a light/dark mode on one token in twenty) is published as 1.0.0, then as 1.0.1
with the same 100 tokens changed. The script times, over several runs:

  - catalog diff '#1' '#2'                 (the semantic diff of the two revisions)
  - catalog export-changeset --from '#1'  (the changeset file of revision #2)
  - sqldiff A.db B.db                     (the baseline: the two database files)

and prints median times, the ratios to sqldiff, and how the catalog's times grow with
the catalog's size. Results are also written as JSON.

    python3 Benchmarks/sync_bench.py [--scales 10000,100000,1000000] [--runs 3]
"""
import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

CHANGED = 100


def token_file(path, count, version, changed):
    """Writes a DTCG theme with `count` tokens; tokens in `changed` get other values."""
    rng = random.Random(42)
    groups = {}
    for index in range(count):
        group = groups.setdefault(f"group{index // 1000}", {})
        if index % 10 == 9:
            value = "{group%d.token%d}" % ((index - 1) // 1000, index - 1)
        else:
            value = "#%06x" % rng.randrange(1 << 24)
        if index in changed and not value.startswith("{"):
            value = "#%06x" % ((int(value[1:], 16) + 1) % (1 << 24))
        token = {"$type": "color", "$value": value}
        if index % 20 == 0 and not value.startswith("{"):
            token["$extensions"] = {"catalog.modes": {"dark": "#%06x" % ((index * 7919) % (1 << 24))}}
        group[f"token{index}"] = token
    document = {
        "$extensions": {
            "catalog.theme": {"name": "Bench", "version": version},
            "catalog.dimensions": {"colorScheme": ["light", "dark"]},
        }
    }
    document.update(groups)
    with open(path, "w") as handle:
        json.dump(document, handle)


def timed(command, runs, output=subprocess.DEVNULL):
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=output, stderr=subprocess.PIPE)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--catalog", default=os.path.join(os.path.dirname(__file__), "..", ".build", "release", "catalog"))
    parser.add_argument("--scales", default="10000,100000,1000000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", default="sync-bench.json")
    options = parser.parse_args()
    catalog = os.path.abspath(options.catalog)
    sqldiff = shutil.which("sqldiff")
    if not os.path.exists(catalog) or not sqldiff:
        sys.exit("needs a release build (swift build -c release) and sqldiff (apt-get install sqlite3-tools)")
    results = []
    for scale in [int(text) for text in options.scales.split(",")]:
        work = tempfile.mkdtemp(prefix=f"sync-bench-{scale}-")
        try:
            changed = set(random.Random(7).sample([i for i in range(scale) if i % 10 != 9], CHANGED))
            first, second = os.path.join(work, "v1.json"), os.path.join(work, "v2.json")
            token_file(first, scale, "1.0.0", set())
            token_file(second, scale, "1.0.1", changed)
            database = os.path.join(work, "catalog.db")
            start = time.perf_counter()
            subprocess.run([catalog, "--db", database, "theme", "add", first], check=True, stdout=subprocess.DEVNULL)
            imported = time.perf_counter() - start
            shutil.copy(database, os.path.join(work, "a.db"))
            subprocess.run([catalog, "--db", database, "theme", "add", second], check=True, stdout=subprocess.DEVNULL)
            diff = timed([catalog, "--db", database, "diff", "#1", "#2"], options.runs)
            export = timed([catalog, "--db", database, "export-changeset", "--from", "#1", "-o", os.path.join(work, "x.changeset")], options.runs)
            baseline = timed([sqldiff, os.path.join(work, "a.db"), database], options.runs)
            results.append({"tokens": scale, "import_s": imported, "diff_s": diff, "export_s": export, "sqldiff_s": baseline,
                            "changeset_bytes": os.path.getsize(os.path.join(work, "x.changeset"))})
        finally:
            shutil.rmtree(work, ignore_errors=True)
    print(f"{'tokens':>9} {'import s':>9} {'diff s':>8} {'export s':>9} {'sqldiff s':>10} {'diff/sqldiff':>13} {'export/sqldiff':>15}")
    for row in results:
        print(f"{row['tokens']:>9} {row['import_s']:>9.2f} {row['diff_s']:>8.3f} {row['export_s']:>9.3f} {row['sqldiff_s']:>10.3f}"
              f" {row['diff_s'] / row['sqldiff_s']:>13.3f} {row['export_s'] / row['sqldiff_s']:>15.3f}")
    if len(results) > 1:
        small, large = results[0], results[-1]
        print(f"growth from {small['tokens']} to {large['tokens']} tokens: diff x{large['diff_s'] / small['diff_s']:.2f}, "
              f"export x{large['export_s'] / small['export_s']:.2f}, sqldiff x{large['sqldiff_s'] / small['sqldiff_s']:.2f}")
    with open(options.json, "w") as handle:
        json.dump(results, handle, indent=2)


if __name__ == "__main__":
    main()
