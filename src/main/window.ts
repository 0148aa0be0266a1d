import type { BrowserWindowConstructorOptions, Rectangle, WebContents } from 'electron'

export interface WindowBounds extends Rectangle {
  maximized: boolean
}

/** The part of a display windows may use (Electron's `Display.workArea`). */
export interface WorkArea {
  workArea: Rectangle
}

/** How much of a window must lie on one display for its saved place to count as visible. */
const MIN_VISIBLE = { width: 160, height: 120 }

function overlap(a: Rectangle, b: Rectangle): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  }
}

/**
 * Where the window opens: its saved place while that still lies on a connected display (enough
 * of it, title bar included, to grab and move it); otherwise the saved size, shrunk to fit,
 * centred on the primary display. A monitor unplugged since last time must not leave the
 * window off-screen.
 */
export function boundsOnScreen(
  saved: WindowBounds | null,
  displays: WorkArea[],
  primary: WorkArea,
): WindowBounds | null {
  if (!saved) return null
  const onSomeDisplay = displays.some(({ workArea }) => {
    const shared = overlap(saved, workArea)
    const titleBarInside = saved.y >= workArea.y && saved.y < workArea.y + workArea.height
    return (
      titleBarInside &&
      shared.width >= Math.min(MIN_VISIBLE.width, saved.width) &&
      shared.height >= Math.min(MIN_VISIBLE.height, saved.height)
    )
  })
  if (onSomeDisplay) return saved
  const area = primary.workArea
  const width = Math.min(saved.width, area.width)
  const height = Math.min(saved.height, area.height)
  return {
    x: area.x + Math.round((area.width - width) / 2),
    y: area.y + Math.round((area.height - height) / 2),
    width,
    height,
    maximized: saved.maximized,
  }
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
