/**
 * Custom emoji across two instances of one community (one PostgreSQL database, one Redis): an
 * emoji a host adds through A reaches a player's stream on B (`custom-emoji`), B lists it with
 * the same version (so either instance answers 304 to the other's ETag), and a reaction with it
 * goes through B.
 *
 * PostgreSQL only (`npm run test:pg`), as redis-cluster.test.ts.
 */
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import type { CustomEmojiList, PostResponse } from '../../../src/shared/api-types'
import type { RunningServer } from '../../../src/server/server'
import { readEvents, type EventReader } from '../../helpers/sse'
import { send, signup, twoInstances } from '../../helpers/two-instances'

const cluster = twoInstances({ folderPrefix: 'gamerstage-emoji-cluster-' })

const streams: EventReader[] = []
afterAll(async () => {
  await Promise.all(streams.map((reader) => reader.close()))
})

async function stream(server: RunningServer, token: string): Promise<EventReader> {
  const response = await fetch(`${server.url}/api/events`, { headers: { authorization: token } })
  expect(response.status).toBe(200)
  const reader = readEvents(response)
  streams.push(reader)
  await reader.next('ready', 5000)
  return reader
}

describe('custom emoji across instances', () => {
  it('an emoji added on A is heard, listed and reacted with on B', async () => {
    const { a, b } = cluster
    const owner = await signup(a, 'emoji_owner')
    // Made host as the app does it (a grant), straight in the shared database.
    await a.db.run(
      'INSERT INTO host_grants (user_id, granted_by, created_at) SELECT id, NULL, ? FROM users WHERE username = ?',
      Date.now(),
      'emoji_owner',
    )
    const player = await signup(b, 'emoji_player')
    const onB = await stream(b, player)

    const form = new FormData()
    form.append('shortcode', 'gg_wp')
    const png = await sharp({
      create: { width: 40, height: 40, channels: 4, background: '#22aa66' },
    })
      .png()
      .toBuffer()
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'gg.png')
    const added = await fetch(`${a.url}/api/emoji`, {
      method: 'POST',
      headers: { authorization: owner },
      body: form,
    })
    expect(added.status, await added.clone().text()).toBe(201)

    const heard = await onB.next('custom-emoji', 5000)
    const listed = await fetch(`${b.url}/api/emoji`)
    const body = (await listed.json()) as CustomEmojiList
    expect(body.emoji.map((one) => one.shortcode)).toEqual(['gg_wp'])
    expect(heard.data.version).toBe(body.version)
    const again = await fetch(`${a.url}/api/emoji`, {
      headers: { 'if-none-match': listed.headers.get('etag') ?? '' },
    })
    expect(again.status).toBe(304)

    const posted = await send(b, '/api/posts', { postData: { content: 'gg :gg_wp:' } }, player, {
      prefer: 'return=minimal',
    })
    const { post } = (await posted.json()) as PostResponse
    const reacted = await fetch(`${b.url}/api/posts/${post._id}/reactions/:gg_wp:`, {
      method: 'PUT',
      headers: { authorization: player },
    })
    expect(reacted.status).toBe(200)
    expect(((await reacted.json()) as PostResponse).post.reactions?.counts).toEqual([
      { reaction: ':gg_wp:', count: 1 },
    ])
  })
})
