-- A theme's kept publication state is verified before a republication by difference
-- trusts it (issue 51): a checksum over the state's columns and its manifest, written
-- with them. A state whose checksum does not match is not used (the files are read
-- whole, with a warning); `catalog check` also recomputes the state from the rows.
ALTER TABLE theme_publication_states ADD COLUMN checksum TEXT;
-- The manifests kept so far are of an older format (their token digests were
-- MurmurHash3, which an input can collide), which is no longer read: each theme's next
-- publication reads its files whole and keeps a state again.
DELETE FROM theme_publication_manifests;
DELETE FROM theme_publication_states;
-- A republication by difference checks the stable ids of the tokens it reads again
-- against the others' by this index.
CREATE INDEX tokens_by_stable_id ON tokens (theme, stable_id) WHERE stable_id IS NOT NULL;
