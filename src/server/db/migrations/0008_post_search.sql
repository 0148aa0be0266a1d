-- Post search (docs/API.md, "Search"; services/search.ts): the words of every post in an FTS5
-- index. Contentless (the text stays in posts alone) with delete support, so that a post is
-- taken out by its id; actions/posts.ts and services/accounts.ts keep it in step with posts in
-- the transaction of each write (no trigger: a restored database holds none, data/backup.ts).
-- Letters keep their accents (remove_diacritics 0), as PostgreSQL's 'simple' configuration
-- does; the 2- and 3-letter prefix indexes make the prefix match of the last word cheap.
CREATE VIRTUAL TABLE `posts_search` USING fts5(content, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0', prefix='2 3');
--> statement-breakpoint
INSERT INTO `posts_search` (rowid, content) SELECT id, content FROM posts;
