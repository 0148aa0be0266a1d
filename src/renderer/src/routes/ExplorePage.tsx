import { useState } from 'react'
import { PostList } from '../components/PostList'
import { EmptyState } from '../components/States'
import { Suggestions } from '../components/Suggestions'

export function ExplorePage() {
  const [byLike, setByLike] = useState(false)
  return (
    <div className="page-with-aside">
      <div className="page-head page-title-row">
        <h1 id="explore-title" className="page-title">
          Explore New Things...
        </h1>
        <label className="toggle">
          <input
            type="checkbox"
            checked={byLike}
            onChange={(event) => setByLike(event.target.checked)}
          />
          <span className="toggle-track" aria-hidden="true" />
          <span>By like</span>
        </label>
      </div>
      <section className="page-main" data-main-column aria-labelledby="explore-title">
        <PostList
          key={byLike ? 'likes' : 'recent'}
          listKey={byLike ? 'explore:likes' : 'explore:recent'}
          empty={<EmptyState title="No posts yet..." />}
        />
      </section>
      <Suggestions />
    </div>
  )
}
