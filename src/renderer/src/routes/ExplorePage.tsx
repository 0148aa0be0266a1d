import { useState } from 'react'
import { PostList } from '../components/PostList'
import { EmptyState } from '../components/States'
import { Suggestions } from '../components/Suggestions'
import { TrendingPanel } from '../components/TrendingPanel'
import { SPEC_TEXT } from '../copy'
import { SCREENS_COPY } from '../copy-screens'

export function ExplorePage() {
  const [byLike, setByLike] = useState(false)
  return (
    <div className="page-with-aside">
      <div className="page-head page-title-row">
        <h1 id="explore-title" className="page-title">
          {SPEC_TEXT.exploreTitle}
        </h1>
        <label className="toggle">
          <input
            type="checkbox"
            checked={byLike}
            onChange={(event) => setByLike(event.target.checked)}
          />
          <span className="toggle-track" aria-hidden="true" />
          <span>{SPEC_TEXT.byLike}</span>
        </label>
      </div>
      <section className="page-main" data-main-column aria-labelledby="explore-title">
        <TrendingPanel />
        <PostList
          key={byLike ? 'likes' : 'recent'}
          listKey={byLike ? 'explore:likes' : 'explore:recent'}
          empty={<EmptyState title={SCREENS_COPY.explore.empty} />}
        />
      </section>
      <Suggestions />
    </div>
  )
}
