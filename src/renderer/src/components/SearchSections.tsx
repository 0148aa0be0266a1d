/**
 * The sections of search (docs/API.md, "Search"), one entry each in SEARCH_SECTIONS: what the
 * search box shows of a section (a few options) and the search page's tab for it (a paged list).
 * A new section (games, say) is one more entry here and one more `type` on the server.
 */
import type { ComponentType, ReactNode } from 'react'
import { Link } from 'react-router-dom'
import type { SearchResponse, SearchType, TagResult } from '../../../shared/api-types'
import { searchWords } from '../../../shared/search'
import { useAtomValue } from 'jotai'
import type { Game, ServerFeature } from '../../../shared/api-types'
import { COPY, GAME_SEARCH_COPY, SPEC_TEXT } from '../copy'
import type { PagedList } from '../state/paged-list'
import { useSearchSection } from '../state/search'
import { serverFeaturesAtom } from '../state/server-features'
import { Icon } from './Icon'
import { gamePath, profilePath, tagPath } from '../lib/paths'
import { useInfiniteScroll } from '../lib/use-infinite-scroll'
import { LoadMore } from './LoadMore'
import { PersonRow, PersonSummary } from './PersonRow'
import { PostList } from './PostList'
import { Spinner } from './Spinner'
import { EmptyState, ErrorState } from './States'

/** One choice of the search box: where it leads, and how it reads. */
export interface BoxOption {
  key: string
  href: string
  content: ReactNode
}

export interface SearchSectionView {
  type: SearchType
  title: string
  /** The box's options from an answer: undefined when the section was not searched. */
  boxOptions(answer: SearchResponse): BoxOption[] | undefined
  /** What the section says when it found nothing. */
  empty(query: string): string
  /** The search page's tab. */
  Page: ComponentType<{ query: string }>
  /** Shown only when the server names this feature (an older server has no such section). */
  feature?: ServerFeature
}

/** The search page's path for a query, on one section's tab. */
export function searchPath(query: string, type?: SearchType): string {
  const params = new URLSearchParams({ q: query })
  if (type) params.set('type', type)
  return `/search?${params.toString()}`
}

/** A query as the empty states quote it: shortened when long. */
export const quoted = (query: string) => (query.length > 40 ? `${query.slice(0, 40)}…` : query)

const postsSection: SearchSectionView = {
  type: 'posts',
  title: COPY.search.sections.posts,
  boxOptions: (answer) =>
    answer.posts?.items.map((post) => ({
      key: post._id,
      href: `/post/${encodeURIComponent(post._id)}`,
      content: (
        <span className="search-result-text">
          <span className="search-result-name">{post.username}</span>
          <span className="search-result-snippet small" dir="auto">
            {post.content}
          </span>
        </span>
      ),
    })),
  empty: (query) => COPY.search.noPosts(quoted(query)),
  Page: SearchPostsTab,
}

const tagsSection: SearchSectionView = {
  type: 'tags',
  title: COPY.search.sections.tags,
  boxOptions: (answer) =>
    answer.tags?.items.map((tag) => ({
      key: tag.tag,
      href: tagPath(tag.tag),
      content: <TagText tag={tag} />,
    })),
  empty: (query) => COPY.search.noTags(quoted(query.trim().replace(/^#?/, '#'))),
  Page: SearchTagsTab,
}

const usersSection: SearchSectionView = {
  type: 'users',
  title: COPY.search.sections.users,
  boxOptions: (answer) =>
    answer.users?.items.map((user) => ({
      key: user._id,
      href: profilePath(user.username),
      content: (
        <PersonSummary
          user={user}
          size="compact"
          long="truncate"
          detail={COPY.search.followerCount(user.followerCount)}
        />
      ),
    })),
  empty: () => SPEC_TEXT.noUserFound,
  Page: SearchPeopleTab,
}

// ---- Games ----
const gamesSection: SearchSectionView = {
  type: 'games',
  title: GAME_SEARCH_COPY.section,
  feature: 'games',
  boxOptions: (answer) =>
    answer.games?.items.map((game) => ({
      key: game.slug,
      href: gamePath(game.slug),
      content: <GameText game={game} />,
    })),
  empty: (query) => GAME_SEARCH_COPY.none(quoted(query)),
  Page: SearchGamesTab,
}

function GameText({ game }: { game: Game }) {
  return (
    <>
      <span className="search-game-icon" aria-hidden="true">
        <Icon name="gamepad" size={20} />
      </span>
      <span className="search-result-text">
        <span className="search-result-name">{game.name}</span>
        <span className="muted small">{COPY.games.players(game.playerCount)}</span>
      </span>
    </>
  )
}

function SearchGamesTab({ query }: { query: string }) {
  const paged = useSearchSection(query, 'games')
  return (
    <SectionList
      paged={paged}
      what="games"
      empty={<EmptyState title={gamesSection.empty(query)} />}
    >
      <ul className="card search-page-list" aria-label={GAME_SEARCH_COPY.section}>
        {paged.items.map((game) => (
          <li key={game.slug}>
            <Link to={gamePath(game.slug)} className="search-page-row">
              <GameText game={game} />
            </Link>
          </li>
        ))}
      </ul>
    </SectionList>
  )
}
// ---- end of games ----

/** Every section, in the order the box and the page show them. */
export const SEARCH_SECTIONS: readonly SearchSectionView[] = [
  postsSection,
  tagsSection,
  usersSection,
  gamesSection,
]

/** The sections this server has (a section with a `feature` only when the server names it). */
export function useSearchSections(): readonly SearchSectionView[] {
  const features = useAtomValue(serverFeaturesAtom)
  return SEARCH_SECTIONS.filter((section) => !section.feature || features.has(section.feature))
}

function TagText({ tag }: { tag: TagResult }) {
  return (
    <span className="search-result-text">
      <span className="search-result-name" dir="auto">
        #{tag.tag}
      </span>
      <span className="muted small">{COPY.search.postCount(tag.postCount)}</span>
    </span>
  )
}

function SearchPostsTab({ query }: { query: string }) {
  const hint = searchWords(query).length === 0 ? COPY.search.noWordsHint : COPY.search.tryHint
  return (
    <PostList
      key={query}
      listKey={`search:${query}`}
      empty={
        <EmptyState title={COPY.search.noPosts(quoted(query))}>
          <p className="empty-hint">{hint}</p>
        </EmptyState>
      }
    />
  )
}

/** The paged list around a section's items: loading, error, empty and "Load more". */
function SectionList<Item>({
  paged,
  what,
  empty,
  children,
}: {
  paged: PagedList<Item>
  what: string
  empty: ReactNode
  children: ReactNode
}) {
  const sentinel = useInfiniteScroll(paged.loadMore, paged.more && !paged.loading && !paged.error)
  if (!paged.loaded) {
    if (paged.error) return <ErrorState message={paged.error} onRetry={paged.retry} />
    return <Spinner label={`Loading ${what}`} />
  }
  if (paged.items.length === 0) return <>{empty}</>
  return (
    <>
      {children}
      {paged.error ? (
        <ErrorState message={paged.error} onRetry={paged.retry} />
      ) : (
        <LoadMore
          more={paged.more}
          loading={paged.loading}
          what={what}
          onLoadMore={paged.loadMore}
          sentinelRef={sentinel}
        />
      )}
    </>
  )
}

function SearchTagsTab({ query }: { query: string }) {
  const paged = useSearchSection(query, 'tags')
  return (
    <SectionList paged={paged} what="tags" empty={<EmptyState title={tagsSection.empty(query)} />}>
      <ul className="card search-page-list" aria-label={COPY.search.sections.tags}>
        {paged.items.map((tag) => (
          <li key={tag.tag}>
            <Link to={tagPath(tag.tag)} className="search-page-row">
              <TagText tag={tag} />
            </Link>
          </li>
        ))}
      </ul>
    </SectionList>
  )
}

function SearchPeopleTab({ query }: { query: string }) {
  const paged = useSearchSection(query, 'users')
  return (
    <SectionList paged={paged} what="people" empty={<EmptyState title={SPEC_TEXT.noUserFound} />}>
      <ul className="card search-page-list" aria-label={COPY.search.sections.users}>
        {paged.items.map((user) => (
          <PersonRow
            key={user._id}
            user={user}
            size="large"
            long="truncate"
            detail={COPY.search.followerCount(user.followerCount)}
            follow
          />
        ))}
      </ul>
    </SectionList>
  )
}
