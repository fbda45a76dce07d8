-- A call site whose style, appearance or variant is an expression the scanner cannot
-- know (`appearance: model.appearance`): the axis is known, the value is not. Such a
-- site is shown and counted as dynamic, never linted as an unknown style nor taken
-- for the default.
ALTER TABLE usage_sites ADD COLUMN dynamic INTEGER NOT NULL DEFAULT 0 CHECK (dynamic IN (0, 1));
