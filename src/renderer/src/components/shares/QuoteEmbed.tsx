import { useAtomValue } from 'jotai'
import { Link } from 'react-router-dom'
import type { QuoteEmbed as QuoteEmbedData } from '../../../../shared/api-types'
import { COPY } from '../../copy'
import '../../styles/shares.css'
import { profilePath } from '../../lib/paths'
import { relationsAtom } from '../../state/relations'
import { Avatar } from '../Avatar'
import { DeletedPlaceholder } from '../DeletedPlaceholder'
import { PostMedia } from '../PostMedia'
import { RichText } from '../PostText'
import { RelativeTime } from '../RelativeTime'

/**
 * The post a quote quotes, one level deep: the post itself, the "deleted" placeholder once it
 * was deleted, a short line when it is hidden from the viewer, or for a quote inside a quote a
 * link to the post it quotes.
 */
export function QuoteEmbed({ embed }: { embed: QuoteEmbedData }) {
  const relations = useAtomValue(relationsAtom)
  const path = `/post/${encodeURIComponent(embed.postId)}`
  if (embed.state === 'deleted') {
    return (
      <div className="quote-embed quote-gone">
        <DeletedPlaceholder what="Post" height={0} focusOnMount={false} />
      </div>
    )
  }
  if (embed.state === 'nested') {
    return (
      <Link to={path} className="quote-nested-link">
        {COPY.shares.quoteNested}
      </Link>
    )
  }
  const post = embed.post
  // A live event is presented for nobody: the viewer's own blocks and mutes apply here.
  const hidden =
    post && (relations?.blocked.has(post.author._id) || relations?.muted.has(post.author._id))
  if (embed.state === 'unavailable' || !post || hidden) {
    return <p className="quote-embed quote-unavailable">{COPY.shares.quoteUnavailable}</p>
  }
  return (
    <section className="quote-embed" aria-label={COPY.shares.quotedPostLabel(post.username)}>
      <header className="quote-header">
        <Avatar src={post.author.profileImg} username={post.username} size={22} />
        <Link to={profilePath(post.username)} className="username-link" dir="auto">
          {post.username}
        </Link>
        <span className="dot" aria-hidden="true">
          ·
        </span>
        <Link to={path} className="time-link">
          <RelativeTime iso={post.createdAt} />
        </Link>
      </header>
      {post.content ? (
        <p className="quote-content" dir="auto">
          <RichText text={post.content} mentions={post.mentions} />
        </p>
      ) : null}
      {post.media && post.media.length > 0 ? <PostMedia media={post.media} /> : null}
      {post.quoteOf ? <QuoteEmbed embed={post.quoteOf} /> : null}
    </section>
  )
}
