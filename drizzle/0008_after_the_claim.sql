ALTER TABLE "claim_history" ADD COLUMN "amounts" jsonb;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "txid" text;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "customer_comment" text;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "offer_course" numeric(36, 18);--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "offer_to_amount" numeric(36, 18);--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "offer_valid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "refund_requisites" jsonb;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "explorer_url" text;