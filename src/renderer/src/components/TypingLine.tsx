import { useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'
import { TYPING } from '../../../shared/typing'
import { typingAtom, type Typist } from '../state/conversation-talk'

const NOBODY: Typist[] = []

/** "nova is typing…", "2 people are typing…", or null when nobody is (as of `now`). */
export function typingText(typists: readonly Typist[], now: number): string | null {
  const showing = typists.filter((typist) => now - typist.at < TYPING.showsMs)
  if (showing.length === 0) return null
  const [one] = showing
  if (showing.length === 1 && one) return `${one.username} is typing…`
  return `${showing.length} people are typing…`
}

/**
 * Who is typing in the conversation, under its messages (MessagesPage). A typist's line goes
 * `typingShowsMs` after their latest signal, or at once when their message arrives
 * (state/conversation-talk.ts). Announced politely to screen readers; the line keeps its height
 * so that the history does not jump when it comes and goes.
 */
export function TypingLine({ conversationId }: { conversationId: string }) {
  const typists = useAtomValue(typingAtom)[conversationId] ?? NOBODY
  const [now, setNow] = useState(() => Date.now())
  // A new signal: counted from now.
  useEffect(() => setNow(Date.now()), [typists])
  // Wakes when the earliest line runs out.
  useEffect(() => {
    const ends = typists.map((typist) => typist.at + TYPING.showsMs).filter((end) => end > now)
    if (ends.length === 0) return
    const timer = setTimeout(() => setNow(Date.now()), Math.min(...ends) - now)
    return () => clearTimeout(timer)
  }, [typists, now])
  const text = typingText(typists, now)
  return (
    <p className="typing-line small muted" aria-live="polite" data-testid="typing-line">
      {text ? <bdi>{text}</bdi> : null}
    </p>
  )
}
