CREATE TABLE "reserve_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency_id" integer NOT NULL,
	"delta" numeric(36, 18) NOT NULL,
	"reserve_after" numeric(36, 18) NOT NULL,
	"reason" text NOT NULL,
	"actor_id" integer NOT NULL,
	"actor_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "claim_history" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "claim_history" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "payout_reference" text;--> statement-breakpoint
ALTER TABLE "reserve_history" ADD CONSTRAINT "reserve_history_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reserve_history_currency" ON "reserve_history" USING btree ("currency_id","id");--> statement-breakpoint
CREATE INDEX "claims_status_created" ON "claims" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "claims_created" ON "claims" USING btree ("created_at");