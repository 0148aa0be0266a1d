import { useEffect, useId, useRef, useState } from 'react'
import type { KeyboardEvent } from 'react'

/**
 * A menu button and its popup menu (the WAI-ARIA menu button pattern), for every "more" menu:
 * opening focuses the first item; ArrowDown and ArrowUp move through the items, round the ends;
 * Escape closes and gives the focus back to the button (and goes no further, so a dialog around
 * stays open); Tab closes and lets the focus move on; a press outside closes.
 */
export function useMenu() {
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const menuId = useId()

  useEffect(() => {
    if (!open) return
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
    const onDown = (event: MouseEvent) => {
      const inside =
        menuRef.current?.contains(event.target as Node) ||
        buttonRef.current?.contains(event.target as Node)
      if (!inside) setOpen(false)
    }
    document.addEventListener('mousedown', onDown)
    return () => document.removeEventListener('mousedown', onDown)
  }, [open])

  /** Closes the menu; the focus goes back to the button unless `refocus` is false. */
  const close = (refocus = true) => {
    setOpen(false)
    if (refocus) buttonRef.current?.focus()
  }

  const onKeyDown = (event: KeyboardEvent) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])]
    const index = items.indexOf(document.activeElement as HTMLElement)
    if (event.key === 'Escape') {
      event.stopPropagation()
      close()
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      items[(index + step + items.length) % items.length]?.focus()
    } else if (event.key === 'Tab') {
      close(false)
    }
  }

  return {
    open,
    close,
    /** Spread on the menu button. */
    buttonProps: {
      ref: buttonRef,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      'aria-controls': open ? menuId : undefined,
      onClick: () => setOpen((value) => !value),
    },
    /** Spread on the menu (with its `aria-label`). */
    menuProps: { ref: menuRef, id: menuId, role: 'menu', onKeyDown },
  }
}
