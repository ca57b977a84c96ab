-- One cell as CSV, the rules of workers/verify/bulk/csv.ts csvCell (a test holds them equal): a cell
-- starting like a formula gets a leading apostrophe; one holding a quote, comma or line break, or
-- starting or ending with white space (JavaScript's \s, spelled out), is quoted, quotes doubled.
-- Pipeline rows appended to a list are rendered with it; uploads are rendered by the Worker.
CREATE FUNCTION "verify"."csv_cell"(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN value IS NULL THEN ''
    WHEN value ~ '^[=+\-@\t\r]' THEN
      CASE WHEN value ~ '[",\r\n]|[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]$'
        THEN '"''' || replace(value, '"', '""') || '"' ELSE '''' || value END
    WHEN value ~ '[",\r\n]|^[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]|[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]$'
      THEN '"' || replace(value, '"', '""') || '"'
    ELSE value
  END
$$;--> statement-breakpoint
ALTER TABLE "verify"."list_rows" ADD COLUMN "cells_csv" text;--> statement-breakpoint
-- Rows stored before: their cells padded or cut to the list's columns, as a download writes them.
UPDATE "verify"."list_rows" AS r SET "cells_csv" = coalesce((
  SELECT string_agg("verify"."csv_cell"(coalesce(r.cells ->> (i - 1), '')), ',' ORDER BY i)
  FROM generate_series(1, CASE WHEN jsonb_array_length(l.columns) > 0 THEN jsonb_array_length(l.columns) ELSE jsonb_array_length(r.cells) END) AS i
), '')
FROM "verify"."lists" AS l WHERE l.id = r.list_id;--> statement-breakpoint
ALTER TABLE "verify"."list_rows" ALTER COLUMN "cells_csv" SET NOT NULL;
