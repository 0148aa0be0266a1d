import type { Post, PostsPage } from '../../../src/shared/api-types'
import { MESSAGES } from '../../../src/server/errors/messages'
import { expectError, ok } from '../../helpers/api'
import type { TestApp } from '../../helpers/server-app'
import { describe, expect, it } from '../../helpers/fixtures'

async function post(app: TestApp, token: string, content: string): Promise<Post> {
  const answer = await ok<{ post: Post }>(
    app.send(
      '/api/posts',
      { postData: { content } },
      { token, headers: { prefer: 'return=minimal' } },
    ),
    201,
  )
  return answer.post
}

const tagged = async (app: TestApp, query: string, token?: string) =>
  ok<PostsPage>(app.get(`/api/posts?${query}`, token))
const contents = (page: PostsPage) => page.posts.map((item) => item.content)

describe('GET /api/posts?tag=', () => {
  it("lists a tag's posts newest first, a page at a time, whatever the tag's case", async ({
    makeApp,
  }) => {
    const app = await makeApp({ demo: false })
    const { token } = await app.signup('alice')
    for (const content of ['#gg one', 'no tag', '#GG two', '#other three', 'four #gG #gg']) {
      await post(app, token, content)
    }
    const first = await tagged(app, 'tag=gg&limit=2')
    expect(contents(first)).toEqual(['four #gG #gg', '#GG two'])
    const second = await tagged(app, `tag=GG&limit=2&cursor=${first.nextCursor}`)
    expect(contents(second)).toEqual(['#gg one'])
    expect(second.nextCursor).toBeNull()
    // Without limit it is still a page (of 20), in the page shape; `#` may lead the tag.
    const whole = await tagged(app, `tag=${encodeURIComponent('#gg')}`)
    expect(contents(whole)).toEqual(['four #gG #gg', '#GG two', '#gg one'])
    expect(whole.nextCursor).toBeNull()
    expect(whole.posts[0]?.comments).toEqual([])
    expect(contents(await tagged(app, 'tag=nothing'))).toEqual([])
  })

  it('follows edits and deletes: a post leaves or joins a tag, keeping its place by age', async ({
    makeApp,
  }) => {
    const app = await makeApp({ demo: false })
    const { token } = await app.signup('alice')
    const older = await post(app, token, 'old #lan')
    await post(app, token, 'new #lan')
    await ok(
      app.send(
        `/api/posts/edit/${older._id}`,
        { postData: { content: 'old, untagged' } },
        { token },
      ),
    )
    expect(contents(await tagged(app, 'tag=lan'))).toEqual(['new #lan'])
    await ok(
      app.send(
        `/api/posts/edit/${older._id}`,
        { postData: { content: 'old #LAN again' } },
        { token },
      ),
    )
    expect(contents(await tagged(app, 'tag=lan'))).toEqual(['new #lan', 'old #LAN again'])
    await ok(app.send(`/api/posts/${older._id}`, undefined, { token, method: 'DELETE' }))
    expect(contents(await tagged(app, 'tag=lan'))).toEqual(['new #lan'])
  })

  it('refuses a tag that is no hashtag, a sort other than newest, and a bad cursor', async ({
    makeApp,
  }) => {
    const app = await makeApp({ demo: false })
    const tagError = /^tag must be a hashtag/
    for (const tag of ['', '123', 'a%20b', 'a-b', 't'.repeat(51), '%23']) {
      await expectError(app.get(`/api/posts?tag=${tag}`), 400, tagError)
    }
    await expectError(app.get('/api/posts?tag=gg&sort=likes'), 400, /newest first only/)
    await expectError(app.get('/api/posts?tag=gg&cursor=xyz'), 400, MESSAGES.invalidCursor)
  })
})
