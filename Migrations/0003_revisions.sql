-- The catalog's history: every command that changes content records one revision, like
-- a commit, with the changeset SQLite's session extension recorded for the change. The
-- chain is linear: each revision's parent is the one before it.
CREATE TABLE revisions (
    id TEXT PRIMARY KEY NOT NULL,        -- SHA-256 of parent, content hash, message, author, time
    sequence INTEGER NOT NULL UNIQUE,    -- 1, 2, … along the chain
    parent TEXT REFERENCES revisions (id),
    message TEXT NOT NULL,
    author TEXT NOT NULL,
    created_at TEXT NOT NULL,
    content_hash TEXT NOT NULL,          -- of every content table after the change
    changeset BLOB NOT NULL              -- the row changes, in SQLite's changeset format
) STRICT;

CREATE VIEW revision_log AS
SELECT sequence, substr(id, 1, 12) AS id, created_at, author, message, length(changeset) AS changeset_bytes
FROM revisions
ORDER BY sequence DESC;
