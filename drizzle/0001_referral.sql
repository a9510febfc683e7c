CREATE TABLE "referral_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"balance" numeric(36, 18) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_balance_nonnegative" CHECK ("referral_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "referral_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"claim_id" uuid,
	"withdrawal_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"requisites" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reference" text,
	"reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_withdrawal_positive" CHECK ("referral_withdrawals"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "referral_accounts" ADD CONSTRAINT "referral_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_ledger" ADD CONSTRAINT "referral_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_withdrawals" ADD CONSTRAINT "referral_withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_accounts_code" ON "referral_accounts" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_ledger_claim" ON "referral_ledger" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "referral_ledger_user" ON "referral_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_withdrawals_user" ON "referral_withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_withdrawals_status" ON "referral_withdrawals" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_withdrawals_idempotency" ON "referral_withdrawals" USING btree ("user_id","idempotency_key");