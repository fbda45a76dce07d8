#!/usr/bin/env python3
"""Regenerates Tests/Fixtures/bad/resigned-*.changeset: a seeded catalog's changeset
file with one header field of its revision (or its target) forged, then re-signed, so
that only the header checks can refuse it. Updates the messages in cases.json that name
the revision's id or size. Usage: Scripts/resigned-fixtures.py [path/to/catalog]"""
import hashlib
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BAD = os.path.join(ROOT, "Tests", "Fixtures", "bad")


def export_seed(catalog):
    with tempfile.TemporaryDirectory() as work:
        db = os.path.join(work, "seed.db")
        out = os.path.join(work, "seed.changeset")
        subprocess.run([catalog, "--db", db, "-q", "seed"], check=True, stdout=subprocess.DEVNULL)
        subprocess.run([catalog, "--db", db, "-q", "export-changeset", "-o", out], check=True, stdout=subprocess.DEVNULL)
        return open(out, "rb").read()


def main():
    catalog = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "catalog")
    data = export_seed(catalog)
    magic, header, rest = data.split(b"\n", 2)
    body = rest[: -len(b"\nsha256 ") - 65]  # the changesets, without the checksum line
    header = header.decode()
    split = header.index('"revisions":[')
    target, revisions = header[:split], header[split:]
    size = re.search(r'"changesetBytes":(\d+)', revisions).group(1)
    author = re.search(r'"author":"([^"]*)"', revisions).group(1)
    identifier = re.search(r'"id":"([0-9a-f]{64})"', revisions).group(1)
    # (name, part, old, new): the text replaced in the target's part or the revisions' part.
    forgeries = [
        ("author", "revisions", f'"author":"{author}"', f'"author":"x{author}"'),
        ("parent", "revisions", '"parent":null', '"parent":"' + "a" * 64 + '"'),
        ("sequence-100", "revisions", '"sequence":1,', '"sequence":100,'),
        ("sequence-1e19", "revisions", '"sequence":1,', '"sequence":1e19,'),
        ("sequence-min", "revisions", '"sequence":1,', '"sequence":-9223372036854775808,'),
        ("size-fraction", "revisions", f'"changesetBytes":{size}}}', f'"changesetBytes":{size}.5}}'),
        ("size-int64-max", "revisions", f'"changesetBytes":{size}}}', '"changesetBytes":9223372036854775807}'),
        ("target", "target", '"sequence":1,', '"sequence":2,'),
    ]
    for name, part, old, new in forgeries:
        parts = {"target": target, "revisions": revisions}
        assert parts[part].count(old) == 1, (name, old)
        parts[part] = parts[part].replace(old, new)
        signed = magic + b"\n" + (parts["target"] + parts["revisions"]).encode() + b"\n" + body
        signed += b"\nsha256 " + hashlib.sha256(signed).hexdigest().encode() + b"\n"
        with open(os.path.join(BAD, f"resigned-{name}.changeset"), "wb") as file:
            file.write(signed)
    cases = os.path.join(BAD, "cases.json")
    text = open(cases).read()
    lines = []
    for line in text.split("\n"):
        if '"resigned-' in line:
            line = re.sub(r"its id [0-9a-f]{12}", f"its id {identifier[:12]}", line)
            line = re.sub(r"changesetBytes \d+\.5", f"changesetBytes {size}.5", line)
        lines.append(line)
    open(cases, "w").write("\n".join(lines))
    print(f"Wrote {len(forgeries)} resigned fixtures from revision {identifier[:12]} ({size} bytes of changes)")


main()
