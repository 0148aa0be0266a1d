/**
 * Text with the server's custom emoji drawn in place (docs/API.md, "Custom emoji"): each
 * `:shortcode:` the server has becomes its small image, named `:shortcode:` (so it reads and
 * copies as written); any other stays text. Loaded with the first text that names a shortcode
 * (PostText.tsx): not in the first load. Only ever given plain text: links, mentions and tags
 * are drawn around it and never reach here.
 */
import type { ReactNode } from 'react'
import { resolveMediaUrl } from '../../lib/addresses'
import '../../styles/custom-emoji.css'
import { useCustomEmoji, type CustomEmojiSet } from '../../state/custom-emoji'

/** One custom emoji's image, about the height of a line of text. */
export function CustomEmojiImage({ shortcode, url }: { shortcode: string; url: string }) {
  const name = `:${shortcode}:`
  return (
    <img
      className="custom-emoji"
      src={resolveMediaUrl(url) ?? undefined}
      alt={name}
      title={name}
      loading="lazy"
      draggable={false}
    />
  )
}

const SHORTCODES = /:([a-z0-9_]{2,30}):/g

/** `text` split into its plain parts and the images of the shortcodes `known` has. */
export function withCustomEmoji(text: string, known: CustomEmojiSet | null): ReactNode[] {
  if (!known || known.list.length === 0) return [text]
  const nodes: ReactNode[] = []
  const pattern = new RegExp(SHORTCODES)
  let at = 0
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const emoji = known.byShortcode.get(match[1] ?? '')
    if (!emoji) {
      // Its closing colon may open a known one ("10:30:gg:"): look again from there.
      pattern.lastIndex = match.index + match[0].length - 1
      continue
    }
    if (match.index > at) nodes.push(text.slice(at, match.index))
    nodes.push(<CustomEmojiImage key={match.index} shortcode={emoji.shortcode} url={emoji.url} />)
    at = match.index + match[0].length
  }
  if (at < text.length) nodes.push(text.slice(at))
  return nodes
}

export default function CustomEmojiText({ text }: { text: string }) {
  const known = useCustomEmoji()
  return <>{withCustomEmoji(text, known)}</>
}
