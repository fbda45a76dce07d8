-- Republishing a theme by difference (issue 31): what each publication was read from,
-- token by token, and the sums its content hash is made of, so that the next
-- publication from the same files reads and writes only the tokens whose bytes changed
-- and what their change reaches. Bookkeeping, not content: a version that has none
-- (published before this migration, or applied from a changeset) is read whole the
-- next time, which writes it.
CREATE TABLE theme_publication_states (
    theme TEXT NOT NULL,
    ordinal INTEGER NOT NULL CHECK (ordinal > 0),
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
    deprecated_count INTEGER NOT NULL,
    PRIMARY KEY (theme, ordinal)
) STRICT;
CREATE INDEX theme_publication_states_by_source ON theme_publication_states (source_key, ordinal);
