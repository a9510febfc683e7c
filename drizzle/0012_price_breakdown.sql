ALTER TABLE "claims" ADD COLUMN "breakdown" jsonb;--> statement-breakpoint
ALTER TABLE "directions" ADD COLUMN "from_fee" numeric(36, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "directions" ADD COLUMN "to_fee" numeric(36, 18) DEFAULT '0' NOT NULL;