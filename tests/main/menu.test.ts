import type { MenuItemConstructorOptions } from 'electron'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { buildMenu } from '../../src/main/menu'
import { electronMock, type ElectronMock } from './mocks/electron'

vi.mock('electron', () => import('./mocks/electron'))

describe('buildMenu', () => {
  let electron: ElectronMock

  beforeEach(async () => {
    electron = await electronMock()
    electron.Menu.buildFromTemplate.mockClear()
    electron.dialog.showMessageBox.mockClear()
  })

  function template(): MenuItemConstructorOptions[] {
    buildMenu('Gamerstage', '1.2.3')
    return electron.Menu.buildFromTemplate.mock.calls[0]?.[0] as MenuItemConstructorOptions[]
  }

  const aboutItems = (items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] =>
    items.flatMap((item) => [
      ...(item.label === 'About Gamerstage' ? [item] : []),
      ...(Array.isArray(item.submenu) ? aboutItems(item.submenu) : []),
    ])

  it('answers the menu built from its template', () => {
    const menu = buildMenu('Gamerstage', '1.2.3')

    expect(menu).toBe(electron.Menu.buildFromTemplate.mock.results[0]?.value)
  })

  it('has the standard edit, view and window menus and a quit item', () => {
    const items = template()

    expect(items.map((item) => item.role).filter(Boolean)).toEqual([
      'editMenu',
      'viewMenu',
      'windowMenu',
    ])
    const roles = items.flatMap((item) =>
      Array.isArray(item.submenu) ? item.submenu.map((entry) => entry.role) : [],
    )
    expect(roles).toContain('quit')
  })

  it('shows the name and version in About', async () => {
    const [about] = aboutItems(template())
    expect(about).toBeDefined()

    // Electron passes the item, window and event; About ignores them.
    ;(about?.click as () => void)()

    expect(electron.dialog.showMessageBox).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ title: 'About Gamerstage', message: 'Gamerstage 1.2.3' }),
    )
  })
})
