-- Usage on real code, round three.
--
-- A call whose modifiers differ per branch of a postfix `#if` (`Button { … }` then
-- `#if os(iOS) .buttonStyle(.borderedProminent) #else .buttonStyle(.bordered) #endif`)
-- gives one record per branch, each with its condition: `branch` joins the key.
-- A custom style is recorded by its type or static member (`option`), with the
-- arguments it was made with at that site apart (`option_arguments`), so that one
-- style made two ways is one style. An app's own modifier that sets the style, or may,
-- makes it unknown (`unknown_because`: the modifier's text). `dynamic_arguments` names
-- the arguments that are run-time values (`.controlSize(metrics.controlSize)`).
CREATE TABLE usage_sites_v8 (
    project TEXT NOT NULL,
    path TEXT NOT NULL,
    line INTEGER NOT NULL,
    column INTEGER NOT NULL,
    component TEXT NOT NULL,
    branch INTEGER NOT NULL CHECK (branch >= 0),
    spec TEXT,
    axis TEXT,
    option TEXT,
    option_arguments TEXT,
    inherited INTEGER NOT NULL CHECK (inherited IN (0, 1)),
    defaulted INTEGER NOT NULL CHECK (defaulted IN (0, 1)),
    dynamic INTEGER NOT NULL CHECK (dynamic IN (0, 1)),
    unknown_because TEXT,
    role TEXT,
    disabled INTEGER NOT NULL CHECK (disabled IN (0, 1)),
    arguments TEXT NOT NULL,            -- JSON object
    dynamic_arguments TEXT NOT NULL,    -- JSON array of argument names
    containers TEXT NOT NULL,           -- JSON array, innermost first
    availability TEXT NOT NULL,         -- JSON array: checked platforms and #if conditions
    enclosing_type TEXT,
    enclosing_body TEXT,
    PRIMARY KEY (project, path, line, column, component, branch),
    FOREIGN KEY (project, path) REFERENCES usage_files (project, path) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;

-- Custom styles recorded before as their construction's text (`AccentButtonStyle(color: .red)`)
-- are split into the type and its arguments.
INSERT INTO usage_sites_v8 (project, path, line, column, component, branch, spec, axis, option, option_arguments,
    inherited, defaulted, dynamic, unknown_because, role, disabled, arguments, dynamic_arguments, containers,
    availability, enclosing_type, enclosing_body)
SELECT project, path, line, column, component, 0, spec, axis,
    CASE WHEN dynamic = 0 AND option GLOB '[A-Z]*(*)' THEN substr(option, 1, instr(option, '(') - 1) ELSE option END,
    CASE WHEN dynamic = 0 AND option GLOB '[A-Z]*(*)' AND length(option) > instr(option, '(') + 1
        THEN substr(option, instr(option, '(') + 1, length(option) - instr(option, '(') - 1) END,
    inherited, defaulted, dynamic, NULL, role, disabled, arguments, '[]', containers, availability, enclosing_type,
    enclosing_body
FROM usage_sites;

DROP TABLE usage_sites;
ALTER TABLE usage_sites_v8 RENAME TO usage_sites;
CREATE INDEX usage_sites_by_option ON usage_sites (spec, option);

-- The scanner now reads more (branches, menus, view properties, unknown styles): the next
-- scan parses every file again instead of keeping the records of an unchanged one.
UPDATE usage_files SET content_hash = '', size = -1, modified_ns = -1;
