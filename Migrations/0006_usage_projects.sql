-- Usage scans on real code.
--
-- A call site whose style, appearance or variant is an expression the scanner cannot
-- know (`appearance: model.appearance`): the axis is known, the value is not. Such a
-- site is shown and counted as dynamic, never linted as an unknown style nor taken
-- for the default.
ALTER TABLE usage_sites ADD COLUMN dynamic INTEGER NOT NULL DEFAULT 0 CHECK (dynamic IN (0, 1));

-- Each project's root, learnt on its first scan and kept: stored paths are relative to
-- it whatever folder a later scan names, so scanning a subfolder updates only that
-- subtree. Its deployment platforms (from `--platforms` or its Package.swift) decide
-- which availability requirements apply.
CREATE TABLE usage_projects (
    project TEXT PRIMARY KEY NOT NULL,
    root TEXT NOT NULL,                 -- absolute path
    platforms TEXT NOT NULL             -- JSON array of platform names; empty: not known
) STRICT, WITHOUT ROWID;
