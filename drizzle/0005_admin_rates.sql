CREATE TABLE "rate_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"symbol" text NOT NULL,
	"rate" numeric(36, 18) NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_sources" (
	"source" text PRIMARY KEY NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "directions" ADD COLUMN "max_rate_age_minutes" integer;--> statement-breakpoint
CREATE INDEX "rate_history_symbol" ON "rate_history" USING btree ("source","symbol","id");