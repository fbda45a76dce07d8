#!/usr/bin/env python3
"""Usage-scan benchmark: `catalog usage scan` against ripgrep and bare SwiftParser.

Generates a tree of Swift files (default 55 MB, one file in ten calling DFButton, Button or
OUDSButton), then times, over several runs:

  - catalog usage scan (first scan, unchanged rescan, rescan after touching 1% of the files)
  - rg counting the same component names over the whole tree (the byte-search baseline)
  - a bare SwiftParser program parsing just the candidate files (the parsing baseline),
    compiled here against the toolchain's SwiftParser, on one thread per core

    python3 Benchmarks/usage_bench.py [--megabytes 55] [--runs 3]
"""
import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

PARSER = r'''
import Dispatch
import Foundation
import SwiftParser
import SwiftSyntax
let paths = Array(CommandLine.arguments.dropFirst())
let lock = NSLock()
var total = 0
DispatchQueue.concurrentPerform(iterations: paths.count) { index in
    let source = try! String(contentsOfFile: paths[index], encoding: .utf8)
    let tree = Parser.parse(source: source)
    lock.lock(); total += tree.statements.count; lock.unlock()
}
print(total)
'''

FILLER = '''
struct Model{n} {{
    var name: String = "item {n}"
    var values: [Int] = [{n}, {m}, 3, 4, 5]
    func total() -> Int {{ values.reduce(0, +) * {m} }}
    func describe() -> String {{
        // Helper {n}: formatting with interpolation and closures.
        let parts = values.map {{ "\\($0)" }}.joined(separator: ", ")
        return "\\(name): \\(parts) (\\(total()))"
    }}
}}
'''

VIEW = '''
struct Screen{n}: View {{
    var body: some View {{
        VStack {{
            DFButton("Save {n}") {{ save() }}
            DFButton("Cancel {n}") {{ dismiss() }}
                .dfButtonStyle(.outlined)
            OUDSButton(text: "Next {n}", appearance: .strong) {{ }}
            Button("Follow {n}") {{ }}
                .buttonStyle(.variant(.filled, color: .orange))
        }}
        .dfButtonStyle(.tinted)
    }}
}}
'''


def generate(root, megabytes):
    rng = random.Random(3)
    files, size, index = [], 0, 0
    while size < megabytes * 1_000_000:
        folder = os.path.join(root, f"Module{index // 200}")
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, f"File{index}.swift")
        parts = ["import SwiftUI\n"] + [FILLER.format(n=index * 100 + k, m=rng.randrange(9) + 1) for k in range(20)]
        if index % 10 == 0:
            parts.insert(1, VIEW.format(n=index))
        text = "".join(parts)
        with open(path, "w") as handle:
            handle.write(text)
        files.append(path)
        size += len(text)
        index += 1
    return files, size


def timed(command, runs, before=None):
    samples = []
    for _ in range(runs):
        if before:
            before()
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--catalog", default=os.path.join(os.path.dirname(__file__), "..", ".build", "release", "catalog"))
    parser.add_argument("--megabytes", type=int, default=55)
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    catalog = os.path.abspath(options.catalog)
    rg = shutil.which("rg")
    swiftc = shutil.which("swiftc")
    if not os.path.exists(catalog) or not rg or not swiftc:
        sys.exit("needs a release build (swift build -c release), rg (apt-get install ripgrep) and swiftc")
    host = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(swiftc))), "lib", "swift", "host")
    work = tempfile.mkdtemp(prefix="usage-bench-")
    try:
        tree = os.path.join(work, "tree")
        files, size = generate(tree, options.megabytes)
        candidates = [path for index, path in enumerate(files) if index % 10 == 0]
        source = os.path.join(work, "parse.swift")
        with open(source, "w") as handle:
            handle.write(PARSER)
        baseline = os.path.join(work, "parse")
        subprocess.run([swiftc, "-O", "-I", host, "-L", host, "-lSwiftParser", "-lSwiftSyntax", "-Xlinker", "-rpath",
                        "-Xlinker", host, source, "-o", baseline], check=True)
        database = os.path.join(work, "catalog.db")
        subprocess.run([catalog, "--db", database, "seed"], check=True, stdout=subprocess.DEVNULL)
        scan = [catalog, "--db", database, "usage", "scan", tree, "--project", "bench"]

        def reset():
            subprocess.run([catalog, "--db", database, "usage", "scan", os.path.join(work, "empty"), "--project", "bench"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.makedirs(os.path.join(work, "empty"), exist_ok=True)
        first = timed(scan, options.runs, before=reset)
        unchanged = timed(scan, options.runs)
        touched = files[:: max(1, len(files) // max(1, len(files) // 100))][: max(1, len(files) // 100)]

        def touch():
            for path in touched:
                with open(path, "a") as handle:
                    handle.write(f"// touched {time.time_ns()}\n")
        one_percent = timed(scan, options.runs, before=touch)
        grep = timed([rg, "-c", "-e", "DFButton", "-e", "OUDSButton", "-e", "Button", tree], options.runs)
        parse = timed([baseline] + candidates, options.runs)
        print(f"tree: {len(files)} files, {size / 1e6:.1f} MB, {len(candidates)} candidates "
              f"({sum(os.path.getsize(p) for p in candidates) / 1e6:.1f} MB)")
        print(f"{'operation':<28} {'seconds':>8} {'baseline':>10} {'seconds':>8} {'ratio':>7}")
        print(f"{'first scan':<28} {first:>8.2f} {'SwiftParser':>10} {parse:>8.2f} {first / parse:>7.2f}")
        print(f"{'rescan, nothing changed':<28} {unchanged:>8.2f} {'rg':>10} {grep:>8.2f} {unchanged / grep:>7.2f}")
        print(f"{'rescan, 1% touched':<28} {one_percent:>8.2f} {'rg':>10} {grep:>8.2f} {one_percent / grep:>7.2f}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
