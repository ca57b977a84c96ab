ALTER TABLE "launch"."assets" ALTER COLUMN "object_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "launch"."assets" ADD COLUMN "upload_key" text;--> statement-breakpoint
-- Bytes received under the old layout (one object per asset) are the upload completion will check;
-- only a ready asset has an object that is served.
UPDATE "launch"."assets" SET "upload_key" = "object_key" WHERE "status" = 'uploaded';--> statement-breakpoint
UPDATE "launch"."assets" SET "object_key" = NULL WHERE "status" <> 'ready';--> statement-breakpoint
ALTER TABLE "launch"."assets" ADD CONSTRAINT "assets_ready_object_check" CHECK ("launch"."assets"."status" <> 'ready' or "launch"."assets"."object_key" is not null);
