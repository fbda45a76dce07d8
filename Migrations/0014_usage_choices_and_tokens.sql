-- Usage on real code, round five (issue 68).
--
-- A style chosen at run time (`.buttonStyle(isReturning ? .ghost : .tinted)`, a view
-- whose places style it differently) keeps the options it may take, each as a static
-- site records it (`choices`, a JSON array), so that `usage` and `impact` reach the
-- site through any of them and say which.
-- A style named through a static member the app declares for it
-- (`extension ButtonStyle where Self == BrandButtonStyle { static var brand: Self }`)
-- is recorded as the type it makes, one style however it is written, with the member
-- as written (`member`) for a catalog style known by that spelling.
ALTER TABLE usage_sites ADD COLUMN choices TEXT NOT NULL DEFAULT '[]';
ALTER TABLE usage_sites ADD COLUMN member TEXT;
-- A SwiftUI style set through an app wrapper whose declaration is not in the scanned
-- files (`.backport.buttonStyle(.glassProminent)`) is recorded as that style, with the
-- wrapper (`via`), rather than as unknown.
ALTER TABLE usage_sites ADD COLUMN via TEXT;
-- Sites scanned before have neither: each file is read again by the project's next scan.
UPDATE usage_files SET size = -1, modified_ns = -1, content_hash = '';

-- Tokens used in code (issue 68): each place a file names a token of the catalog through
-- its generated package (`DesignFoundation.Colors.primary`, `Color.dfPrimary`,
-- `.dfPrimary`), as written; `usage` and `impact` map the spelling back to the token
-- through each theme version's generated names.
CREATE TABLE usage_token_references (
    project TEXT NOT NULL,
    path TEXT NOT NULL,
    line INTEGER NOT NULL,
    column INTEGER NOT NULL,
    spelling TEXT NOT NULL,
    enclosing_type TEXT,
    PRIMARY KEY (project, path, line, column, spelling),
    FOREIGN KEY (project, path) REFERENCES usage_files (project, path) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
CREATE INDEX usage_token_references_by_spelling ON usage_token_references (spelling);
-- The digest of the generated names the project's last whole scan looked for: a scan
-- that looks for others (a theme published since) reads every file again.
ALTER TABLE usage_projects ADD COLUMN token_names TEXT;
