import { Link, useSearchParams } from 'react-router-dom'
import { useSearchSections, quoted, searchPath } from '../components/SearchSections'
import { EmptyState } from '../components/States'
import { COPY } from '../copy'

/**
 * `/search?q=&type=`: what the top bar's search found (docs/API.md, "Search"), one section at a
 * time (posts first), each a paged list. The query and the section live in the address, so a
 * reload or a shared link shows the same search.
 */
export function SearchPage() {
  const [params] = useSearchParams()
  const query = (params.get('q') ?? '').trim()
  const SEARCH_SECTIONS = useSearchSections()
  const current =
    SEARCH_SECTIONS.find((section) => section.type === params.get('type')) ?? SEARCH_SECTIONS[0]
  if (!query || !current) {
    return (
      <section className="page-single" data-main-column aria-labelledby="search-title">
        <h1 id="search-title" className="page-title">
          {COPY.search.pageTitle}
        </h1>
        <EmptyState title={COPY.search.askTitle}>
          <p className="empty-hint">{COPY.search.askHint}</p>
        </EmptyState>
      </section>
    )
  }
  const { Page } = current
  return (
    <section className="page-single" data-main-column aria-labelledby="search-title">
      <h1 id="search-title" className="page-title search-page-title" dir="auto">
        {COPY.search.resultsFor(quoted(query))}
      </h1>
      <nav className="search-tabs" aria-label={COPY.search.sectionsLabel}>
        {SEARCH_SECTIONS.map((section) => (
          <Link
            key={section.type}
            to={searchPath(query, section.type)}
            replace
            className={`search-tab${section === current ? ' active' : ''}`}
            aria-current={section === current ? 'page' : undefined}
          >
            {section.title}
          </Link>
        ))}
      </nav>
      <Page key={`${current.type}:${query}`} query={query} />
    </section>
  )
}
