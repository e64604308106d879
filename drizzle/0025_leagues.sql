CREATE TABLE "league_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"league_id" uuid NOT NULL,
	"visitor_id" text NOT NULL,
	"nickname" text NOT NULL,
	"key_hash" text NOT NULL,
	"is_creator" boolean DEFAULT false NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "league_members_key_hash_unique" UNIQUE("key_hash"),
	CONSTRAINT "league_members_visitor_key" UNIQUE("league_id","visitor_id"),
	CONSTRAINT "league_members_nickname_key" UNIQUE("league_id","nickname"),
	CONSTRAINT "league_members_nickname_check" CHECK (char_length("league_members"."nickname") between 1 and 30)
);
--> statement-breakpoint
CREATE TABLE "leagues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leagues_code_unique" UNIQUE("code"),
	CONSTRAINT "leagues_name_check" CHECK (char_length("leagues"."name") between 1 and 40)
);
--> statement-breakpoint
ALTER TABLE "league_members" ADD CONSTRAINT "league_members_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "league_members_visitor_idx" ON "league_members" USING btree ("visitor_id");