import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { CSSProperties, ReactNode, RefObject } from 'react'
import { EmojiPanel } from './EmojiPanel'

/** The picker's size (styles/emoji.css), to place it beside its button. */
const PICKER_WIDTH = 352
const PICKER_HEIGHT = 380
const GAP = 6
const MARGIN = 8
/** At this width and below, the picker is a sheet along the window's bottom (styles/emoji.css). */
const SHEET_WIDTH = 480

/** Where the picker goes: above the button where there is room, else below; inside the window. */
function placeBeside(anchor: DOMRect): CSSProperties {
  if (window.innerWidth <= SHEET_WIDTH) return {}
  const roomAbove = anchor.top >= PICKER_HEIGHT + GAP + MARGIN
  const top = roomAbove
    ? anchor.top - PICKER_HEIGHT - GAP
    : Math.max(MARGIN, Math.min(anchor.bottom + GAP, window.innerHeight - PICKER_HEIGHT - MARGIN))
  const left = Math.max(
    MARGIN,
    Math.min(anchor.right - PICKER_WIDTH, window.innerWidth - PICKER_WIDTH - MARGIN),
  )
  return { top, left }
}

/**
 * A small dialog beside the control that opened it. It is shown in the top layer (the popover
 * API), so that no card or dialog around it clips it (the New Post dialog scrolls its content),
 * while it stays where it is in the page for focus and events. Escape closes it (and goes no
 * further, so a dialog around stays open), as does a press outside; either way the focus goes
 * back to `returnTo`.
 */
export function EmojiPopover({
  label,
  returnTo,
  onClose,
  children,
}: {
  label: string
  returnTo: RefObject<HTMLElement | null>
  onClose: () => void
  children: ReactNode
}) {
  const ref = useRef<HTMLDivElement>(null)
  const [place, setPlace] = useState<CSSProperties>({})
  useLayoutEffect(() => {
    // Browsers without the popover API show it in place, fixed all the same.
    ref.current?.showPopover?.()
    // A picker already loaded rendered with the popover still hidden, where its search field's
    // autoFocus could not take the focus: given now. (One still loading takes it as it comes.)
    ref.current?.querySelector('input')?.focus()
    const follow = () => {
      const anchor = returnTo.current?.getBoundingClientRect()
      if (anchor) setPlace(placeBeside(anchor))
    }
    follow()
    window.addEventListener('resize', follow)
    window.addEventListener('scroll', follow, true)
    return () => {
      window.removeEventListener('resize', follow)
      window.removeEventListener('scroll', follow, true)
    }
  }, [returnTo])
  const closeRef = useRef(onClose)
  useEffect(() => {
    closeRef.current = onClose
  })
  useEffect(() => {
    const away = (event: MouseEvent) => {
      const target = event.target as Node
      if (ref.current?.contains(target) || returnTo.current?.contains(target)) return
      closeRef.current()
    }
    document.addEventListener('mousedown', away)
    return () => document.removeEventListener('mousedown', away)
  }, [returnTo])
  return (
    <div
      ref={ref}
      popover="manual"
      className="emoji-popover"
      style={place}
      role="dialog"
      aria-label={label}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return
        event.preventDefault()
        event.stopPropagation()
        closeRef.current()
        returnTo.current?.focus()
      }}
    >
      {children}
    </div>
  )
}

/** The picker in its popover: what a button opens (LazyEmojiPicker loads this module). */
export function EmojiPickerPopover({
  label,
  returnTo,
  onClose,
  onPick,
}: {
  label: string
  returnTo: RefObject<HTMLElement | null>
  onClose: () => void
  onPick: (emoji: string) => void
}) {
  return (
    <EmojiPopover label={label} returnTo={returnTo} onClose={onClose}>
      <EmojiPanel onPick={onPick} />
    </EmojiPopover>
  )
}
