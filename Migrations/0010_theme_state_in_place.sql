-- A theme keeps one publication state, updated in place (issue 31): SQLite then writes
-- only the pages of the manifest whose bytes changed, where deleting the row and
-- inserting the next wrote the whole manifest again (44 MB written for a million-token
-- theme with 100 tokens changed). The ordinal leaves the key, since changing a key column
-- makes SQLite delete and insert the row; `written` orders the states (the latest written
-- for an input is the one its next publication starts from), which the rowid did.
CREATE TABLE theme_publication_states_in_place (
    theme TEXT NOT NULL PRIMARY KEY,
    ordinal INTEGER NOT NULL CHECK (ordinal > 0),
    -- When the state was written, as a number that only grows (before the manifest: a
    -- column after it is read through its every page).
    written INTEGER NOT NULL,
    -- The input the version was read from: its files' roles and names, the options that
    -- name the theme (SHA-256, hex).
    source_key TEXT NOT NULL,
    -- The files' scans: per token its path, the digest of its bytes, its references.
    manifest BLOB NOT NULL,
    -- The version's token and value rows: how many, and the sum of their digests.
    token_rows INTEGER NOT NULL,
    token_sum BLOB NOT NULL CHECK (length(token_sum) = 32),
    value_rows INTEGER NOT NULL,
    value_sum BLOB NOT NULL CHECK (length(value_sum) = 32),
    deprecated_count INTEGER NOT NULL
) STRICT;
INSERT INTO theme_publication_states_in_place
SELECT theme, ordinal, rowid, source_key, manifest, token_rows, token_sum, value_rows, value_sum, deprecated_count
FROM theme_publication_states AS s
WHERE s.rowid = (SELECT max(rowid) FROM theme_publication_states WHERE theme = s.theme);
DROP TABLE theme_publication_states;
ALTER TABLE theme_publication_states_in_place RENAME TO theme_publication_states;
CREATE INDEX theme_publication_states_by_source ON theme_publication_states (source_key, written);
