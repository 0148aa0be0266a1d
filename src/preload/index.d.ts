import type { GamerstageBridge } from '../shared/bridge'

declare global {
  interface Window {
    /** Present inside the desktop app; a plain browser uses the renderer's web fallback. */
    gamerstage?: GamerstageBridge
  }
}
