/** A clip sent as the app sends it: POST /api/media/clips, multipart field "file". */
import type { TestApp } from './server-app'

export function uploadClip(
  app: TestApp,
  bytes: Uint8Array,
  token: string,
  options: { type?: string; name?: string } = {},
): Promise<Response> {
  const { type = 'video/mp4', name = 'clip.mp4' } = options
  const form = new FormData()
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name)
  return app.request('/api/media/clips', {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  })
}
