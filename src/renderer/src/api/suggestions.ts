import type { TagSuggestionsResponse, UsersPage } from '../../../shared/api-types'
import { request } from './client'

/** How many suggestions the composer shows. */
export const SUGGESTION_LIMIT = 8

/**
 * People to mention (docs/API.md "Autocomplete"): those the viewer follows first. An older
 * server ignores `followedFirst` and answers its alphabetical search.
 */
export function suggestMentions(prefix: string, signal?: AbortSignal): Promise<UsersPage> {
  return request<UsersPage>('/users', {
    query: { search: prefix, followedFirst: true, limit: SUGGESTION_LIMIT },
    signal,
    answer: 'usersPage',
  })
}

/** Tags starting with `prefix`, the most used first; an older server answers 404. */
export function suggestTags(prefix: string, signal?: AbortSignal): Promise<TagSuggestionsResponse> {
  return request<TagSuggestionsResponse>('/tags', {
    query: { prefix, limit: SUGGESTION_LIMIT },
    signal,
    answer: 'tagSuggestions',
  })
}
