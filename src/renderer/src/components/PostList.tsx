import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useRef } from 'react'
import type { ReactNode } from 'react'
import { useInfiniteScroll } from '../lib/use-infinite-scroll'
import { LoadMore } from './LoadMore'
import { useLiveResync } from '../lib/use-live-resync'
import { hasMore } from '../state/lists'
import {
  gathersNewPosts,
  loadPostListAtom,
  postListAtom,
  refreshPostListAtom,
} from '../state/posts'
import type { PostListKey } from '../state/posts'
import { NewPostsPill } from './NewPostsPill'
import { feedReasonsAtom } from '../state/feed-reasons'
import { PostCard } from './PostCard'
import { PostSkeletons } from './Spinner'
import { ErrorState } from './States'

/** A first page younger than this is not asked for again when the list mounts. */
const FIRST_PAGE_FRESH_MS = 3000

interface PostListProps {
  listKey: PostListKey
  /** Shown when the list is loaded and empty. */
  empty: ReactNode
}

/**
 * A paged list of posts: refreshes its first page on mount, then loads more on scroll. Home and
 * Explore's recent list gather the live stream's new posts behind a pill.
 */
export function PostList({ listKey, empty }: PostListProps) {
  const list = useAtomValue(postListAtom(listKey))
  const load = useSetAtom(loadPostListAtom)
  const refresh = useSetAtom(refreshPostListAtom)
  const listRef = useRef<HTMLDivElement>(null)
  // "X reposted" belongs to the home feed only: elsewhere the post was not brought by a repost.
  const reasons = useAtomValue(feedReasonsAtom)
  const more = hasMore(list)
  const loading = list.status === 'loading'
  const sentinel = useInfiniteScroll(() => void load(listKey), more && !loading && !list.error)

  useEffect(() => {
    // Fresh on every visit, except a first page loaded a moment ago (main.tsx's, at start).
    void load(listKey, { reset: true, unlessNewerThanMs: FIRST_PAGE_FRESH_MS })
  }, [listKey, load])
  useLiveResync(() => void refresh(listKey))

  if (!list.loaded) {
    if (list.status === 'error' && list.error) {
      return <ErrorState message={list.error} onRetry={() => void load(listKey, { reset: true })} />
    }
    return <PostSkeletons />
  }
  if (list.posts.length === 0) return <>{empty}</>

  return (
    <div className="post-list" ref={listRef}>
      {gathersNewPosts(listKey) ? <NewPostsPill listKey={listKey} listRef={listRef} /> : null}
      {list.posts.map((post) => (
        <PostCard
          key={post._id}
          post={post}
          repostedBy={listKey === 'feed' ? reasons[post._id] : null}
        />
      ))}
      {list.status === 'error' && list.error ? (
        <ErrorState message={list.error} onRetry={() => void load(listKey)} />
      ) : null}
      <LoadMore
        more={more}
        loading={loading}
        what="posts"
        onLoadMore={() => void load(listKey)}
        sentinelRef={sentinel}
        endText="You're all caught up"
      />
    </div>
  )
}
