ALTER TABLE "records" DROP CONSTRAINT "records_app_id_apps_id_fk";
