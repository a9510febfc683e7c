DROP INDEX "claims_email";--> statement-breakpoint
DROP INDEX "mail_outbox_to";