CREATE TABLE "record_edits" (
	"record_id" text NOT NULL,
	"n" integer NOT NULL,
	"user_id" text NOT NULL,
	"author" text NOT NULL,
	"changes" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "record_edits_record_id_n_pk" PRIMARY KEY("record_id","n")
);
--> statement-breakpoint
ALTER TABLE "record_edits" ADD CONSTRAINT "record_edits_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;