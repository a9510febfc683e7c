-- Written by hand while the admin console is built in parallel; replaced by one generated migration (docs/decisions/0011).
ALTER TABLE "claims" ADD COLUMN "payout_reference" text;--> statement-breakpoint
ALTER TABLE "claim_history" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "claim_history" ADD COLUMN "reference" text;--> statement-breakpoint
CREATE INDEX "claims_status_created" ON "claims" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "claims_created" ON "claims" USING btree ("created_at");
