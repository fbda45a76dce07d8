#!/usr/bin/env python3
"""Crash test: kills `catalog` with SIGKILL at random moments while it writes, then
checks that the catalog survived.

Four writing commands are interrupted in turn: `theme add` of a large token file (a new
version each time), `seed` into a fresh catalog, `apply` of a whole-history changeset
into a fresh catalog, and `usage scan` of a Swift tree after touching a third of it.
Each is first run once to completion to learn how long it takes; each attempt then
kills it after a random fraction of that time. After every kill:

  - `catalog check` passes: PRAGMA integrity_check and foreign_key_check are clean, the
    revisions form one linear chain whose ids match what they hash, and the content is
    exactly what the newest revision recorded (so a revision is wholly there or absent);
  - the interrupted command, run again, succeeds without any repair, and `check` passes.

    python3 Scripts/crash_test.py [--kills 50] [--binary PATH] [--seed 1] [--tokens 10000]
"""
import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=int, default=50)
    parser.add_argument("--binary", default=None, help="the catalog binary (default: the debug build)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tokens", type=int, default=10000, help="tokens in the large theme")
    options = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    binary = options.binary or os.path.join(
        subprocess.run(["swift", "build", "--show-bin-path"], cwd=root, capture_output=True, text=True,
                       check=True).stdout.strip(), "catalog")
    rng = random.Random(options.seed)
    work = tempfile.mkdtemp(prefix="catalog-crash-")
    try:
        CrashTest(binary, root, work, rng, options.tokens).run(options.kills)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def token_file(path, count, variant):
    """A theme of `count` colors and dimensions in light/dark, a fifth of them aliases;
    `variant` changes a tenth of the values."""
    shade = lambda i: "#%06X" % ((i * 2654435761 + (variant if i % 10 == 0 else 0) * 97) % 0xFFFFFF)
    colors, sizes = {}, {}
    for i in range(count // 2):
        if i % 5 == 4:
            colors[f"c{i}"] = {"$value": "{color.c%d}" % (i - 1)}
        else:
            colors[f"c{i}"] = {"$value": shade(i), "$extensions": {"catalog.modes": {"dark": shade(i + 1)}}}
    for i in range(count - count // 2):
        sizes[f"s{i}"] = {"$value": f"{(i % 64) + (variant if i % 10 == 0 else 0) % 7}px"}
    document = {
        "$extensions": {
            "catalog.theme": {"name": "Big"},
            "catalog.dimensions": {"appearance": {"modes": ["light", "dark"], "default": "light"}},
        },
        "color": {"$type": "color", **colors},
        "size": {"$type": "dimension", **sizes},
    }
    with open(path, "w") as out:
        json.dump(document, out)


class CrashTest:
    def __init__(self, binary, root, work, rng, tokens):
        self.binary, self.root, self.work, self.rng, self.tokens = binary, root, work, rng, tokens
        self.versions = 0
        self.kills = {}
        self.completed_before_kill = 0

    def catalog(self, db, *arguments, check=True):
        result = subprocess.run([self.binary, "--db", db, *arguments], capture_output=True, text=True,
                                cwd=self.work, timeout=600)
        if check and result.returncode != 0:
            sys.exit(f"crash test: `catalog {' '.join(arguments)}` failed ({result.returncode}):\n{result.stderr}")
        return result

    def path(self, name):
        return os.path.join(self.work, name)

    def setup(self):
        print(f"Setting up in {self.work}: a {self.tokens}-token theme, a changeset, a Swift tree")
        self.main = self.path("main.db")
        self.catalog(self.main, "seed")
        self.empty = self.path("empty.db")
        self.catalog(self.empty, "init")
        source = self.path("source.db")
        self.catalog(source, "seed")
        token_file(self.path("big.json"), self.tokens, 0)
        self.catalog(source, "theme", "add", "big.json", "--version", "1.0.0")
        self.catalog(source, "add-style", os.path.join(self.root, "Examples", "capsule.json"))
        self.catalog(source, "export-changeset", "--output", "full.changeset")
        tree = self.path("App")
        for index in range(1500):
            folder = os.path.join(tree, f"Feature{index // 100}")
            os.makedirs(folder, exist_ok=True)
            with open(os.path.join(folder, f"Screen{index}.swift"), "w") as out:
                out.write("import SwiftUI\n\n" + "".join(
                    f"struct Row{index}_{k}: View {{\n    var body: some View {{\n"
                    f"        DFButton(\"Save {k}\") {{ }}\n            .dfButtonStyle(.outlined)\n"
                    f"        OUDSButton(text: \"Next\", appearance: .strong) {{ }}\n    }}\n}}\n"
                    for k in range(8)))
        self.swift_files = [os.path.join(dirpath, name) for dirpath, _, names in os.walk(tree) for name in names]

    # The operations: each returns (db, arguments) for one attempt, preparing what it needs.
    def theme_add(self):
        self.versions += 1
        token_file(self.path("big.json"), self.tokens, self.versions)
        return self.main, ["theme", "add", "big.json", "--version", f"1.{self.versions}.0"]

    def seed(self):
        db = self.path("seed.db")
        self.fresh(db)
        return db, ["seed"]

    def apply(self):
        db = self.path("apply.db")
        self.fresh(db)
        return db, ["apply", "full.changeset"]

    def usage_scan(self):
        now = time.time()
        for path in self.rng.sample(self.swift_files, len(self.swift_files) // 3):
            with open(path, "a") as out:
                out.write(f"// touched {now}\n")
        return self.main, ["usage", "scan", "App"]

    def fresh(self, db):
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(db + suffix):
                os.remove(db + suffix)
        shutil.copy(self.empty, db)

    def run(self, kills):
        self.setup()
        operations = [("theme add", self.theme_add), ("seed", self.seed), ("apply", self.apply),
                      ("usage scan", self.usage_scan)]
        durations = {}
        for name, prepare in operations:
            for _ in range(2):  # the second run is the steady state (a rescan, a later version)
                db, arguments = prepare()
                start = time.monotonic()
                self.catalog(db, *arguments)
                durations[name] = time.monotonic() - start
                self.check(db, f"{name} (complete)")
        print("Full runs: " + ", ".join(f"{name} {seconds:.2f} s" for name, seconds in durations.items()))
        attempt = 0
        while sum(self.kills.values()) < kills:
            name, prepare = operations[attempt % len(operations)]
            attempt += 1
            db, arguments = prepare()
            delay = self.rng.uniform(0.02, durations[name])
            process = subprocess.Popen([self.binary, "--db", db, *arguments], cwd=self.work,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            time.sleep(delay)
            if process.poll() is not None:
                self.completed_before_kill += 1
                if process.returncode != 0:
                    sys.exit(f"crash test: `{name}` failed on its own: {process.stderr.read().decode()}")
            else:
                process.send_signal(signal.SIGKILL)
                process.wait()
                self.kills[name] = self.kills.get(name, 0) + 1
            process.stderr.close()
            self.check(db, f"{name} killed after {delay:.2f} s")
            self.catalog(db, *arguments)
            self.check(db, f"{name} re-run")
        print(f"Killed {sum(self.kills.values())} times (" +
              ", ".join(f"{name} {count}" for name, count in sorted(self.kills.items())) +
              f"); {self.completed_before_kill} attempts finished before their kill time.")
        print("After every kill `catalog check` passed and the interrupted command succeeded when run again.")

    def check(self, db, when):
        result = self.catalog(db, "check", check=False)
        if result.returncode != 0:
            sys.exit(f"crash test: the catalog is damaged after {when}:\n{result.stderr}")


if __name__ == "__main__":
    main()
