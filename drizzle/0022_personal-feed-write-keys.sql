-- Lists saved before write keys keep a null hash: the first write from the browser, bringing a write key, claims the list.
ALTER TABLE "personal_feeds" ADD COLUMN "write_key_hash" text;