-- Group properties of a theme version as its sources wrote them ($description, $type,
-- $deprecated, $extensions), by group path ('' for the root of the file): the catalog
-- does not interpret them beyond reading, but keeps them and writes them back on export.
CREATE TABLE theme_groups (
    theme TEXT NOT NULL,
    version TEXT NOT NULL,
    path TEXT NOT NULL,
    position INTEGER NOT NULL,          -- document order
    properties TEXT NOT NULL,           -- a JSON object, keys in document order
    PRIMARY KEY (theme, version, path),
    FOREIGN KEY (theme, version) REFERENCES theme_versions (theme, version) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
