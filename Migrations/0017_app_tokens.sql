-- The app's own tokens (issue 84): code names design values through asset catalogs
-- (`Color("Latte")`, `UIColor(named:)`), its own constants (`extension Color { static let
-- latte = Color("Latte") }`), theme types and objects (`ThemeStyle.primaryUi01`,
-- `theme.primaryUi01`). Each reference keeps how it is spelled (`kind`: `package` for a
-- generated package's name, as before; `asset`; `member`) and what it names before the
-- app's definitions are applied (`target`: `asset:Latte`, `Color.latte`, `.latte`).
ALTER TABLE usage_token_references ADD COLUMN kind TEXT NOT NULL DEFAULT 'package'
    CHECK (kind IN ('package', 'asset', 'member'));
ALTER TABLE usage_token_references ADD COLUMN target TEXT;
-- For an implicit member passed to a call, the parameter it is passed to
-- (`AppTheme.colorForStyle(_:)`): members passed to one parameter are of one type.
ALTER TABLE usage_token_references ADD COLUMN slot TEXT;

-- The definitions that make a name a token: a static member of a color type, of a
-- namespace holding design values, or an alias of another member, with what it wraps
-- (`asset:Latte`, `ThemeStyle.primaryUi01`; none for a value of its own) and whether
-- only its file can name it (`private`).
CREATE TABLE usage_token_definitions (
    project TEXT NOT NULL,
    path TEXT NOT NULL,
    line INTEGER NOT NULL,
    column INTEGER NOT NULL,
    owner TEXT NOT NULL,
    name TEXT NOT NULL,
    wraps TEXT,
    private INTEGER NOT NULL CHECK (private IN (0, 1)),
    PRIMARY KEY (project, path, line, column, owner, name),
    FOREIGN KEY (project, path) REFERENCES usage_files (project, path) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
CREATE INDEX usage_token_definitions_by_name ON usage_token_definitions (project, name);

-- Files scanned before recorded neither: each is read again by the project's next scan.
UPDATE usage_files SET size = -1, modified_ns = -1, content_hash = '';
