CREATE TABLE "webhook_outbox" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_outbox_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id" text NOT NULL,
	"webhook_id" text NOT NULL,
	"app_id" text NOT NULL,
	"event" text NOT NULL,
	"subject" text NOT NULL,
	"payload" text,
	"records" integer NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "records" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_outbox" ADD CONSTRAINT "webhook_outbox_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Record events carry a batch of records (server/db/storage/outbox-batch.ts); rows written before carried one.
UPDATE "webhook_deliveries" SET "records" = 1, "payload" = json_build_array(json_build_object('id', "subject", 'createdAt', to_char(to_timestamp("created_at" / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'data', "payload"::json))::text
WHERE "event" = 'record.created' AND "payload" LIKE '{%';
--> statement-breakpoint
UPDATE "webhook_deliveries" SET "records" = 1, "payload" = json_build_array(json_build_object('id', "subject"))::text WHERE "event" = 'record.deleted' AND "payload" IS NULL;
