-- A theme's source manifest in a row of its own (issue 31). SQLite overwrites a row in
-- place, writing only the pages whose bytes changed, only when the record keeps its
-- size; the state's other columns change size as they grow (an ordinal from 1 to 2 takes
-- a byte more), so the first republication after an import wrote the whole manifest
-- again: 21 MB to the log and 21 MB at its checkpoint for a million tokens, 100 changed.
-- Alone in its row, a manifest of the same size is overwritten in place.
CREATE TABLE theme_publication_manifests (
    theme TEXT NOT NULL PRIMARY KEY,
    -- The files' scans: per token its path, the digest of its bytes, its references.
    manifest BLOB NOT NULL
) STRICT;
INSERT INTO theme_publication_manifests (theme, manifest) SELECT theme, manifest FROM theme_publication_states;
ALTER TABLE theme_publication_states DROP COLUMN manifest;
