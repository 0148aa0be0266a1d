/**
 * The rows services pass around, as drizzle reads them from the schema: a column added or
 * renamed in schema.ts changes these types, and every hand-written SELECT of a whole row takes
 * its column list from the same schema (raw.ts `columnsOf`).
 */
import type { comments, posts, users } from './schema'

export type UserRow = typeof users.$inferSelect
export type PostRow = typeof posts.$inferSelect
export type CommentRow = typeof comments.$inferSelect
