-- A usage scan follows the app's own wrappers (its View extension functions,
-- ViewModifier types, container views, namespaced receivers) through their declarations,
-- which may be in files the next scan does not read again. Each file keeps the source of
-- its top-level declarations that hold one, and the names its call sites looked up, so
-- that a scan knows every declaration and rescans the users of one that changed.
ALTER TABLE usage_files ADD COLUMN declarations TEXT NOT NULL DEFAULT '[]';
ALTER TABLE usage_files ADD COLUMN lookups TEXT NOT NULL DEFAULT '[]';
-- Files scanned before kept neither: each is read again by the project's next scan.
UPDATE usage_files SET size = -1, modified_ns = -1, content_hash = '';
