import { useId, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { useBoxSearch } from '../state/search'
import { useServerFeature } from '../state/server-features'
import { Icon } from './Icon'
import { useSearchSections, searchPath, type BoxOption } from './SearchSections'
import { COPY, SPEC_TEXT } from '../copy'

/** A section as the box shows it: its options, then "See all" when it found any. */
interface ShownSection {
  type: string
  title: string
  options: BoxOption[]
  empty: string
  seeAll: BoxOption | null
}

/**
 * The top bar's search (docs/API.md, "Search"): a combobox whose list has a section per kind of
 * result (posts, tags, people: SearchSections.tsx), each with a few results and "See all",
 * which opens the search page. Arrows move through every option, Enter opens the chosen one (or
 * the search page), Escape closes. On a server without post search it is the spec's user search:
 * prefix matches of usernames, each opening the profile.
 */
export function SearchBox() {
  const everything = useServerFeature('post-search')
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const { answer, status, error, query } = useBoxSearch(text, everything)
  const loading = status === 'loading'
  const navigate = useNavigate()
  const listId = useId()
  const trimmed = text.trim()
  const settled = query === trimmed && !loading

  const SEARCH_SECTIONS = useSearchSections()
  const sections: ShownSection[] = settled
    ? SEARCH_SECTIONS.flatMap((section) => {
        const options = section.boxOptions(answer)
        if (!options) return []
        const seeAll =
          everything && options.length > 0
            ? {
                key: `all-${section.type}`,
                href: searchPath(query, section.type),
                content: (
                  <span className="search-see-all">
                    {COPY.search.seeAll} <span className="visually-hidden">{section.title}</span>
                  </span>
                ),
              }
            : null
        return [
          {
            type: section.type,
            title: section.title,
            options,
            empty: section.empty(query),
            seeAll,
          },
        ]
      })
    : []
  const choices = sections.flatMap((section) =>
    section.seeAll ? [...section.options, section.seeAll] : section.options,
  )
  const showList = open && trimmed.length > 0 && sections.length > 0
  const showNote = open && trimmed.length > 0 && !showList
  const optionId = (index: number) => `${listId}-option-${index}`

  const go = (href: string) => {
    setText('')
    setOpen(false)
    setActive(-1)
    navigate(href)
  }

  let index = -1
  return (
    <div
      className="search"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false)
      }}
    >
      <Icon name="search" size={18} className="search-icon" />
      <input
        type="search"
        role="combobox"
        aria-label={everything ? COPY.search.boxLabel : 'Search users'}
        aria-expanded={showList}
        aria-controls={showList ? listId : undefined}
        aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        aria-autocomplete="list"
        placeholder={SPEC_TEXT.searchPlaceholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setOpen(true)
          setActive(-1)
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            setOpen(false)
            setActive(-1)
          } else if (event.key === 'ArrowDown') {
            event.preventDefault()
            setOpen(true)
            setActive((i) => Math.min(choices.length - 1, i + 1))
          } else if (event.key === 'ArrowUp') {
            event.preventDefault()
            setActive((i) => Math.max(-1, i - 1))
          } else if (event.key === 'Enter') {
            const pick = choices[active]
            if (pick) go(pick.href)
            else if (everything && trimmed) go(searchPath(trimmed))
            else if (choices.length === 1 && choices[0]) go(choices[0].href)
          }
        }}
      />
      {showList ? (
        <div
          className="search-dropdown card"
          id={listId}
          role="listbox"
          aria-label={everything ? COPY.search.pageTitle : 'Users'}
        >
          {sections.map((section) => {
            const headingId = `${listId}-${section.type}`
            return (
              <div
                key={section.type}
                role="group"
                aria-labelledby={everything ? headingId : undefined}
                aria-label={everything ? undefined : 'Users'}
                className="search-section"
              >
                {everything ? (
                  <div className="search-section-title" id={headingId}>
                    {section.title}
                  </div>
                ) : null}
                {section.options.length === 0 ? (
                  <div className="search-note">{section.empty}</div>
                ) : null}
                {[...section.options, ...(section.seeAll ? [section.seeAll] : [])].map((option) => {
                  index += 1
                  const mine = index
                  return (
                    <button
                      type="button"
                      role="option"
                      id={optionId(mine)}
                      aria-selected={mine === active}
                      key={option.key}
                      className={`search-result${option === section.seeAll ? ' search-result-all' : ''}${mine === active ? ' active' : ''}`}
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => go(option.href)}
                    >
                      {option.content}
                    </button>
                  )
                })}
              </div>
            )
          })}
        </div>
      ) : null}
      {showNote ? (
        <div className="search-dropdown card" role="status">
          <p className="search-note">{error ?? COPY.search.searching}</p>
        </div>
      ) : null}
    </div>
  )
}
