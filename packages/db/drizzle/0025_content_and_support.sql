CREATE TABLE "consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"document_alias" text NOT NULL,
	"version" integer NOT NULL,
	"context" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"ip" text,
	"reference" text,
	CONSTRAINT "consents_context_check" CHECK ("consents"."context" in ('signup', 'phone', 'social', 'payment'))
);
--> statement-breakpoint
CREATE TABLE "legal_document_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"body_md" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_document_versions_version_check" CHECK ("legal_document_versions"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "legal_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alias" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_documents_alias_unique" UNIQUE("alias")
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alias" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"body_md" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pages_alias_unique" UNIQUE("alias")
);
--> statement-breakpoint
CREATE TABLE "device_authorizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_code_hash" text NOT NULL,
	"user_code" text NOT NULL,
	"api_client_id" uuid NOT NULL,
	"device_uid" text NOT NULL,
	"device_type" text NOT NULL,
	"device_name" text,
	"user_agent" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"user_id" uuid,
	"interval_seconds" integer NOT NULL,
	"last_polled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	CONSTRAINT "device_authorizations_device_code_hash_unique" UNIQUE("device_code_hash")
);
--> statement-breakpoint
CREATE TABLE "journal_article_titles" (
	"article_id" uuid NOT NULL,
	"title_id" uuid NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "journal_article_titles_article_id_title_id_pk" PRIMARY KEY("article_id","title_id")
);
--> statement-breakpoint
CREATE TABLE "journal_articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alias" text NOT NULL,
	"rubric_id" uuid NOT NULL,
	"title" text NOT NULL,
	"lead" text NOT NULL,
	"cover" text NOT NULL,
	"body" text NOT NULL,
	"author" text DEFAULT 'Редакция Экрана' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"published_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_articles_alias_unique" UNIQUE("alias")
);
--> statement-breakpoint
CREATE TABLE "journal_rubrics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alias" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "journal_rubrics_alias_unique" UNIQUE("alias")
);
--> statement-breakpoint
CREATE TABLE "support_article_votes" (
	"article_id" uuid NOT NULL,
	"voter" text NOT NULL,
	"is_helpful" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_article_votes_article_id_voter_pk" PRIMARY KEY("article_id","voter")
);
--> statement-breakpoint
CREATE TABLE "support_articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"alias" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"keywords" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_faq" boolean DEFAULT false NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"unhelpful_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (ekran_search_normalize(title || ' ' || keywords || ' ' || summary || ' ' || body)) STORED NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('russian'::regconfig, ekran_search_normalize(title)), 'A') || setweight(to_tsvector('russian'::regconfig, ekran_search_normalize(keywords || ' ' || summary)), 'B') || setweight(to_tsvector('russian'::regconfig, ekran_search_normalize(body)), 'D')) STORED NOT NULL,
	CONSTRAINT "support_articles_alias_unique" UNIQUE("alias")
);
--> statement-breakpoint
CREATE TABLE "support_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"seq" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"section_id" uuid NOT NULL,
	"alias" text NOT NULL,
	"title" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author" text NOT NULL,
	"staff_user_id" uuid,
	"body" text NOT NULL,
	"seq" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_author_check" CHECK ("support_messages"."author" in ('viewer', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "support_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alias" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_sections_alias_unique" UNIQUE("alias")
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"user_id" uuid,
	"email" text,
	"guest_token_hash" text,
	"topic" text NOT NULL,
	"subject" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_staff_message_at" timestamp with time zone,
	"viewer_read_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_tickets_number_unique" UNIQUE("number"),
	CONSTRAINT "support_tickets_guest_token_hash_unique" UNIQUE("guest_token_hash"),
	CONSTRAINT "support_tickets_status_check" CHECK ("support_tickets"."status" in ('open', 'answered', 'closed')),
	CONSTRAINT "support_tickets_owner_check" CHECK ("support_tickets"."user_id" is not null or ("support_tickets"."email" is not null and "support_tickets"."guest_token_hash" is not null))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_document_versions" ADD CONSTRAINT "legal_document_versions_document_id_legal_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."legal_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_authorizations" ADD CONSTRAINT "device_authorizations_api_client_id_api_clients_id_fk" FOREIGN KEY ("api_client_id") REFERENCES "public"."api_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_authorizations" ADD CONSTRAINT "device_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_article_titles" ADD CONSTRAINT "journal_article_titles_article_id_journal_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."journal_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_article_titles" ADD CONSTRAINT "journal_article_titles_title_id_titles_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."titles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_articles" ADD CONSTRAINT "journal_articles_rubric_id_journal_rubrics_id_fk" FOREIGN KEY ("rubric_id") REFERENCES "public"."journal_rubrics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_article_votes" ADD CONSTRAINT "support_article_votes_article_id_support_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."support_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_articles" ADD CONSTRAINT "support_articles_category_id_support_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."support_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_message_id_support_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."support_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_categories" ADD CONSTRAINT "support_categories_section_id_support_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."support_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_user_idx" ON "consents" USING btree ("user_id","accepted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "consents_once_key" ON "consents" USING btree ("user_id","document_alias","version","context",coalesce("reference", ''));--> statement-breakpoint
CREATE UNIQUE INDEX "legal_document_versions_document_version_key" ON "legal_document_versions" USING btree ("document_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "device_authorizations_user_code_key" ON "device_authorizations" USING btree ("user_code");--> statement-breakpoint
CREATE INDEX "device_authorizations_expires_idx" ON "device_authorizations" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "journal_article_titles_title_idx" ON "journal_article_titles" USING btree ("title_id");--> statement-breakpoint
CREATE INDEX "journal_articles_published_idx" ON "journal_articles" USING btree ("published_at","alias");--> statement-breakpoint
CREATE INDEX "journal_articles_rubric_idx" ON "journal_articles" USING btree ("rubric_id","published_at");--> statement-breakpoint
CREATE INDEX "support_articles_category_idx" ON "support_articles" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "support_articles_search_idx" ON "support_articles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "support_articles_search_trgm_idx" ON "support_articles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "support_attachments_message_idx" ON "support_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_categories_section_alias_key" ON "support_categories" USING btree ("section_id","alias");--> statement-breakpoint
CREATE INDEX "support_messages_ticket_idx" ON "support_messages" USING btree ("ticket_id","seq");--> statement-breakpoint
CREATE INDEX "support_tickets_user_idx" ON "support_tickets" USING btree ("user_id","last_message_at");--> statement-breakpoint
CREATE INDEX "support_tickets_status_idx" ON "support_tickets" USING btree ("status","last_message_at");