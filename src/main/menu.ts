import { Menu, dialog, type MenuItemConstructorOptions } from 'electron'

/** The application menu: the platform's standard menus plus About with the version. */
export function buildMenu(name: string, version: string): Menu {
  const about: MenuItemConstructorOptions = {
    label: `About ${name}`,
    click: () =>
      void dialog.showMessageBox({
        type: 'info',
        title: `About ${name}`,
        message: `${name} ${version}`,
        detail: 'A social network your gaming group runs for itself.',
      }),
  }
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin'
      ? [
          {
            label: name,
            submenu: [about, { type: 'separator' as const }, { role: 'quit' as const }],
          },
        ]
      : [{ label: 'File', submenu: [{ role: 'quit' as const }] }]),
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
    { label: 'Help', submenu: [about] },
  ]
  return Menu.buildFromTemplate(template)
}
