/**
 * The host's journey: a report reaches the host live (the count on the
 * Server entry, a notification), the host suspends the author from their profile after a
 * question naming what follows, finds them listed as suspended and lifts it, makes a player host
 * and takes it back; the audit list shows each action, and the reporter hears "handled".
 */
import type { Page } from '@playwright/test'
import type { SignupResponse } from '../../src/shared/api-types'
import { expectNoSeriousViolations } from './axe'
import { expect, test } from './fixtures'
import { loginViaApi, signupViaApi, toast, uniqueName } from './helpers'
import { E2E_HOST } from './host-account'
import { writeAs } from './live-helpers'

async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'))
  if (!token) throw new Error('not signed in')
  return token
}

const reportsLabel = (count: number) =>
  count === 0 ? 'Server' : `Server, ${count} open ${count === 1 ? 'report' : 'reports'}`

test('report → host told live → suspend from the profile → lift → make host → audit', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000)
  const hostContext = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const host = await hostContext.newPage()
  const reporterContext = await browser.newContext()
  const reporter = await reporterContext.newPage()
  const trollName = uniqueName('troll')
  const reporterName = uniqueName('rep')
  const signup = async (username: string) => {
    const answer = await request.post('/api/auth/signup', {
      data: { username, password: 'supersecret1' },
    })
    expect(answer.status()).toBe(201)
    return (await answer.json()) as SignupResponse
  }
  const troll = await signup(trollName)
  const post = await writeAs(request, troll.encodedToken, `troll words ${Date.now()}`)

  await loginViaApi(host, E2E_HOST.username, E2E_HOST.password)
  const hostToken = await tokenOf(host)
  const before = (
    (await (
      await request.get('/api/reports/count', { headers: { authorization: hostToken } })
    ).json()) as { openReports: number }
  ).openReports
  const serverEntry = host.getByRole('navigation', { name: 'Main' }).getByRole('link', {
    name: /^Server/,
  })
  await expect(serverEntry).toHaveAccessibleName(reportsLabel(before))

  await test.step('a player reports; the host hears of it live', async () => {
    await signupViaApi(reporter, reporterName)
    const reporterToken = await tokenOf(reporter)
    const filed = await request.post('/api/reports', {
      headers: { authorization: reporterToken },
      data: { postId: post._id, reason: 'rude to everyone' },
    })
    expect(filed.status()).toBe(201)
    // No reload: the count on the Server entry moves by the live stream.
    await expect(serverEntry).toHaveAccessibleName(reportsLabel(before + 1))
    await expect(serverEntry.getByTestId('reports-badge')).toBeVisible()
    await host.goto('/notifications')
    await expect(
      host.getByRole('listitem').filter({ hasText: `${reporterName} reported a post` }),
    ).toBeVisible()
  })

  await test.step('suspend from the profile, after a question naming what follows', async () => {
    await host.goto(`/${trollName}`)
    // The post's menu offers the host "Suspend author"; its delete asks first, and Cancel keeps it.
    const card = host.getByRole('article', { name: `Post by ${trollName}` })
    await card.getByRole('button', { name: 'More actions for this post' }).click()
    await expect(host.getByRole('menuitem', { name: 'Suspend author' })).toBeVisible()
    await host.getByRole('menuitem', { name: 'Delete post (host)' }).click()
    const deleting = host.getByRole('dialog', { name: 'Delete this post?' })
    await expect(deleting).toContainText('can’t be undone')
    await deleting.getByRole('button', { name: 'Cancel' }).click()
    await expect(card).toBeVisible()
    await host.getByRole('button', { name: 'Host', exact: true }).click()
    const menu = host.getByRole('menu', { name: `Host actions for ${trollName}` })
    await expect(menu.getByRole('menuitem').first()).toBeFocused()
    await menu.getByRole('menuitem', { name: `Suspend ${trollName}` }).click()
    const dialog = host.getByRole('dialog', { name: `Suspend ${trollName}?` })
    await expect(dialog).toContainText('logged out everywhere')
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await expectNoSeriousViolations(host, 'the suspend question')
    await dialog.getByRole('button', { name: 'Suspend', exact: true }).click()
    await expect(toast(host, `${trollName} is suspended`)).toBeVisible()
    await expect(host.getByTestId('suspended-badge')).toHaveText('Suspended')
  })

  await test.step('listed as suspended on the Server page, and lifted from there', async () => {
    await host.goto('/server')
    const suspended = host.getByRole('region', { name: 'Suspended players' })
    await expect(suspended.getByRole('link', { name: trollName })).toBeVisible()
    await expectNoSeriousViolations(host, 'the Server page with the host panels')
    await suspended.getByRole('button', { name: `Lift suspension of ${trollName}` }).click()
    await expect(toast(host, `${trollName} can log in again`)).toBeVisible()
    await expect(suspended.getByRole('link', { name: trollName })).toHaveCount(0)
  })

  await test.step('dismissing the report tells the reporter it was handled', async () => {
    const reports = host.getByRole('region', { name: 'Reports' })
    const item = reports.getByRole('listitem', { name: `Report of ${trollName}'s post` })
    await item.getByRole('button', { name: 'Dismiss' }).click()
    await expect(item).toHaveCount(0)
    await expect(serverEntry).toHaveAccessibleName(reportsLabel(before))
    await reporter.goto('/notifications')
    await expect(
      reporter
        .getByRole('listitem')
        .filter({ hasText: `${E2E_HOST.username} handled your report` }),
    ).toBeVisible()
  })

  await test.step('make a player host, then take it back', async () => {
    const hosts = host.getByRole('region', { name: 'Hosts', exact: true })
    // The --admin account stays host: it offers no removal.
    await expect(hosts.getByRole('listitem').filter({ hasText: E2E_HOST.username })).toContainText(
      'named with --admin',
    )
    await hosts.getByRole('button', { name: 'Make host' }).click()
    await expect(hosts.getByText('Type the username of the player to make host.')).toBeVisible()
    await hosts.getByLabel('Make a player host').fill(reporterName)
    await hosts.getByRole('button', { name: 'Make host' }).click()
    const asked = host.getByRole('dialog', { name: `Make ${reporterName} a host?` })
    await expect(asked).toContainText('see every report')
    await asked.getByRole('button', { name: 'Make host' }).click()
    await expect(toast(host, `${reporterName} is now a host`)).toBeVisible()
    const row = hosts.getByRole('listitem').filter({ hasText: reporterName })
    await expect(row).toContainText('made host')
    await row.getByRole('button', { name: `Remove as host: ${reporterName}` }).click()
    await host
      .getByRole('dialog', { name: `Stop ${reporterName} hosting?` })
      .getByRole('button', { name: 'Remove as host' })
      .click()
    await expect(row).toHaveCount(0)
  })

  await test.step('the audit list shows each host action', async () => {
    const audit = host.getByRole('region', { name: 'What hosts did' })
    for (const line of [
      `${E2E_HOST.username} suspended ${trollName}`,
      `${E2E_HOST.username} lifted the suspension of ${trollName}`,
      `${E2E_HOST.username} dismissed a report by ${reporterName}`,
      `${E2E_HOST.username} made host ${reporterName}`,
      `${E2E_HOST.username} removed as host ${reporterName}`,
    ]) {
      await expect(audit.getByRole('listitem').filter({ hasText: line })).toHaveCount(1)
    }
  })

  await hostContext.close()
  await reporterContext.close()
})
