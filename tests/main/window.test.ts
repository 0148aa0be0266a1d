import { EventEmitter } from 'node:events'
import type { WebContents } from 'electron'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  boundsOnScreen,
  isExternalWebUrl,
  lockNavigation,
  mainWindowOptions,
} from '../../src/main/window'

const APP_ORIGIN = 'http://127.0.0.1:50000'

describe('window', () => {
  describe('mainWindowOptions', () => {
    it('isolates and sandboxes the page with no Node in it', () => {
      const { webPreferences } = mainWindowOptions('/app/preload/index.cjs', null)

      expect(webPreferences).toMatchObject({
        preload: '/app/preload/index.cjs',
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInSubFrames: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        webviewTag: false,
      })
    })

    it('opens at a default size when no bounds are remembered', () => {
      const options = mainWindowOptions('/p.cjs', null)

      expect(options).toMatchObject({ width: 1200, height: 820, show: false })
      expect(options.x).toBeUndefined()
      expect(options.y).toBeUndefined()
    })

    it('opens where it was left when bounds are remembered', () => {
      const options = mainWindowOptions('/p.cjs', {
        x: 40,
        y: 50,
        width: 900,
        height: 600,
        maximized: true,
      })

      expect(options).toMatchObject({ x: 40, y: 50, width: 900, height: 600 })
      expect(options).not.toHaveProperty('maximized')
    })
  })

  describe('boundsOnScreen', () => {
    const laptop = { workArea: { x: 0, y: 0, width: 1440, height: 860 } }
    /** A second monitor to the right of the laptop's screen. */
    const monitor = { workArea: { x: 1440, y: 0, width: 2560, height: 1400 } }
    const saved = (x: number, y: number, width = 1000, height = 700) => ({
      x,
      y,
      width,
      height,
      maximized: false,
    })

    it('has nothing to place when nothing was saved', () => {
      expect(boundsOnScreen(null, [laptop], laptop)).toBeNull()
    })

    it.each([
      ['on the primary display', saved(100, 80), [laptop]],
      ['on the second display', saved(2000, 300), [laptop, monitor]],
      ['across both displays', saved(1000, 100), [laptop, monitor]],
      ['partly past the right edge, title bar inside', saved(1200, 100), [laptop]],
    ])('keeps a window saved %s', (_where, bounds, displays) => {
      expect(boundsOnScreen(bounds, displays, laptop)).toEqual(bounds)
    })

    it.each([
      ['on a monitor since unplugged', saved(2000, 300)],
      ['far off to the left', saved(-5000, 100)],
      ['with its title bar above the screen', saved(100, -400)],
      ['below the screen', saved(100, 2000)],
      ['with only a sliver showing', saved(1400, 100)],
    ])('centres on the primary display a window saved %s', (_where, bounds) => {
      expect(boundsOnScreen(bounds, [laptop], laptop)).toEqual({
        x: 220,
        y: 80,
        width: 1000,
        height: 700,
        maximized: false,
      })
    })

    it('shrinks a window bigger than the primary display to fit it, keeping "maximized"', () => {
      const big = { ...saved(3000, 0, 2400, 1300), maximized: true }
      expect(boundsOnScreen(big, [laptop], laptop)).toEqual({
        x: 0,
        y: 0,
        width: 1440,
        height: 860,
        maximized: true,
      })
    })

    it('centres within the work area of a primary display that does not start at 0,0', () => {
      const shifted = { workArea: { x: 0, y: 25, width: 1440, height: 835 } }
      expect(boundsOnScreen(saved(-3000, 0), [shifted], shifted)).toMatchObject({
        x: 220,
        y: 25 + Math.round((835 - 700) / 2),
      })
    })
  })

  describe('isExternalWebUrl', () => {
    it.each([
      ['https://example.com/x', true],
      ['HTTP://example.com', true],
      ['file:///etc/passwd', false],
      ['javascript:alert(1)', false],
      ['mailto:a@b.c', false],
      ['ftp://example.com', false],
    ])('answers %j → %j', (url, external) => {
      expect(isExternalWebUrl(url)).toBe(external)
    })
  })

  describe('lockNavigation', () => {
    type OpenHandler = (details: { url: string }) => { action: 'allow' | 'deny' }
    let contents: EventEmitter & { setWindowOpenHandler: (handler: OpenHandler) => void }
    let openHandler: OpenHandler
    let openExternal: ReturnType<typeof vi.fn<(url: string) => void>>

    beforeEach(() => {
      contents = Object.assign(new EventEmitter(), {
        setWindowOpenHandler: (handler: OpenHandler) => {
          openHandler = handler
        },
      })
      openExternal = vi.fn()
      lockNavigation(
        contents as unknown as Pick<WebContents, 'on' | 'setWindowOpenHandler'>,
        () => APP_ORIGIN,
        openExternal,
      )
    })

    /** Emits will-navigate as Electron does and answers whether it was prevented. */
    function navigate(url: string): boolean {
      const event = { preventDefault: vi.fn() }
      contents.emit('will-navigate', event, url)
      return event.preventDefault.mock.calls.length > 0
    }

    it('prevents navigation to an address it cannot parse, without throwing', () => {
      expect(navigate('http://[not-an-address')).toBe(true)
      expect(openExternal).not.toHaveBeenCalled()
    })

    it('prevents navigation to another origin and opens it in the browser', () => {
      expect(navigate('https://example.com/page')).toBe(true)

      expect(openExternal).toHaveBeenCalledExactlyOnceWith('https://example.com/page')
    })

    it('prevents navigation to another port of the same host', () => {
      expect(navigate('http://127.0.0.1:50001/')).toBe(true)
    })

    it('lets navigation within the app origin through', () => {
      expect(navigate(`${APP_ORIGIN}/profile/nova?tab=posts`)).toBe(false)

      expect(openExternal).not.toHaveBeenCalled()
    })

    it('follows the app origin when it changes', () => {
      const contents2 = new EventEmitter()
      let origin = APP_ORIGIN
      lockNavigation(
        Object.assign(contents2, { setWindowOpenHandler: vi.fn() }) as unknown as Pick<
          WebContents,
          'on' | 'setWindowOpenHandler'
        >,
        () => origin,
        openExternal,
      )
      origin = 'http://127.0.0.1:60000'
      const event = { preventDefault: vi.fn() }

      contents2.emit('will-navigate', event, 'http://127.0.0.1:60000/')

      expect(event.preventDefault).not.toHaveBeenCalled()
    })

    it.each(['file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,<b>x</b>'])(
      'prevents navigation to %j and does not open it',
      (url) => {
        expect(navigate(url)).toBe(true)

        expect(openExternal).not.toHaveBeenCalled()
      },
    )

    it('denies a new window for a web link and opens it in the browser', () => {
      expect(openHandler({ url: 'https://example.com/' })).toEqual({ action: 'deny' })

      expect(openExternal).toHaveBeenCalledExactlyOnceWith('https://example.com/')
    })

    it('denies a new window for the app origin too', () => {
      expect(openHandler({ url: `${APP_ORIGIN}/post/1` })).toEqual({ action: 'deny' })
    })

    it.each(['file:///etc/passwd', 'javascript:alert(1)', 'about:blank'])(
      'denies a new window for %j without opening anything',
      (url) => {
        expect(openHandler({ url })).toEqual({ action: 'deny' })

        expect(openExternal).not.toHaveBeenCalled()
      },
    )
  })
})
