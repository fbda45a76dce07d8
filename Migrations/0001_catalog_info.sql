-- The catalog's own identity. A changeset names the catalog it was exported from, so
-- that applying it to an unrelated catalog can be refused.
CREATE TABLE catalog_info (
    key TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
) STRICT;

INSERT INTO catalog_info (key, value) VALUES
    ('catalog_id', lower(hex(randomblob(16)))),
    ('created_at', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
