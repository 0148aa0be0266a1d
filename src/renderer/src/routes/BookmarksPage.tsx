import { Link } from 'react-router-dom'
import { PostList } from '../components/PostList'
import { EmptyState } from '../components/States'
import { SPEC_TEXT } from '../copy'
import { SCREENS_COPY } from '../copy-screens'

export function BookmarksPage() {
  return (
    <section className="page-single" data-main-column aria-labelledby="bookmarks-title">
      <h1 id="bookmarks-title" className="page-title">
        {SPEC_TEXT.bookmarksTitle}
      </h1>
      <PostList
        listKey="bookmarks"
        empty={
          <EmptyState title={SPEC_TEXT.bookmarksEmpty}>
            <Link to="/explore" className="btn btn-secondary">
              {SCREENS_COPY.bookmarks.findPosts}
            </Link>
          </EmptyState>
        }
      />
    </section>
  )
}
