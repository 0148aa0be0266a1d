import { useId, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { Icon } from '../components/Icon'
import { useSearchSections, quoted, searchPath } from '../components/SearchSections'
import { EmptyState } from '../components/States'
import { Spinner } from '../components/Spinner'
import { COPY, SEARCH_FIELD_COPY } from '../copy'
import { namesSomething, SEARCH_LIMITS, type SearchType } from '../../../shared/search'
import { useSearchCounts } from '../state/search'

/**
 * The page's own search field, at its top on every width: the query now (a fresh load and a
 * reload included), and Enter or the button searches again, in the section shown, as a new
 * entry of the history. On phones it stands in for the top bar's box (search.css), so the
 * screen has one search box, not two stacked; on a desktop the top bar's box stays the quick
 * search with its suggestions, and this one edits the page's query.
 */
function SearchField({ query, type }: { query: string; type: SearchType | undefined }) {
  const navigate = useNavigate()
  const [text, setText] = useState(query)
  const [error, setError] = useState<string | null>(null)
  const errorId = useId()
  return (
    <form
      role="search"
      className="search-page-form"
      aria-label={SEARCH_FIELD_COPY.formLabel}
      onSubmit={(event) => {
        event.preventDefault()
        const wanted = text.trim()
        if (!wanted) {
          setError(SEARCH_FIELD_COPY.empty)
          return
        }
        setError(null)
        if (wanted !== query) navigate(searchPath(wanted, type))
      }}
    >
      <div className="search-page-field">
        <Icon name="search" size={18} className="search-icon" />
        <input
          type="search"
          name="q"
          dir="auto"
          enterKeyHint="search"
          autoComplete="off"
          aria-label={SEARCH_FIELD_COPY.fieldLabel}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          placeholder={SEARCH_FIELD_COPY.placeholder}
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            if (error) setError(null)
          }}
        />
        <button type="submit" className="btn btn-primary search-page-submit">
          {SEARCH_FIELD_COPY.submit}
        </button>
      </div>
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  )
}

/** The page's tabs, in order: people first, as Bluesky and Mastodon put them. */
const TAB_ORDER: readonly SearchType[] = ['users', 'posts', 'tags', 'games']

/**
 * `/search?q=&type=`: what the top bar's search found (docs/API.md, "Search"), one section at a
 * time, each a paged list, with a tab per section saying how many it holds. The query and the
 * section live in the address, so a reload or a shared link shows the same search. Without a
 * section named, the page lands on the first tab that found something (People when a name
 * matches), or says that nothing matches.
 */
export function SearchPage() {
  const [params] = useSearchParams()
  const query = (params.get('q') ?? '').trim()
  const sections = useSearchSections()
  const tabs = TAB_ORDER.flatMap((type) => sections.filter((section) => section.type === type))
  const { counts, settled } = useSearchCounts(query)
  const named = tabs.find((section) => section.type === params.get('type'))
  const countOf = (type: SearchType) => (counts ? (counts[type] ?? 0) : undefined)
  // Landing: the first tab with results once counts are known; People when they failed.
  const landed =
    named ??
    (settled ? (counts ? tabs.find((tab) => (countOf(tab.type) ?? 0) > 0) : tabs[0]) : undefined)
  if (!query || tabs.length === 0) {
    return (
      <section className="page-single" data-main-column aria-labelledby="search-title">
        <h1 id="search-title" className="page-title">
          {COPY.search.pageTitle}
        </h1>
        <SearchField key="" query="" type={undefined} />
        <EmptyState title={COPY.search.askTitle}>
          <p className="empty-hint">{COPY.search.askHint}</p>
        </EmptyState>
      </section>
    )
  }
  return (
    <section className="page-single" data-main-column aria-labelledby="search-title">
      <h1 id="search-title" className="page-title search-page-title" dir="auto">
        {COPY.search.resultsFor(quoted(query))}
      </h1>
      {/* Keyed by the query: another search (the top bar, back and forward) refills it. */}
      <SearchField key={query} query={query} type={named?.type} />
      <nav className="search-tabs" aria-label={COPY.search.sectionsLabel}>
        {tabs.map((section) => {
          const count = countOf(section.type)
          const shown =
            count === undefined ? null : COPY.search.tabCount(count, SEARCH_LIMITS.countCap)
          return (
            <Link
              key={section.type}
              to={searchPath(query, section.type)}
              replace
              className={`search-tab${section === landed ? ' active' : ''}`}
              aria-current={section === landed ? 'page' : undefined}
              aria-label={shown === null ? undefined : COPY.search.tabLabel(section.title, shown)}
            >
              {section.title}
              {shown === null ? null : (
                <span className="search-tab-count" aria-hidden="true">
                  {shown}
                </span>
              )}
            </Link>
          )
        })}
      </nav>
      {landed ? (
        <landed.Page key={`${landed.type}:${query}`} query={query} />
      ) : settled ? (
        <EmptyState title={COPY.search.nothing(quoted(query))}>
          <p className="empty-hint">
            {namesSomething(query) ? COPY.search.tryHint : COPY.search.noWordsHint}
          </p>
        </EmptyState>
      ) : (
        <Spinner label={COPY.search.searching} />
      )}
    </section>
  )
}
