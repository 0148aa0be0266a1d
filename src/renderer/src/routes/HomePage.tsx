import { Link } from 'react-router-dom'
import { PostList } from '../components/PostList'
import { EmptyState } from '../components/States'
import { Suggestions } from '../components/Suggestions'
import { Composer } from '../components/Composer'

export function HomePage() {
  return (
    <div className="page-with-aside">
      <div className="page-head">
        <h1 id="home-title" className="page-title">
          Welcome Back...
        </h1>
      </div>
      <section className="page-main" data-main-column aria-labelledby="home-title">
        <Composer />
        <PostList
          listKey="feed"
          empty={
            <EmptyState title="Follow some people to get started">
              <Link to="/explore" className="btn btn-primary">
                Explore
              </Link>
            </EmptyState>
          }
        />
      </section>
      <Suggestions />
    </div>
  )
}
