/**
 * useMenu (lib/use-menu.ts), the keyboard and pointer handling of every menu button (a post's
 * "more" menu, a profile's host menu): the WAI-ARIA menu button pattern.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useMenu } from '../../src/renderer/src/lib/use-menu'

function Menu({ onEscapeOutside }: { onEscapeOutside?: () => void }) {
  const menu = useMenu()
  return (
    <div onKeyDown={(event) => event.key === 'Escape' && onEscapeOutside?.()}>
      <button {...menu.buttonProps} type="button">
        More
      </button>
      {menu.open ? (
        <div {...menu.menuProps} aria-label="Actions">
          <button type="button" role="menuitem">
            Report
          </button>
          <button type="button" role="menuitem">
            Mute
          </button>
          <button type="button" role="menuitem" onClick={() => menu.close()}>
            Block
          </button>
        </div>
      ) : null}
      <p>Outside</p>
      <button type="button">Next</button>
    </div>
  )
}

const item = (name: string) => screen.getByRole('menuitem', { name })
const button = () => screen.getByRole('button', { name: 'More' })

afterEach(cleanup)

describe('useMenu', () => {
  it('opens on the button with the first item focused, and names its menu', async () => {
    render(<Menu />)
    expect(button().getAttribute('aria-expanded')).toBe('false')
    expect(button().getAttribute('aria-haspopup')).toBe('menu')
    await userEvent.click(button())
    const menu = screen.getByRole('menu', { name: 'Actions' })
    expect(button().getAttribute('aria-expanded')).toBe('true')
    expect(button().getAttribute('aria-controls')).toBe(menu.id)
    expect(document.activeElement).toBe(item('Report'))
  })

  it('moves with the arrow keys, round both ends', async () => {
    render(<Menu />)
    await userEvent.click(button())
    await userEvent.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(item('Mute'))
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    expect(document.activeElement).toBe(item('Report'))
    await userEvent.keyboard('{ArrowUp}')
    expect(document.activeElement).toBe(item('Block'))
  })

  it('closes on Escape with the focus back on the button, and the key goes no further', async () => {
    const outside = vi.fn()
    render(<Menu onEscapeOutside={outside} />)
    await userEvent.click(button())
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).toBeNull()
    expect(document.activeElement).toBe(button())
    expect(outside).not.toHaveBeenCalled()
  })

  it('closes on Tab and lets the focus move on', async () => {
    render(<Menu />)
    await userEvent.click(button())
    fireEvent.keyDown(item('Report'), { key: 'Tab' })
    expect(screen.queryByRole('menu')).toBeNull()
    expect(document.activeElement).not.toBe(button())
  })

  it('closes on a press outside, not on one inside', async () => {
    render(<Menu />)
    await userEvent.click(button())
    fireEvent.mouseDown(item('Mute'))
    expect(screen.queryByRole('menu')).not.toBeNull()
    act(() => {
      fireEvent.mouseDown(screen.getByText('Outside'))
    })
    expect(screen.queryByRole('menu')).toBeNull()
  })

  it('closes from an item, the focus back on the button', async () => {
    render(<Menu />)
    await userEvent.click(button())
    await userEvent.click(item('Block'))
    expect(screen.queryByRole('menu')).toBeNull()
    expect(document.activeElement).toBe(button())
  })
})
