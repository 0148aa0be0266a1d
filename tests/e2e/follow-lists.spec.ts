import type { APIRequestContext, Page } from '@playwright/test'
import { expect, testOnEmptyServer as test } from './fixtures'
import { shoot } from './looks'

/** Screenshots for a person to look at: GAMERSTAGE_SHOTS=/tmp/shots. */
const dir = process.env.GAMERSTAGE_SHOTS ?? 'test-results/shots'
const PHONE = { width: 390, height: 844 }
const LONG_WORD = 'Supercalifragilisticexpialidocious'.repeat(2).slice(0, 60)

let counter = 0
/** A unique name padded to `length` characters (30 is the longest a username may be). */
function nameOf(prefix: string, length = 12): string {
  counter += 1
  return `${prefix}${Date.now().toString(36)}${counter}`.padEnd(length, 'x').slice(0, length)
}

interface Account {
  username: string
  id: string
  token: string
  user: unknown
}

async function apiSignup(request: APIRequestContext, username: string): Promise<Account> {
  const response = await request.post(`/api/auth/signup`, {
    data: { username, password: 'follow-list-pw' },
  })
  expect(response.status(), await response.text()).toBe(201)
  const body = (await response.json()) as {
    createdUser: { _id: string }
    encodedToken: string
  }
  return { username, id: body.createdUser._id, token: body.encodedToken, user: body.createdUser }
}

async function follow(request: APIRequestContext, from: Account, to: Account) {
  const response = await request.post(`/api/users/follow/${to.id}`, {
    headers: { authorization: from.token },
    data: {},
  })
  expect(response.status(), await response.text()).toBe(200)
}

async function useSession(page: Page, account: Account) {
  await page.goto(`/`)
  await page.evaluate(
    ([user, token]) => {
      localStorage.setItem('user', JSON.stringify(user))
      localStorage.setItem('token', token as string)
    },
    [account.user, account.token] as const,
  )
}

/** A star with 23 followers (the newest first is fan 22) who follows two of them back. */
async function starWithFans(request: APIRequestContext) {
  const star = await apiSignup(request, nameOf('star', 30))
  const fans: Account[] = []
  for (let i = 0; i < 23; i += 1) {
    const fan = await apiSignup(request, `${nameOf('fan')}${String(i).padStart(2, '0')}`)
    await follow(request, fan, star)
    fans.push(fan)
  }
  // One fan with a long unbroken name, as a phone must show it.
  const longNamed = fans[22]
  if (!longNamed) throw new Error('no fans')
  await request.post(`/api/users/edit`, {
    headers: { authorization: longNamed.token },
    data: { userData: { firstName: LONG_WORD, lastName: 'Jr' } },
  })
  return { star, fans }
}

test('the follower list pages from the server, newest first, by scrolling or by keyboard', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const { star, fans } = await starWithFans(request)
  const newest = fans.map((fan) => fan.username).reverse()
  const pageRequests: string[] = []
  page.on('request', (r) => {
    if (/\/api\/users\/[^/]+\/(followers|following)/.test(r.url())) pageRequests.push(r.url())
  })
  await useSession(page, star)
  await page.goto(`/${star.username}`)

  const opener = page.getByRole('button', { name: '23 Followers' })
  await opener.click()
  const dialog = page.getByRole('dialog', { name: `Followers of ${star.username}` })
  // Focus moves into the dialog; Tab stays in it.
  await expect(dialog).toBeFocused()
  const rows = dialog.getByRole('list', { name: 'Followers' }).getByRole('listitem')
  await expect(rows).toHaveCount(20)
  await expect(rows.first()).toContainText(newest[0] ?? '')
  await expect(rows.first()).toContainText(LONG_WORD)
  expect(pageRequests[0]).toMatch(/\/followers\?limit=20$/)

  // Scrolling to the end of the list brings the last page.
  await rows.nth(19).scrollIntoViewIfNeeded()
  await expect(rows).toHaveCount(23)
  await expect(rows.last()).toContainText(newest[22] ?? '')
  expect(pageRequests).toHaveLength(2)
  expect(pageRequests[1]).toMatch(/\/followers\?limit=20&cursor=/)
  await expect(dialog.getByRole('button', { name: 'Load more' })).toHaveCount(0)

  // Following back from the list.
  await rows
    .nth(1)
    .getByRole('button', { name: `Follow ${newest[1]}`, exact: true })
    .click()
  await expect(rows.nth(1).getByRole('button', { name: `Following ${newest[1]}` })).toBeVisible()

  // Escape closes it and gives focus back to the count.
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(opener).toBeFocused()

  // By keyboard alone: open, Tab to the first name, Enter opens that profile. (The list loads
  // afresh: until its rows are there, Close is the dialog's only control.)
  await opener.press('Enter')
  await expect(dialog).toBeFocused()
  await expect(rows).toHaveCount(20)
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('link').first()).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Shift+Tab')
  // Shift+Tab from the first control wraps to the last one inside the dialog: "Load more",
  // which the Tab scrolls into view, so the last page loads. Focus stays in the dialog: on
  // the button while it loads, then on the note that the list is complete.
  expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true)
  await expect(rows).toHaveCount(23)
  await expect(dialog.getByText("That's all the followers")).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('link').first()).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  await expect(page).toHaveURL(new RegExp(`/${newest[0]}$`))

  // The following list: the one followed back is there, and a list of nobody says so.
  await page.goto(`/${star.username}`)
  await page.getByRole('button', { name: '1 Following' }).click()
  const following = page.getByRole('dialog', { name: `${star.username} follows` })
  await expect(following.getByRole('listitem')).toHaveCount(1)
  await expect(following.getByRole('button', { name: `Following ${newest[1]}` })).toBeVisible()
  await page.goto(`/${newest[3]}`)
  await page.getByRole('button', { name: '0 Followers' }).click()
  await expect(
    page.getByRole('dialog', { name: `Followers of ${newest[3]}` }).getByText('No followers yet.'),
  ).toBeVisible()
})

test('the follower list shows loading, then an error with a retry that works', async ({
  page,
  request,
}) => {
  const star = await apiSignup(request, nameOf('lone', 20))
  const fan = await apiSignup(request, nameOf('onefan', 20))
  await follow(request, fan, star)
  await useSession(page, star)
  await page.goto(`/${star.username}`)

  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  let calls = 0
  await page.route('**/api/users/*/followers*', async (route) => {
    calls += 1
    if (calls === 1) {
      await held
      await route.fulfill({ status: 503, json: { errors: ['The server is busy. Try again.'] } })
    } else {
      await route.fallback()
    }
  })
  await page.getByRole('button', { name: '1 Follower' }).click()
  const dialog = page.getByRole('dialog', { name: `Followers of ${star.username}` })
  await expect(dialog.getByRole('status')).toContainText('Loading followers')
  release()
  await expect(dialog.getByRole('alert')).toContainText('The server is busy. Try again.')
  await dialog.getByRole('button', { name: 'Retry' }).click()
  await expect(dialog.getByRole('listitem')).toHaveCount(1)
  await expect(dialog.getByRole('listitem')).toContainText(fan.username)
  expect(calls).toBe(2)
})

for (const theme of ['dark', 'light'] as const) {
  test(`the follower list holds on a phone with a 30-character name (${theme})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000)
    await page.setViewportSize(PHONE)
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme)
    const { star, fans } = await starWithFans(request)
    await useSession(page, star)
    await page.goto(`/${star.username}`)
    await page.getByRole('button', { name: '23 Followers' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('listitem')).toHaveCount(20)
    // Following back a fan shows the Following state in the list.
    const followedBack = fans[21]?.username ?? ''
    await dialog.getByRole('button', { name: `Follow ${followedBack}`, exact: true }).click()
    await expect(dialog.getByRole('button', { name: `Following ${followedBack}` })).toBeVisible()
    await page.waitForTimeout(300)
    const overflow = await dialog.evaluate((node) => ({
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      dialog: node.scrollWidth - node.clientWidth,
      outside: [...node.querySelectorAll('a, button')]
        .map((el) => el.getBoundingClientRect())
        .filter((box) => box.width > 0 && (box.left < 0 || box.right > window.innerWidth)).length,
    }))
    await shoot(page, { path: `${dir}/phone-followers-${theme}.png` })
    expect(overflow).toEqual({ page: 0, dialog: 0, outside: 0 })
  })
}
