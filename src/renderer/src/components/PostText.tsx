import { Suspense, lazy, useEffect, useMemo, useState } from 'react'
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import type * as LinkifyModule from 'linkifyjs'
import { parseRichText } from '../../../shared/rich-text'
import { profilePath, tagPath } from '../lib/paths'

type Linkify = typeof LinkifyModule

/**
 * linkifyjs (with its list of top-level domains) loads after the first paint, in its own chunk,
 * once the browser is idle: it would otherwise be a tenth of the first load, and starting it
 * costs as much as drawing the posts. Until then a post shows without web links.
 */
let linkify: Linkify | null = null
let loading: Promise<Linkify> | null = null
function loadLinkify(): Promise<Linkify> {
  loading ??= import('linkifyjs').then((module) => (linkify = module))
  return loading
}

/** A part of the text drawn as a link: where it starts and ends, and the link. */
interface Span {
  start: number
  end: number
  node: ReactNode
}

/** The http(s) web addresses of `text` as links. */
function webLinks(finder: Linkify, text: string): Span[] {
  return finder
    .find(text, 'url')
    .filter((match) => /^https?:\/\//i.test(match.href))
    .map((match) => ({
      start: match.start,
      end: match.end,
      node: (
        <a
          key={`url-${match.start}`}
          href={match.href}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="post-link"
        >
          {match.value}
        </a>
      ),
    }))
}

/**
 * Runs `task` when the browser is next idle (at most `timeoutMs` later): after the frame that
 * shows the posts, which it would otherwise delay by the time linkify takes to start.
 */
function whenIdle(task: () => void, timeoutMs = 500): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: timeoutMs })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(task, 50)
  return () => clearTimeout(id)
}

/**
 * The `@mentions` of existing users (`mentions`, from the server) and the `#tags` of `text`, as
 * links, found by the parser the server indexes with (shared/rich-text.ts). A mention of nobody
 * stays plain text: the server did not list it.
 */
function mentionAndTagLinks(text: string, mentions: readonly string[], plain = false): Span[] {
  const stored = new Map(mentions.map((username) => [username.toLowerCase(), username]))
  const spans: Span[] = []
  let at = 0
  for (const segment of parseRichText(text)) {
    const start = at
    at += segment.text.length
    // `plain` (a bio): no links, but mentions and tags still isolated, so that a name or tag
    // written left to right keeps its order inside right-to-left text.
    if (plain && (segment.kind === 'tag' || segment.kind === 'mention')) {
      spans.push({ start, end: at, node: segment.text })
    } else if (segment.kind === 'tag') {
      spans.push({
        start,
        end: at,
        node: (
          <Link key={`tag-${start}`} to={tagPath(segment.tag)} className="tag-link">
            {segment.text}
          </Link>
        ),
      })
    } else if (segment.kind === 'mention') {
      const username = stored.get(segment.username.toLowerCase())
      // A mention of nobody stays plain, but isolated all the same: it must not jump in
      // right-to-left text either.
      if (username === undefined) {
        spans.push({ start, end: at, node: segment.text })
        continue
      }
      spans.push({
        start,
        end: at,
        node: (
          <Link key={`mention-${start}`} to={profilePath(username)} className="mention-link">
            {segment.text}
          </Link>
        ),
      })
    }
  }
  return spans
}

const NO_MENTIONS: readonly string[] = []

/** Drawn by a module loaded with the first text that names a custom emoji (`:shortcode:`). */
const EmojiText = lazy(() => import('./emoji/CustomEmojiText'))

/**
 * A plain part of the text: as it is, or with its custom emoji once their module is here. Also
 * a reaction chip's glyph (ReactionBar.tsx): `:shortcode:` is drawn the same way there.
 */
export const plainPart = (text: string, key: number): ReactNode =>
  /:[a-z0-9_]{2,30}:/.test(text) ? (
    <Suspense key={key} fallback={text}>
      <EmojiText text={text} />
    </Suspense>
  ) : (
    text
  )

/**
 * A post's or comment's text with its web addresses, `@mentions` of existing users and `#tags`
 * as links; the rest stays plain, selectable text. Web links open in a new window, which the
 * desktop app turns into the system browser (src/main/window.ts `lockNavigation`); only http(s)
 * addresses count. A mention or tag inside a web address is part of the address.
 */
export function RichText({
  text,
  mentions = NO_MENTIONS,
  plain = false,
}: {
  text: string
  mentions?: readonly string[]
  /** No links at all (a bio): mentions and tags are only isolated from the text around them. */
  plain?: boolean
}) {
  const [finder, setFinder] = useState<Linkify | null>(linkify)
  const maybeLink = /[.:]/.test(text)
  useEffect(() => {
    if (!finder && maybeLink) {
      let live = true
      const cancel = whenIdle(() => void loadLinkify().then((module) => live && setFinder(module)))
      return () => {
        live = false
        cancel()
      }
    }
  }, [finder, maybeLink])

  const parts = useMemo(() => {
    const urls = finder && maybeLink && !plain ? webLinks(finder, text) : []
    const inUrl = (span: Span) => urls.some((url) => span.start < url.end && url.start < span.end)
    const spans = [
      ...urls,
      ...mentionAndTagLinks(text, mentions, plain).filter((span) => !inUrl(span)),
    ]
    if (spans.length === 0) return [plainPart(text, 0)]
    spans.sort((a, b) => a.start - b.start)
    const nodes: ReactNode[] = []
    let at = 0
    for (const span of spans) {
      if (span.start > at) nodes.push(plainPart(text.slice(at, span.start), at))
      // Isolated, so a mention, tag or address keeps its place (and its "@" or "#" its side)
      // inside right-to-left text; the paragraph sets its own direction
      // (`dir="auto"` where the text is shown).
      nodes.push(
        <bdi key={`bdi-${span.start}`} className="inline-token">
          {span.node}
        </bdi>,
      )
      at = span.end
    }
    if (at < text.length) nodes.push(plainPart(text.slice(at), at))
    return nodes
  }, [finder, maybeLink, text, mentions, plain])

  return <>{parts}</>
}
