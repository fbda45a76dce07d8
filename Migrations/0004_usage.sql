-- Call sites of catalog components found by `catalog usage scan`, per project. These are
-- observations of code, not catalog content: they are not in revisions or changesets.
CREATE TABLE usage_files (
    project TEXT NOT NULL,
    path TEXT NOT NULL,
    content_hash TEXT NOT NULL,         -- SHA-256 of the file when scanned: a rescan skips it if unchanged
    size INTEGER NOT NULL,              -- with modified_ns, lets a rescan skip even reading the file
    modified_ns INTEGER NOT NULL,
    candidate INTEGER NOT NULL CHECK (candidate IN (0, 1)),
    warning TEXT,
    PRIMARY KEY (project, path)
) STRICT, WITHOUT ROWID;

CREATE TABLE usage_sites (
    project TEXT NOT NULL,
    path TEXT NOT NULL,
    line INTEGER NOT NULL,
    column INTEGER NOT NULL,
    component TEXT NOT NULL,
    spec TEXT,                          -- the spec whose option is in effect
    axis TEXT,
    option TEXT,
    inherited INTEGER NOT NULL CHECK (inherited IN (0, 1)),
    defaulted INTEGER NOT NULL CHECK (defaulted IN (0, 1)),  -- nothing set it: the axis default
    role TEXT,
    disabled INTEGER NOT NULL CHECK (disabled IN (0, 1)),
    arguments TEXT NOT NULL,            -- JSON object
    containers TEXT NOT NULL,           -- JSON array, innermost first
    availability TEXT NOT NULL,         -- JSON array of checked platforms
    enclosing_type TEXT,
    enclosing_body TEXT,
    PRIMARY KEY (project, path, line, column, component),
    FOREIGN KEY (project, path) REFERENCES usage_files (project, path) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;

CREATE INDEX usage_sites_by_option ON usage_sites (spec, option);
