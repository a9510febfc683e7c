CREATE TABLE "promocode_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"promocode_id" integer NOT NULL,
	"claim_id" uuid NOT NULL,
	"user_id" integer,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promocodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"discount_percent" numeric(36, 18) NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"max_uses" integer,
	"uses_count" integer DEFAULT 0 NOT NULL,
	"per_customer" integer DEFAULT 1,
	"user_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promocodes_uses" CHECK ("promocodes"."max_uses" is null or "promocodes"."uses_count" <= "promocodes"."max_uses"),
	CONSTRAINT "promocodes_discount" CHECK ("promocodes"."discount_percent" > 0 and "promocodes"."discount_percent" < 100)
);
--> statement-breakpoint
ALTER TABLE "promocode_uses" ADD CONSTRAINT "promocode_uses_promocode_id_promocodes_id_fk" FOREIGN KEY ("promocode_id") REFERENCES "public"."promocodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promocodes" ADD CONSTRAINT "promocodes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promocode_uses_claim" ON "promocode_uses" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "promocode_uses_code_user" ON "promocode_uses" USING btree ("promocode_id","user_id");--> statement-breakpoint
CREATE INDEX "promocode_uses_code_email" ON "promocode_uses" USING btree ("promocode_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "promocodes_code" ON "promocodes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "promocodes_user" ON "promocodes" USING btree ("user_id");