-- The repository: themes with their tokens, style definitions and component specs.
-- Every table has a declared primary key of natural names and no rowid, so that
-- SQLite's session extension can carry changes between catalogs and two catalogs with
-- the same content are the same row for row (sqldiff compares rowid tables by rowid). Documents are kept
-- as submitted; the tables beside them hold what is queried.

-- Themes ---------------------------------------------------------------------------
--
-- A theme's versions are stored as deltas. Each publication of a theme gets the next
-- ordinal; a token row is valid for the ordinals [since, until) (until NULL: still
-- current), so a version that changes 100 tokens of a million writes some 200 rows,
-- and the rows that differ between two versions are found through the since and until
-- indexes without reading the rest. The views theme_tokens and resolved_token_values
-- show every version in full.

CREATE TABLE themes (
    theme TEXT PRIMARY KEY NOT NULL
) STRICT, WITHOUT ROWID;

CREATE TABLE theme_versions (
    theme TEXT NOT NULL REFERENCES themes (theme),
    version TEXT NOT NULL,
    ordinal INTEGER NOT NULL,           -- publication order within the theme, from 1
    major INTEGER NOT NULL,
    minor INTEGER NOT NULL,
    patch INTEGER NOT NULL,
    prerelease TEXT NOT NULL DEFAULT '',
    description TEXT,
    source_file TEXT NOT NULL,          -- the file name it was imported from
    source_sha256 TEXT NOT NULL,        -- SHA-256 of the file as submitted
    source_bytes INTEGER NOT NULL,      -- its size; the tokens, not the file, are kept:
                                        -- a full copy per version would make every
                                        -- version as large as the theme
    content_hash TEXT NOT NULL,         -- SHA-256 of the canonical DTCG export
    token_count INTEGER NOT NULL,
    deprecated_count INTEGER NOT NULL,  -- counted at publication: listing never scans tokens
    published_at TEXT NOT NULL,
    PRIMARY KEY (theme, version),
    UNIQUE (theme, ordinal)
) STRICT, WITHOUT ROWID;

CREATE TABLE theme_dimensions (
    theme TEXT NOT NULL,
    version TEXT NOT NULL,
    dimension TEXT NOT NULL,
    position INTEGER NOT NULL,
    default_mode TEXT NOT NULL,
    PRIMARY KEY (theme, version, dimension),
    FOREIGN KEY (theme, version) REFERENCES theme_versions (theme, version) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;

CREATE TABLE theme_modes (
    theme TEXT NOT NULL,
    version TEXT NOT NULL,
    mode TEXT NOT NULL,
    dimension TEXT NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (theme, version, mode),
    FOREIGN KEY (theme, version, dimension) REFERENCES theme_dimensions (theme, version, dimension) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;

CREATE TABLE tokens (
    theme TEXT NOT NULL REFERENCES themes (theme),
    path TEXT NOT NULL,
    since INTEGER NOT NULL,             -- first ordinal the row holds for
    until INTEGER,                      -- first ordinal it no longer holds for
    identity TEXT NOT NULL,             -- stable id, else the path
    stable_id TEXT,
    type TEXT NOT NULL,
    description TEXT,
    deprecated INTEGER NOT NULL DEFAULT 0 CHECK (deprecated IN (0, 1)),
    deprecation_reason TEXT,
    replaced_by TEXT,
    dimension TEXT,                     -- the dimension its values vary along
    extensions TEXT,                    -- JSON object of other $extensions, as given
    metadata TEXT,                      -- JSON object of uninterpreted keys, as given
    PRIMARY KEY (theme, path, since)
) STRICT, WITHOUT ROWID;

CREATE INDEX tokens_by_since ON tokens (theme, since);
CREATE INDEX tokens_by_until ON tokens (theme, until) WHERE until IS NOT NULL;

-- The value per mode as stored: normalized JSON, or an alias string "{path}".
-- mode '' is the default value.
CREATE TABLE token_values (
    theme TEXT NOT NULL REFERENCES themes (theme),
    path TEXT NOT NULL,
    mode TEXT NOT NULL,
    since INTEGER NOT NULL,
    until INTEGER,
    value TEXT NOT NULL,
    alias_of TEXT,                      -- the target path when the value is an alias
    PRIMARY KEY (theme, path, mode, since)
) STRICT, WITHOUT ROWID;

CREATE INDEX token_values_by_since ON token_values (theme, since);
CREATE INDEX token_values_by_until ON token_values (theme, until) WHERE until IS NOT NULL;
CREATE INDEX token_values_by_alias ON token_values (theme, alias_of) WHERE alias_of IS NOT NULL;

-- Resolved values, materialized at import. mode '' holds every token with each
-- dimension at its default; a mode name holds only the tokens whose resolved value
-- differs in that mode (with the other dimensions at their defaults).
CREATE TABLE resolved_tokens (
    theme TEXT NOT NULL REFERENCES themes (theme),
    path TEXT NOT NULL,
    mode TEXT NOT NULL,
    since INTEGER NOT NULL,
    until INTEGER,
    value TEXT NOT NULL,
    PRIMARY KEY (theme, path, mode, since)
) STRICT, WITHOUT ROWID;

CREATE INDEX resolved_tokens_by_since ON resolved_tokens (theme, since);
CREATE INDEX resolved_tokens_by_until ON resolved_tokens (theme, until) WHERE until IS NOT NULL;

-- Styles ---------------------------------------------------------------------------

CREATE TABLE style_versions (
    style TEXT NOT NULL,
    version TEXT NOT NULL,
    major INTEGER NOT NULL,
    minor INTEGER NOT NULL,
    patch INTEGER NOT NULL,
    prerelease TEXT NOT NULL DEFAULT '',
    component TEXT NOT NULL,
    protocol TEXT NOT NULL,
    theme TEXT,                         -- the theme its aliases are checked against
    description TEXT,
    source_file TEXT NOT NULL,
    document TEXT NOT NULL,
    content_hash TEXT NOT NULL,         -- SHA-256 of the canonical document
    published_at TEXT NOT NULL,
    PRIMARY KEY (style, version)
) STRICT, WITHOUT ROWID;

CREATE TABLE style_token_refs (
    style TEXT NOT NULL,
    version TEXT NOT NULL,
    json_path TEXT NOT NULL,
    token TEXT NOT NULL,
    PRIMARY KEY (style, version, json_path, token),
    FOREIGN KEY (style, version) REFERENCES style_versions (style, version) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;

CREATE INDEX style_token_refs_by_token ON style_token_refs (token);

-- Component specs ------------------------------------------------------------------

CREATE TABLE spec_versions (
    spec TEXT NOT NULL,
    version TEXT NOT NULL,
    major INTEGER NOT NULL,
    minor INTEGER NOT NULL,
    patch INTEGER NOT NULL,
    prerelease TEXT NOT NULL DEFAULT '',
    system TEXT NOT NULL,
    summary TEXT,
    import_module TEXT,
    source_file TEXT NOT NULL,
    document TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    published_at TEXT NOT NULL,
    PRIMARY KEY (spec, version)
) STRICT, WITHOUT ROWID;

CREATE TABLE spec_platforms (
    spec TEXT NOT NULL,
    version TEXT NOT NULL,
    platform TEXT NOT NULL,
    minimum TEXT NOT NULL,
    PRIMARY KEY (spec, version, platform),
    FOREIGN KEY (spec, version) REFERENCES spec_versions (spec, version) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;

CREATE TABLE spec_parameters (
    spec TEXT NOT NULL,
    version TEXT NOT NULL,
    initializer TEXT NOT NULL,          -- the signature, such as init(_:role:action:)
    position INTEGER NOT NULL,
    parameter TEXT NOT NULL,
    type TEXT NOT NULL,
    default_value TEXT,
    required INTEGER NOT NULL CHECK (required IN (0, 1)),
    PRIMARY KEY (spec, version, initializer, position),
    FOREIGN KEY (spec, version) REFERENCES spec_versions (spec, version) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;

CREATE TABLE spec_options (
    spec TEXT NOT NULL,
    version TEXT NOT NULL,
    axis TEXT NOT NULL,
    option TEXT NOT NULL,
    position INTEGER NOT NULL,
    is_default INTEGER NOT NULL CHECK (is_default IN (0, 1)),
    style TEXT,                         -- the style definition drawing this option
    PRIMARY KEY (spec, version, axis, option),
    FOREIGN KEY (spec, version) REFERENCES spec_versions (spec, version) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;

CREATE INDEX spec_options_by_style ON spec_options (style) WHERE style IS NOT NULL;

CREATE TABLE spec_roles (
    spec TEXT NOT NULL,
    version TEXT NOT NULL,
    role TEXT NOT NULL,
    visual_effect TEXT NOT NULL,
    accessibility TEXT,
    PRIMARY KEY (spec, version, role),
    FOREIGN KEY (spec, version) REFERENCES spec_versions (spec, version) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;

-- Views for people using `sqlite3 catalog.db` ---------------------------------------

CREATE VIEW latest_theme_versions AS
SELECT theme, version, description, token_count, deprecated_count, published_at
FROM theme_versions AS t
WHERE NOT EXISTS (
    SELECT 1 FROM theme_versions AS newer
    WHERE newer.theme = t.theme
      AND (newer.major, newer.minor, newer.patch) > (t.major, t.minor, t.patch)
);

CREATE VIEW theme_tokens AS
SELECT v.theme, v.version, k.path, k.type, k.identity, k.description, k.deprecated,
       k.deprecation_reason, k.replaced_by, k.dimension
FROM theme_versions AS v
JOIN tokens AS k
  ON k.theme = v.theme AND k.since <= v.ordinal AND (k.until IS NULL OR k.until > v.ordinal);

CREATE VIEW resolved_token_values AS
SELECT v.theme, v.version, CASE m.mode WHEN '' THEN '(default)' ELSE m.mode END AS mode,
       d.path, COALESCE(o.value, d.value) AS value
FROM theme_versions AS v
JOIN (SELECT theme, version, mode FROM theme_modes
      UNION ALL SELECT theme, version, '' FROM theme_versions) AS m
  ON m.theme = v.theme AND m.version = v.version
JOIN resolved_tokens AS d
  ON d.theme = v.theme AND d.mode = '' AND d.since <= v.ordinal AND (d.until IS NULL OR d.until > v.ordinal)
LEFT JOIN resolved_tokens AS o
  ON o.theme = v.theme AND o.path = d.path AND o.mode = m.mode AND m.mode <> ''
 AND o.since <= v.ordinal AND (o.until IS NULL OR o.until > v.ordinal);

CREATE VIEW style_references AS
SELECT s.style, s.version, s.component, s.theme, r.json_path, r.token
FROM style_versions AS s
JOIN style_token_refs AS r USING (style, version);

CREATE VIEW spec_style_links AS
SELECT o.spec, o.version, o.axis, o.option, o.is_default, o.style
FROM spec_options AS o
WHERE o.style IS NOT NULL;
