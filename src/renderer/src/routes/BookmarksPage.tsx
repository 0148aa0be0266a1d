import { Link } from 'react-router-dom'
import { PostList } from '../components/PostList'
import { EmptyState } from '../components/States'

export function BookmarksPage() {
  return (
    <section className="page-single" data-main-column aria-labelledby="bookmarks-title">
      <h1 id="bookmarks-title" className="page-title">
        Saved Posts
      </h1>
      <PostList
        listKey="bookmarks"
        empty={
          <EmptyState title="Nothing is here ...">
            <Link to="/explore" className="btn btn-secondary">
              Find posts to save
            </Link>
          </EmptyState>
        }
      />
    </section>
  )
}
