-- Post search (docs/API.md, "Search"; services/search.ts): a GIN index on the words of each
-- post's text, kept in step by PostgreSQL itself. The 'simple' configuration lowercases and
-- stems nothing, so gamer words and names stay as written. Punctuation, symbols and emoji become
-- spaces first, as SQLite's unicode61 tokenizer takes them (0008_post_search there), so that
-- "half-life", "example.com" or "gg🎮" give the same words on both databases.
CREATE FUNCTION post_search_vector(content text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT to_tsvector('pg_catalog.simple'::regconfig, regexp_replace(content, '[\u0001-\u002F\u003A-\u0040\u005B-\u0060\u007B-\u00A9\u00AB-\u00B1\u00B4\u00B6-\u00B8\u00BB\u00BF\u00D7\u00F7\u2000-\u206F\u20A0-\u20CF\u2190-\u245F\u2500-\u2BFF\u3000-\u3003\u3008-\u3020\u3030\uFE00-\uFE0F\uFE30-\uFE6F\uFF01-\uFF0F\uFF1A-\uFF20\uFF3B-\uFF40\uFF5B-\uFF65\U0001F000-\U0001FAFF]', ' ', 'g')) $$;
--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin (post_search_vector("content"));
