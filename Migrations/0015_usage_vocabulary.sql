-- What `usage scan` looks for, drawn from every spec version (issue 68, rescans at the
-- speed of a search): reading every spec again cost a rescan of a small tree more than
-- the rescan itself. The vocabulary is kept here under the digest of the spec versions
-- it was drawn from (and of its own format), written by the scan that drew it; a scan
-- that finds another digest draws it again. Derived and local, like the other usage
-- tables: not catalog content, never in a changeset.
CREATE TABLE usage_vocabulary (
    digest TEXT PRIMARY KEY NOT NULL,
    vocabulary TEXT NOT NULL            -- JSON, UsageVocabulary's stored form
) STRICT, WITHOUT ROWID;

-- A project's last whole scan now records the digest of everything it looked for: the
-- vocabulary above and the generated token names (which `token_names` held alone). A
-- spec published since (a new component, a new argument label) changes it, and the next
-- scan reads every file again, as a theme published since already did: files unchanged
-- since were never read for the new names.
ALTER TABLE usage_projects RENAME COLUMN token_names TO looked_for;
