import { readClipUpload, closeClipWorkers } from '/work/wt-clips/src/server/services/clip-checks'
import { makeMp4 } from '/work/wt-clips/tests/helpers/videos'
const form = new FormData(); form.append('file', new Blob([makeMp4()], { type: 'video/mp4' }), 'clip')
const req = new Request('http://x/', { method: 'POST', body: form })
async function* chunks(s: ReadableStream<Uint8Array>) { const r = s.getReader(); for (;;) { const { done, value } = await r.read(); if (done) return; console.log('chunk', value.byteLength); yield value } }
const t = Date.now()
const u = await readClipUpload(chunks(req.body!), req.headers.get('content-type')!, { maxBytes: 1e8, posterMaxBytes: 1e6 })
console.log(Date.now() - t, u.kind, 'clip' in u ? String((u.clip as any).message ?? JSON.stringify((u.clip as any).info)) : '')
await closeClipWorkers()
