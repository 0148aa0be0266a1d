import type { GamerstageBridge } from '../../../shared/bridge'
import { createWebBridge } from './web-bridge'

let fallback: GamerstageBridge | undefined

function desktopBridge(): GamerstageBridge | undefined {
  // No window: the server drawing a first screen (first-screen.tsx) for a browser.
  if (typeof window === 'undefined') return undefined
  // Typed locally so this works whether or not the preload's Window declaration is in scope.
  return (window as unknown as { gamerstage?: GamerstageBridge }).gamerstage
}

/** True in the desktop app's window, where the preload set up the bridge. */
export function inDesktopApp(): boolean {
  return desktopBridge() !== undefined
}

/** The preload's `window.gamerstage` in the desktop app, else the web fallback. */
export function getBridge(): GamerstageBridge {
  const desktop = desktopBridge()
  if (desktop) return desktop
  fallback ??= createWebBridge()
  return fallback
}
