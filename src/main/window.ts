import type { BrowserWindowConstructorOptions, Rectangle, WebContents } from 'electron'

export interface WindowBounds extends Rectangle {
  maximized: boolean
}

/**
 * The window's options: isolated, sandboxed, no Node in the page (Electron's security
 * checklist), at the size and place it was left.
 */
export function mainWindowOptions(
  preload: string,
  bounds: WindowBounds | null,
): BrowserWindowConstructorOptions {
  return {
    ...(bounds
      ? { x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height }
      : { width: 1200, height: 820 }),
    minWidth: 360,
    minHeight: 560,
    title: 'Gamerstage',
    backgroundColor: '#0f1020',
    show: false,
    autoHideMenuBar: true,
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: true,
    },
  }
}

/** True for a web address to hand to the system browser; nothing else leaves the app. */
export const isExternalWebUrl = (url: string) => URL.canParse(url) && /^https?:\/\//i.test(url)

/**
 * Keeps the window on the app: navigation away from `appOrigin` is cancelled and new windows are
 * denied, with http(s) links opened in the system browser instead.
 */
export function lockNavigation(
  contents: Pick<WebContents, 'on' | 'setWindowOpenHandler'>,
  appOrigin: () => string,
  openExternal: (url: string) => void,
): void {
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalWebUrl(url)) openExternal(url)
    return { action: 'deny' }
  })
  contents.on('will-navigate', (event, url) => {
    if (URL.canParse(url) && new URL(url).origin === appOrigin()) return
    event.preventDefault()
    if (isExternalWebUrl(url)) openExternal(url)
  })
}
