CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"kind" text NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "monitoring_registrations_url";--> statement-breakpoint
ALTER TABLE "content_pages" ADD COLUMN "description" jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "monitoring_registrations" ADD COLUMN "site_key" text NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_to" ON "mail_outbox" USING btree ("to","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "monitoring_registrations_site_key" ON "monitoring_registrations" USING btree ("site_key");--> statement-breakpoint
CREATE INDEX "partners_kind_position" ON "partners" USING btree ("kind","position");