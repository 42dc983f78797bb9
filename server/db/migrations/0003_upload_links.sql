ALTER TABLE "upload" ALTER COLUMN "filename" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "upload" ALTER COLUMN "content_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "upload" ALTER COLUMN "file" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "upload" ADD COLUMN "link_url" text;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_short_desc_length" CHECK (char_length("news"."short_desc") between 1 and 200);--> statement-breakpoint
ALTER TABLE "upload" ADD CONSTRAINT "upload_file_or_link" CHECK (("upload"."file" is not null and "upload"."filename" is not null and "upload"."content_type" is not null and "upload"."link_url" is null)
        or ("upload"."file" is null and "upload"."filename" is null and "upload"."content_type" is null and "upload"."link_url" is not null and "upload"."upload_type_id" >= 3));--> statement-breakpoint
ALTER TABLE "upload" ADD CONSTRAINT "upload_link_length" CHECK (char_length("upload"."link_url") <= 2000);