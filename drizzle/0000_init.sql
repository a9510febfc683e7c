CREATE TABLE "content_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faq_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"question" jsonb NOT NULL,
	"answer" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitoring_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"site_key" text NOT NULL,
	"email" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"locale" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"description" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captcha_uses" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"locale" text NOT NULL,
	"direction_id" integer NOT NULL,
	"from_currency_id" integer NOT NULL,
	"to_currency_id" integer NOT NULL,
	"from_amount" numeric(36, 18) NOT NULL,
	"to_amount" numeric(36, 18) NOT NULL,
	"course" numeric(36, 18) NOT NULL,
	"from_requisites" jsonb NOT NULL,
	"to_requisites" jsonb NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"user_id" integer,
	"refferal" text,
	"promocode" text,
	"payment_detail" jsonb,
	"idempotency_key" text,
	"request_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"kind" text NOT NULL,
	"symbol" text NOT NULL,
	"network" text,
	"decimals" integer NOT NULL,
	"logo" text NOT NULL,
	"send_visible" boolean DEFAULT true NOT NULL,
	"receive_visible" boolean DEFAULT true NOT NULL,
	"reserve" numeric(36, 18) DEFAULT '0' NOT NULL,
	"from_inputs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"to_inputs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"city" text,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currencies_reserve_nonnegative" CHECK ("currencies"."reserve" >= 0)
);
--> statement-breakpoint
CREATE TABLE "directions" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_currency_id" integer NOT NULL,
	"to_currency_id" integer NOT NULL,
	"course_mode" text NOT NULL,
	"course_manual" numeric(36, 18),
	"rate_source" text,
	"source_rate" numeric(36, 18),
	"source_updated_at" timestamp with time zone,
	"markup_percent" numeric(36, 18) DEFAULT '0' NOT NULL,
	"bonus_percent" numeric(36, 18) DEFAULT '0' NOT NULL,
	"from_min" numeric(36, 18),
	"from_max" numeric(36, 18),
	"to_min" numeric(36, 18),
	"to_max" numeric(36, 18),
	"from_round" integer NOT NULL,
	"to_round" integer NOT NULL,
	"from_notify" jsonb DEFAULT '{"ru":"","en":""}'::jsonb NOT NULL,
	"to_notify" jsonb DEFAULT '{"ru":"","en":""}'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"payment_window_minutes" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "directions_distinct_sides" CHECK ("directions"."from_currency_id" <> "directions"."to_currency_id")
);
--> statement-breakpoint
CREATE TABLE "payment_details" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency_id" integer NOT NULL,
	"label" jsonb NOT NULL,
	"value" text NOT NULL,
	"holder" text,
	"memo" text,
	"active" boolean DEFAULT true NOT NULL,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
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
CREATE TABLE "auth_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"remember" boolean NOT NULL,
	"user_agent" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "one_time_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'customer' NOT NULL,
	"activated_at" timestamp with time zone,
	"refferal" text,
	"locale" text DEFAULT 'ru' NOT NULL,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lower" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
ALTER TABLE "claim_history" ADD CONSTRAINT "claim_history_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_direction_id_directions_id_fk" FOREIGN KEY ("direction_id") REFERENCES "public"."directions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_from_currency_id_currencies_id_fk" FOREIGN KEY ("from_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_to_currency_id_currencies_id_fk" FOREIGN KEY ("to_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directions" ADD CONSTRAINT "directions_from_currency_id_currencies_id_fk" FOREIGN KEY ("from_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directions" ADD CONSTRAINT "directions_to_currency_id_currencies_id_fk" FOREIGN KEY ("to_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_details" ADD CONSTRAINT "payment_details_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_auth_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "monitoring_registrations_site_key" ON "monitoring_registrations" USING btree ("site_key");--> statement-breakpoint
CREATE UNIQUE INDEX "news_items_locale_slug" ON "news_items" USING btree ("locale","slug");--> statement-breakpoint
CREATE INDEX "news_items_list" ON "news_items" USING btree ("locale","kind","published_at");--> statement-breakpoint
CREATE INDEX "partners_kind_position" ON "partners" USING btree ("kind","position");--> statement-breakpoint
CREATE INDEX "captcha_uses_created" ON "captcha_uses" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "claim_history_claim" ON "claim_history" USING btree ("claim_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "claims_idempotency_key" ON "claims" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "claims_expiry" ON "claims" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "claims_user" ON "claims" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "claims_email" ON "claims" USING btree ("email","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "currencies_code" ON "currencies" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "directions_pair" ON "directions" USING btree ("from_currency_id","to_currency_id");--> statement-breakpoint
CREATE INDEX "payment_details_rotation" ON "payment_details" USING btree ("currency_id","active","last_used_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_to" ON "mail_outbox" USING btree ("to","created_at");--> statement-breakpoint
CREATE INDEX "auth_sessions_user" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_tokens_hash" ON "one_time_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "one_time_tokens_user" ON "one_time_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email" ON "users" USING btree ("email");