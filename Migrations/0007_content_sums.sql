-- The content hash kept up to date as revisions are recorded and changesets applied,
-- so that neither costs a pass over the whole catalog: per content table, how many
-- rows it holds and the sum (modulo 2^256, 32 bytes little-endian) of their SHA-256
-- digests. Bookkeeping, not content: filled on the first revision recorded after this
-- migration, and `catalog check` verifies it against the rows.
CREATE TABLE catalog_content_sums (
    name TEXT PRIMARY KEY NOT NULL,
    row_count INTEGER NOT NULL CHECK (row_count > 0),
    digest_sum BLOB NOT NULL CHECK (length(digest_sum) = 32)
) STRICT, WITHOUT ROWID;
