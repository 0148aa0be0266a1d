import { atom, useAtomValue, useSetAtom } from 'jotai'
import { useMemo, useState } from 'react'
import type { Post } from '../../../../shared/api-types'
import { COPY } from '../../copy'
import { formatCount } from '../../lib/relative-time'
import { userAtom } from '../../state/auth'
import { useServerFeature } from '../../state/server-features'
import { repostToggleAtom, shownRepostCount, shownReposted } from '../../state/shares'
import { Icon } from '../Icon'
import { lazyComponent } from '../../lib/lazy-component'

/** Opened by a click: not part of the first load. */
const QuoteDialog = lazyComponent(() =>
  import('./QuoteDialog').then((module) => module.QuoteDialog),
)
const RepostersDialog = lazyComponent(() =>
  import('./RepostersDialog').then((module) => module.RepostersDialog),
)

/** Repost (a toggle) and Quote (a dialog), with their counts; only on a server with reposts. */
export function ShareButtons({ post }: { post: Post }) {
  const supported = useServerFeature('reposts')
  const me = useAtomValue(userAtom)
  const view = useMemo(
    () => atom((get) => ({ on: shownReposted(get, post), count: shownRepostCount(get, post) })),
    [post],
  )
  const { on, count } = useAtomValue(view)
  const toggle = useSetAtom(repostToggleAtom)
  const [quoting, setQuoting] = useState(false)
  const [listing, setListing] = useState(false)
  if (!supported || !me) return null
  const quotes = post.quoteCount ?? 0
  return (
    <>
      <button
        type="button"
        className={`action-btn repost${on ? ' active' : ''}`}
        aria-label={COPY.shares.repostLabel(on, count)}
        aria-pressed={on}
        title={on ? COPY.shares.undoRepost : COPY.shares.repost}
        onClick={() => void toggle(post._id, (shown) => !shown)}
      >
        <Icon name="repost" size={19} />
        {count > 0 ? null : (
          <span className="count" aria-hidden="true">
            {formatCount(count)}
          </span>
        )}
      </button>
      {count > 0 ? (
        // The count opens who reposted; the icon reposts.
        <button
          type="button"
          className="action-count repost-count"
          aria-label={COPY.shares.whoReposted(count)}
          title={COPY.shares.whoRepostedTitle}
          onClick={() => setListing(true)}
        >
          {formatCount(count)}
        </button>
      ) : null}
      <button
        type="button"
        className="action-btn quote"
        aria-label={COPY.shares.quoteLabel(quotes)}
        title={COPY.shares.quote}
        onClick={() => setQuoting(true)}
      >
        <Icon name="quote" size={19} />
        <span className="count" aria-hidden="true">
          {formatCount(quotes)}
        </span>
      </button>
      {quoting ? <QuoteDialog post={post} onClose={() => setQuoting(false)} /> : null}
      {listing ? <RepostersDialog postId={post._id} onClose={() => setListing(false)} /> : null}
    </>
  )
}
