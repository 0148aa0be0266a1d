import type { GamerstageBridge } from '../../../shared/bridge'
import { createWebBridge } from './web-bridge'

let fallback: GamerstageBridge | undefined

/** The preload's `window.gamerstage` in the desktop app, else the web fallback. */
export function getBridge(): GamerstageBridge {
  // Typed locally so this works whether or not the preload's Window declaration is in scope.
  const desktop = (window as unknown as { gamerstage?: GamerstageBridge }).gamerstage
  if (desktop) return desktop
  fallback ??= createWebBridge()
  return fallback
}
