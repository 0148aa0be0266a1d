import { useEffect, useRef } from 'react'

interface DeletedPlaceholderProps {
  what: 'Post' | 'Comment'
  /** The height the item had: the placeholder keeps it, so nothing below moves. */
  height: number
  /** Offered while the delete has not gone to the server yet. */
  onUndo?: () => void
  as?: 'div' | 'li'
  /**
   * Whether it takes keyboard focus when it appears (the item it replaces was just deleted).
   * False where it stands for something deleted long ago, such as a quote's original.
   */
  focusOnMount?: boolean
}

/** Stands where a deleted post or comment was, at its height, with Undo while it is possible. */
export function DeletedPlaceholder({
  what,
  height,
  onUndo,
  as = 'div',
  focusOnMount = true,
}: DeletedPlaceholderProps) {
  const undoRef = useRef<HTMLButtonElement>(null)
  const boxRef = useRef<HTMLElement>(null)
  const undoable = Boolean(onUndo)
  // Keyboard focus stays here rather than falling to the page when the trash button goes.
  useEffect(() => {
    if (!focusOnMount) return
    if (undoable) undoRef.current?.focus()
    else if (
      boxRef.current?.contains(document.activeElement) ||
      document.activeElement === document.body
    ) {
      boxRef.current?.focus()
    }
  }, [undoable, focusOnMount])
  const Tag = as
  return (
    <Tag
      ref={boxRef as never}
      className={`deleted-placeholder${as === 'div' ? ' card' : ''}`}
      style={{ minHeight: height }}
      tabIndex={-1}
    >
      <span role="status">{undoable ? `${what} deleted.` : `${what} deleted`}</span>
      {onUndo ? (
        <button ref={undoRef} type="button" className="btn btn-secondary btn-sm" onClick={onUndo}>
          Undo
        </button>
      ) : null}
    </Tag>
  )
}
