import { Link, useParams } from 'react-router-dom'
import { isValidTag, normalizeTag, TAG_MAX_LENGTH } from '../../../shared/rich-text'
import { PostList } from '../components/PostList'
import { EmptyState } from '../components/States'
import { SCREENS_COPY } from '../copy-screens'

/**
 * `/tags/:tag`: the posts whose text holds `#tag`, newest first, a page at a time (docs/API.md,
 * "Mentions and tags"). Tags compare without case, so `/tags/LAN` shows `#lan`. Something that
 * is no tag is said so here, without asking the server.
 */
export function TagPage() {
  const { tag: raw = '' } = useParams()
  if (!isValidTag(raw)) {
    return (
      <section className="page-single" data-main-column aria-labelledby="tag-title">
        <h1 id="tag-title" className="page-title">
          Tag
        </h1>
        <EmptyState title={SCREENS_COPY.tags.notATag}>
          <p className="empty-hint tag-invalid">
            A hashtag is <code>#</code> then up to {TAG_MAX_LENGTH} letters, digits or{' '}
            <code>_</code>, with at least one letter, like <code>#lan_party</code>.
          </p>
          <Link to="/explore" className="btn btn-secondary">
            Explore posts
          </Link>
        </EmptyState>
      </section>
    )
  }
  const tag = normalizeTag(raw)
  return (
    <section className="page-single" data-main-column aria-labelledby="tag-title">
      <h1 id="tag-title" className="page-title tag-title">
        #{tag}
      </h1>
      <PostList
        key={tag}
        listKey={`tag:${tag}`}
        empty={
          <EmptyState title={SCREENS_COPY.tags.empty(tag)}>
            <p className="empty-hint">{SCREENS_COPY.tags.emptyHint(tag)}</p>
          </EmptyState>
        }
      />
    </section>
  )
}
