/** Custom emoji in server tests (docs/API.md, "Custom emoji"). */
import { TINY_PNG } from './api'
import type { TestApp } from './server-app'

/** POST /api/emoji as `token`: the multipart fields `shortcode` and `file`. */
export function uploadEmoji(
  app: TestApp,
  token: string,
  shortcode: string | null,
  bytes: Uint8Array = TINY_PNG,
  options: { type?: string; name?: string } = {},
): Promise<Response> {
  const form = new FormData()
  if (shortcode !== null) form.append('shortcode', shortcode)
  form.append(
    'file',
    new Blob([bytes as Uint8Array<ArrayBuffer>], { type: options.type ?? 'image/png' }),
    options.name ?? 'emoji.png',
  )
  return app.request('/api/emoji', {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  })
}
