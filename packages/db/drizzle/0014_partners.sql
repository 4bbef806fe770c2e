CREATE TABLE "operator_notifications" (
	"notification_id" text PRIMARY KEY NOT NULL,
	"msisdn" text NOT NULL,
	"event" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"msisdn" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"balance_state" text DEFAULT 'ok' NOT NULL,
	"external_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_subscriptions_status_check" CHECK ("operator_subscriptions"."status" in ('active', 'suspended', 'cancelled')),
	CONSTRAINT "operator_subscriptions_balance_check" CHECK ("operator_subscriptions"."balance_state" in ('ok', 'low', 'no_money'))
);
--> statement-breakpoint
ALTER TABLE "operator_subscriptions" ADD CONSTRAINT "operator_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operator_subscriptions_user_key" ON "operator_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_subscriptions_msisdn_key" ON "operator_subscriptions" USING btree ("msisdn");