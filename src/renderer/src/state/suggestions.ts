/**
 * The composer's @ and # suggestions (docs/API.md, "Autocomplete"): people to mention, those the
 * viewer follows first, and tags, the most used first. A server that answered 404 to the tag
 * call is older: this window asks it no more (the @ suggestions go on).
 */
import type { UserListItem } from '../../../shared/api-types'
import { isMissingCall } from '../api/client'
import { suggestMentions, suggestTags } from '../api/suggestions'

export type Suggestion =
  | { kind: 'mention'; value: string; user: UserListItem }
  | { kind: 'tag'; value: string; postCount: number }

/** A server that answered 404 to the tag call is older: no tag suggestions for this window. */
let tagsMissing = false

/** For tests: forget that a server had no tag suggestions. */
export function resetTagSuggestionSupport(): void {
  tagsMissing = false
}

/** Whether `#` suggestions may be asked for (not on a server known to lack them). */
export function tagSuggestionsOffered(): boolean {
  return !tagsMissing
}

/** The suggestions for a word being typed after `@` or `#`; a failure is thrown. */
export async function findSuggestions(
  kind: 'mention' | 'tag',
  query: string,
  signal: AbortSignal,
): Promise<Suggestion[]> {
  if (kind === 'mention') {
    const { users } = await suggestMentions(query, signal)
    return users.map((user): Suggestion => ({ kind: 'mention', value: user.username, user }))
  }
  try {
    const { tags } = await suggestTags(query, signal)
    return tags.map((tag): Suggestion => ({
      kind: 'tag',
      value: tag.tag,
      postCount: tag.postCount,
    }))
  } catch (error) {
    if (isMissingCall(error)) tagsMissing = true
    throw error
  }
}
