import { useAtomValue, useSetAtom } from 'jotai'
import type { RefObject } from 'react'
import { newPostCountAtom, showNewPostsAtom } from '../state/posts'
import type { PostListKey } from '../state/posts'
import { Icon } from './Icon'

/**
 * "N new posts": the posts the live stream brought wait here instead of pushing the list down
 * while it is read. A click shows them, scrolls to the top of the list and puts the keyboard on
 * the newest. The slot is always there, a polite live region, so screen readers hear the count.
 */
export function NewPostsPill({
  listKey,
  listRef,
}: {
  listKey: PostListKey
  listRef: RefObject<HTMLElement | null>
}) {
  const count = useAtomValue(newPostCountAtom(listKey))
  const show = useSetAtom(showNewPostsAtom)

  const onClick = () => {
    show(listKey)
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' })
    // After React has drawn them: the newest post takes the focus the pill had.
    requestAnimationFrame(() => {
      listRef.current
        ?.querySelector<HTMLElement>('article.post-card')
        ?.focus({ preventScroll: true })
    })
  }

  return (
    <div className="new-posts-slot" aria-live="polite">
      {count > 0 ? (
        <button type="button" className="btn btn-primary new-posts-pill" onClick={onClick}>
          <Icon name="up" size={16} />
          {count === 1 ? '1 new post' : `${count} new posts`}
        </button>
      ) : null}
    </div>
  )
}
