-- Indexes for searching tokens at any size (issue 66: `search` and `find_token` answer in
-- milliseconds over a million-token theme, where they scanned every row). Derived from
-- content rows by triggers as the rows are written, whatever writes them (a publication,
-- a changeset applied): not content themselves, so no revision records them and no content
-- hash reads them. Rows of tokens and resolved_tokens are never deleted (a row's `until`
-- closes it), so an index entry names its row (theme, path, mode, since) and a query joins
-- back to that row for its validity at a version.

-- Token names and descriptions, for substring search: FTS5's trigram tokenizer (queries of
-- three characters or more; case folded).
CREATE VIRTUAL TABLE token_text_index USING fts5 (
    path, description, theme UNINDEXED, since UNINDEXED, tokenize = 'trigram'
);

CREATE TRIGGER tokens_text_index AFTER INSERT ON tokens BEGIN
    INSERT INTO token_text_index (path, description, theme, since)
    VALUES (NEW.path, NEW.description, NEW.theme, NEW.since);
END;

-- Resolved color values as points of OKLab times 100 (catalog_color_point, the catalog's
-- own reading of a stored color; alpha, which most colors share, is read from the row: an
-- axis every entry has the same value on leaves an R*Tree unable to split its nodes well),
-- each theme's lightness moved into a band of its own (catalog_color_point's second
-- argument), so that a search in a small theme never walks a large one's entries; resolved
-- dimensions in points (catalog_length_points). For the nearest values to a color or length.
CREATE VIRTUAL TABLE token_color_index USING rtree (
    id, l_min, l_max, a_min, a_max, b_min, b_max, +theme TEXT, +path TEXT, +mode TEXT, +since INTEGER
);

CREATE VIRTUAL TABLE token_length_index USING rtree (
    id, points_min, points_max, +theme TEXT, +path TEXT, +mode TEXT, +since INTEGER
);

CREATE TRIGGER resolved_tokens_value_index AFTER INSERT ON resolved_tokens
WHEN substr(NEW.value, 1, 1) = '{' BEGIN
    INSERT INTO token_color_index (l_min, l_max, a_min, a_max, b_min, b_max, theme, path, mode, since)
    SELECT json_extract(p, '$[0]'), json_extract(p, '$[0]'), json_extract(p, '$[1]'), json_extract(p, '$[1]'),
           json_extract(p, '$[2]'), json_extract(p, '$[2]'), NEW.theme, NEW.path, NEW.mode, NEW.since
    FROM (SELECT catalog_color_point(NEW.value, NEW.theme) AS p) WHERE p IS NOT NULL;
    INSERT INTO token_length_index (points_min, points_max, theme, path, mode, since)
    SELECT p, p, NEW.theme, NEW.path, NEW.mode, NEW.since
    FROM (SELECT CAST(catalog_length_points(NEW.value) AS REAL) AS p) WHERE p IS NOT NULL;
END;

-- What the catalog already holds.
INSERT INTO token_text_index (path, description, theme, since)
SELECT path, description, theme, since FROM tokens;

INSERT INTO token_color_index (l_min, l_max, a_min, a_max, b_min, b_max, theme, path, mode, since)
SELECT json_extract(p, '$[0]'), json_extract(p, '$[0]'), json_extract(p, '$[1]'), json_extract(p, '$[1]'),
       json_extract(p, '$[2]'), json_extract(p, '$[2]'), theme, path, mode, since
FROM (SELECT theme, path, mode, since, catalog_color_point(value, theme) AS p FROM resolved_tokens
      WHERE substr(value, 1, 1) = '{')
WHERE p IS NOT NULL;

INSERT INTO token_length_index (points_min, points_max, theme, path, mode, since)
SELECT p, p, theme, path, mode, since
FROM (SELECT theme, path, mode, since, CAST(catalog_length_points(value) AS REAL) AS p FROM resolved_tokens
      WHERE substr(value, 1, 1) = '{')
WHERE p IS NOT NULL;
