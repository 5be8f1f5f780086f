DROP INDEX "email_code_sends_email_idx";--> statement-breakpoint
DROP INDEX "login_failures_email_idx";--> statement-breakpoint
ALTER TABLE "email_codes" DROP CONSTRAINT "email_codes_pkey";--> statement-breakpoint
ALTER TABLE "email_code_sends" ADD COLUMN "client" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_codes" ADD COLUMN "client" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_codes" ADD CONSTRAINT "email_codes_email_client_pk" PRIMARY KEY("email","client");--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "client" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "email_code_sends_email_client_idx" ON "email_code_sends" USING btree ("email","client","sent_at");--> statement-breakpoint
CREATE INDEX "login_failures_email_client_idx" ON "login_failures" USING btree ("email","client","at");
