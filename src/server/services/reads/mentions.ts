/**
 * Which `@mentions` of posts and comments name existing users (docs/API.md, "Mentions and
 * tags"), so that the app links only those without a request per name.
 */
import { extractMentions } from '../../../shared/rich-text'
import type { Store } from '../../db/store'

/**
 * For each text, in order: the usernames it mentions that belong to an existing user, spelled as
 * stored, each once, in the order they first appear. One query for all the texts together.
 */
export async function resolveMentions(db: Store, texts: string[]): Promise<string[][]> {
  const mentioned = texts.map(extractMentions)
  // The users table's username_key: the username lowercased (users.ts usernameKey); a parsed
  // mention holds no whitespace to trim.
  const keys = [...new Set(mentioned.flat().map((name) => name.toLowerCase()))]
  if (keys.length === 0) return mentioned.map(() => [])
  const rows = await db.all<{ username: string; usernameKey: string }>(
    `SELECT username, username_key AS "usernameKey" FROM users
     WHERE username_key IN ${db.sql.textSet}`,
    db.sql.texts(keys),
  )
  const stored = new Map(rows.map((row) => [row.usernameKey, row.username]))
  return mentioned.map((names) =>
    names.flatMap((name) => {
      const username = stored.get(name.toLowerCase())
      return username === undefined ? [] : [username]
    }),
  )
}
