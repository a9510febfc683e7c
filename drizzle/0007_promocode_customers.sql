CREATE TABLE "promocode_customers" (
	"promocode_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "promocode_customers_promocode_id_user_id_pk" PRIMARY KEY("promocode_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "promocodes" DROP CONSTRAINT "promocodes_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "promocodes_user";--> statement-breakpoint
ALTER TABLE "promocode_customers" ADD CONSTRAINT "promocode_customers_promocode_id_promocodes_id_fk" FOREIGN KEY ("promocode_id") REFERENCES "public"."promocodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promocode_customers" ADD CONSTRAINT "promocode_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promocode_customers_user" ON "promocode_customers" USING btree ("user_id");--> statement-breakpoint
-- Added by hand to the generated migration: each code's one assigned customer becomes its first list entry.
INSERT INTO "promocode_customers" ("promocode_id", "user_id") SELECT "id", "user_id" FROM "promocodes" WHERE "user_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "promocodes" DROP COLUMN "user_id";