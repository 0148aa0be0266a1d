import { useEffect, useRef } from 'react'
import type { KeyboardEvent } from 'react'
import { REACTIONS, type Reaction } from '../../../../shared/reactions'
import { COPY } from '../../copy'
import { Icon } from '../Icon'

/**
 * The quick six as a menu of checkable items, then "More emoji" for the full picker: arrow keys
 * move (wrapping), Home and End jump, Enter or Space picks, Escape or Tab closes; focus starts
 * on the first item.
 */
export function ReactionPicker({
  mine,
  onPick,
  onMore,
  onClose,
}: {
  mine: ReadonlySet<Reaction>
  onPick: (reaction: Reaction) => void
  /** Null on a server that takes only the quick six (an older version). */
  onMore: (() => void) | null
  onClose: () => void
}) {
  const itemsRef = useRef<(HTMLButtonElement | null)[]>([])
  const menuRef = useRef<HTMLDivElement>(null)
  useEffect(() => itemsRef.current[0]?.focus(), [])
  useEffect(() => {
    const away = (event: MouseEvent) => {
      if (!menuRef.current?.parentElement?.contains(event.target as Node)) onClose()
    }
    document.addEventListener('mousedown', away)
    return () => document.removeEventListener('mousedown', away)
  }, [onClose])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = itemsRef.current.filter((item): item is HTMLButtonElement => item !== null)
    const at = items.indexOf(document.activeElement as HTMLButtonElement)
    const move = (to: number) => {
      event.preventDefault()
      items[(to + items.length) % items.length]?.focus()
    }
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') move(at + 1)
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') move(at - 1)
    else if (event.key === 'Home') move(0)
    else if (event.key === 'End') move(items.length - 1)
    else if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      onClose()
    } else if (event.key === 'Tab') onClose()
  }

  return (
    <div
      ref={menuRef}
      className="reaction-picker"
      role="menu"
      aria-label={COPY.reactions.pickerLabel}
      aria-orientation="horizontal"
      onKeyDown={onKeyDown}
    >
      {REACTIONS.map(({ key, emoji, label }, index) => (
        <button
          key={key}
          ref={(element) => {
            itemsRef.current[index] = element
          }}
          type="button"
          role="menuitemcheckbox"
          aria-checked={mine.has(key)}
          aria-label={COPY.reactions.reactWith(label)}
          title={COPY.reactions.reactWith(label)}
          tabIndex={index === 0 ? 0 : -1}
          className={`reaction-option${mine.has(key) ? ' active' : ''}`}
          onClick={() => onPick(key)}
        >
          <span aria-hidden="true">{emoji}</span>
        </button>
      ))}
      {onMore ? (
        <button
          ref={(element) => {
            itemsRef.current[REACTIONS.length] = element
          }}
          type="button"
          role="menuitem"
          aria-label={COPY.reactions.more}
          title={COPY.reactions.moreTitle}
          tabIndex={-1}
          className="reaction-option reaction-more"
          onClick={onMore}
        >
          <Icon name="plus" size={18} />
        </button>
      ) : null}
    </div>
  )
}
