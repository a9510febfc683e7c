ALTER TABLE "rate_sources" ADD COLUMN "last_problem" jsonb;--> statement-breakpoint
-- The kind of an error stored before this column, read once from its text (the service decides it from now on).
UPDATE "rate_sources" SET "last_problem" = CASE
  WHEN "last_error" ~* '^(fetch failed|timeout)$' THEN '{"kind":"no_answer"}'::jsonb
  WHEN "last_error" ~ '^HTTP [0-9]{3}$' THEN jsonb_build_object('kind', 'http_status', 'status', substring("last_error" from 6)::int)
  WHEN "last_error" ~ '^missing .' THEN jsonb_build_object('kind', 'missing', 'symbols', to_jsonb(string_to_array(substring("last_error" from 9), ', ')))
  ELSE '{"kind":"unreadable"}'::jsonb
END
WHERE "last_error" IS NOT NULL;
