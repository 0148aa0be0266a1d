import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import type { ReactNode } from 'react'
import { useInfiniteScroll } from '../lib/use-infinite-scroll'
import { hasMore } from '../state/lists'
import { loadPostListAtom, postListAtom } from '../state/posts'
import type { PostListKey } from '../state/posts'
import { PostCard } from './PostCard'
import { PostSkeletons, Spinner } from './Spinner'
import { ErrorState } from './States'

interface PostListProps {
  listKey: PostListKey
  /** Shown when the list is loaded and empty. */
  empty: ReactNode
}

/** A paged list of posts: refreshes its first page on mount, then loads more on scroll. */
export function PostList({ listKey, empty }: PostListProps) {
  const list = useAtomValue(postListAtom(listKey))
  const load = useSetAtom(loadPostListAtom)
  const more = hasMore(list)
  const loading = list.status === 'loading'
  const sentinel = useInfiniteScroll(() => void load(listKey), more && !loading && !list.error)

  useEffect(() => {
    void load(listKey, { reset: true })
  }, [listKey, load])

  if (!list.loaded) {
    if (list.status === 'error' && list.error) {
      return <ErrorState message={list.error} onRetry={() => void load(listKey, { reset: true })} />
    }
    return <PostSkeletons />
  }
  if (list.posts.length === 0) return <>{empty}</>

  return (
    <div className="post-list">
      {list.posts.map((post) => (
        <PostCard key={post._id} post={post} />
      ))}
      {list.status === 'error' && list.error ? (
        <ErrorState message={list.error} onRetry={() => void load(listKey)} />
      ) : null}
      {more ? (
        <div className="load-more" ref={sentinel}>
          {loading ? (
            <Spinner label="Loading more posts" />
          ) : (
            <button type="button" className="btn btn-secondary" onClick={() => void load(listKey)}>
              Load more
            </button>
          )}
        </div>
      ) : (
        <p className="list-end">You're all caught up</p>
      )}
    </div>
  )
}
