/**
 * sharp (libvips), loaded with the first image the server reads or makes: a server that never
 * receives one keeps no libvips in memory (tests/server/startup/start-loads.test.ts). Its
 * settings are applied once, on load.
 */
import type Sharp from 'sharp'

let loading: Promise<typeof Sharp> | undefined

export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // One libvips thread a job: uploaded-images.ts's queue decides how many run at once, so
    // that image jobs and password hashes never fill libuv's pool between them.
    sharp.concurrency(1)
    // Uploads are decoded once each: libvips's cache of recent operations would only hold memory.
    sharp.cache(false)
    return sharp
  })
  return loading
}
