ALTER TABLE "search_queries" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "search_queries" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "search_queries_unfinished_idx" ON "search_queries" USING btree ("updated_at") WHERE "search_queries"."status" in ('pending', 'running');