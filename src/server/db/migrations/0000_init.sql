CREATE TABLE "access_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "access_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "campaign_impressions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"action" text NOT NULL,
	"impression_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_impressions_action_check" CHECK ("campaign_impressions"."action" in ('view', 'clickthrough'))
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand" text NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"url" text,
	"url_button_text" text,
	"appear_on" text[] NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"thumbnail_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_period_check" CHECK ("campaigns"."starts_at" < "campaigns"."end_at"),
	CONSTRAINT "campaigns_appear_on_check" CHECK ("campaigns"."appear_on" <@ array['journey-planner', 'journey-results', 'journey-details', 'account-register']::text[])
);
--> statement-breakpoint
CREATE TABLE "journeys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"query_hash" text NOT NULL,
	"position" integer NOT NULL,
	"data" jsonb NOT NULL,
	"user_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journeys_query_position_key" UNIQUE("query_hash","position")
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_hash" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "one_time_codes_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "one_time_codes_kind_check" CHECK ("one_time_codes"."kind" in ('activation', 'password_reset'))
);
--> statement-breakpoint
CREATE TABLE "saved_journeys" (
	"user_id" uuid NOT NULL,
	"journey_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_journeys_pkey" PRIMARY KEY("user_id","journey_id")
);
--> statement-breakpoint
CREATE TABLE "search_queries" (
	"hash" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"user_id" uuid,
	"form" jsonb NOT NULL,
	"origin_address" text NOT NULL,
	"destination_address" text NOT NULL,
	"out_departure_at" timestamp with time zone NOT NULL,
	"return_departure_at" timestamp with time zone,
	"results_retrieved" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_queries_status_check" CHECK ("search_queries"."status" in ('pending', 'running', 'done', 'failed')),
	CONSTRAINT "search_queries_results_retrieved_check" CHECK ("search_queries"."results_retrieved" is null or "search_queries"."results_retrieved" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"brand" text NOT NULL,
	"title" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone_number" text,
	"country_code_phone_number" text,
	"dob" date,
	"profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"creation_origin" text,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_impressions" ADD CONSTRAINT "campaign_impressions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_impressions" ADD CONSTRAINT "campaign_impressions_impression_id_campaign_impressions_id_fk" FOREIGN KEY ("impression_id") REFERENCES "public"."campaign_impressions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journeys" ADD CONSTRAINT "journeys_query_hash_search_queries_hash_fk" FOREIGN KEY ("query_hash") REFERENCES "public"."search_queries"("hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_journeys" ADD CONSTRAINT "saved_journeys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_journeys" ADD CONSTRAINT "saved_journeys_journey_id_journeys_id_fk" FOREIGN KEY ("journey_id") REFERENCES "public"."journeys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_queries" ADD CONSTRAINT "search_queries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_tokens_user_id_idx" ON "access_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "campaign_impressions_campaign_idx" ON "campaign_impressions" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "campaigns_brand_end_idx" ON "campaigns" USING btree ("brand","end_at");--> statement-breakpoint
CREATE INDEX "one_time_codes_user_kind_idx" ON "one_time_codes" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "saved_journeys_user_created_idx" ON "saved_journeys" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_queries_user_created_idx" ON "search_queries" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));