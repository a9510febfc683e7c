ALTER TABLE "monitoring_registrations" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "monitoring_registrations" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "monitoring_registrations_status" ON "monitoring_registrations" USING btree ("status","created_at");