/**
 * The host's tools in the renderer: how report notifications read and where they
 * lead, the open-report count on the Server entry (moved by the live event, a stale fetch
 * dropped), the audit list's words, and the question asked before a consequential action.
 */
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider, createStore } from 'jotai'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Notification, NotificationType } from '../../src/shared/api-types'
import * as accountApi from '../../src/renderer/src/api/account'
import { auditText } from '../../src/renderer/src/components/HostPanels'
import { ConfirmDialog } from '../../src/renderer/src/components/ConfirmDialog'
import { ReportsList } from '../../src/renderer/src/components/ReportsPanel'
import { publishLiveEvent } from '../../src/renderer/src/live/bus'
import {
  actionText,
  groupNotifications,
  groupTarget,
} from '../../src/renderer/src/lib/notification-groups'
import {
  followLiveOpenReports,
  loadOpenReportsAtom,
  openReportsAtom,
  resetOpenReportsAtom,
  serverLabel,
} from '../../src/renderer/src/state/host'
import { COPY } from '../../src/renderer/src/copy'
import { summaryOf } from './answer-fixtures'

vi.mock('../../src/renderer/src/api/account')

afterEach(() => {
  cleanup()
  vi.resetAllMocks()
})

let nextId = 500
function note(type: NotificationType, actor: string, extra: Partial<Notification> = {}) {
  nextId -= 1
  return {
    id: String(nextId),
    type,
    actor: summaryOf(actor, `u-${actor}`),
    postId: '7',
    commentId: null,
    snippet: 'rude words',
    createdAt: '2026-03-01T12:00:00+00:00',
    read: false,
    ...extra,
  } satisfies Notification
}

describe('report notifications', () => {
  it('a report names what was reported and leads to the post; reports never group', () => {
    const groups = groupNotifications([
      note('report', 'ann'),
      note('report', 'bob'),
      note('report', 'cat', { commentId: '70' }),
    ])
    expect(groups.map((group) => [group.actors.length, actionText(group)])).toEqual([
      [1, 'reported a post'],
      [1, 'reported a post'],
      [1, 'reported a comment'],
    ])
    const [first] = groups
    if (!first) throw new Error('no group')
    expect(groupTarget(first)).toEqual({ kind: 'post', id: '7' })
  })

  it('a handled report says only "handled", and names no post', () => {
    const [group] = groupNotifications([
      note('report-handled', 'host', { postId: null, snippet: '' }),
    ])
    if (!group) throw new Error('no group')
    expect(actionText(group)).toBe('handled your report')
    expect(groupTarget(group)).toEqual({ kind: 'profile', id: 'host' })
  })
})

describe('the open-report count', () => {
  it('reads as the Server entry’s name', () => {
    expect(serverLabel(null)).toBe('Server')
    expect(serverLabel(0)).toBe('Server')
    expect(serverLabel(1)).toBe('Server, 1 open report')
    expect(serverLabel(12)).toBe('Server, 12 open reports')
  })

  it('follows the live event, and a fetch older than an event is dropped', async () => {
    const store = createStore()
    const stop = followLiveOpenReports(store)
    let answer: (value: { openReports: number }) => void = () => {}
    vi.mocked(accountApi.getOpenReports).mockReturnValue(
      new Promise((resolve) => {
        answer = resolve
      }),
    )
    const loading = store.set(loadOpenReportsAtom)
    publishLiveEvent('open-reports', { openReports: 3 })
    expect(store.get(openReportsAtom)).toBe(3)
    answer({ openReports: 2 })
    await loading
    expect(store.get(openReportsAtom)).toBe(3)
    publishLiveEvent('open-reports', { openReports: 0 })
    expect(store.get(openReportsAtom)).toBe(0)
    // A reconnection asks again.
    vi.mocked(accountApi.getOpenReports).mockResolvedValue({ openReports: 5 })
    publishLiveEvent('ready', {})
    await vi.waitFor(() => expect(store.get(openReportsAtom)).toBe(5))
    store.set(resetOpenReportsAtom)
    expect(store.get(openReportsAtom)).toBeNull()
    stop()
    publishLiveEvent('open-reports', { openReports: 9 })
    expect(store.get(openReportsAtom)).toBeNull()
  })

  it('a member (HOST_ONLY) gets no count', async () => {
    const store = createStore()
    vi.mocked(accountApi.getOpenReports).mockRejectedValue(new Error('Only the host'))
    await store.set(loadOpenReportsAtom)
    expect(store.get(openReportsAtom)).toBeNull()
  })
})

describe('the audit list', () => {
  it('says who did what to whom', () => {
    const line = (action: Parameters<typeof auditText>[0]['action']) =>
      auditText({ id: '1', host: 'boss', action, target: 'troll', createdAt: '' })
    expect(line('suspend')).toBe('suspended troll')
    expect(line('unsuspend')).toBe('lifted the suspension of troll')
    expect(line('delete-post')).toBe('deleted a post by troll')
    expect(line('make-host')).toBe('made host troll')
    expect(line('remove-host')).toBe('removed as host troll')
  })
})

describe('ConfirmDialog', () => {
  it('names what follows, focuses Cancel, and acts only on yes', async () => {
    const onConfirm = vi.fn()
    const onClose = vi.fn()
    render(
      <ConfirmDialog
        title={COPY.host.blockTitle('troll')}
        text={COPY.host.blockText('troll')}
        confirmLabel={COPY.host.block}
        onConfirm={onConfirm}
        onClose={onClose}
      />,
    )
    const dialog = screen.getByRole('dialog', { name: 'Block troll?' })
    expect(dialog.textContent).toContain('stop following each other, both ways')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }))
    await userEvent.keyboard('{Enter}')
    expect(onConfirm).not.toHaveBeenCalled()
    expect(onClose).toHaveBeenCalledTimes(1)
    await userEvent.click(screen.getByRole('button', { name: 'Block' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    expect(onClose).toHaveBeenCalledTimes(2)
  })

  it('holds its buttons while the action runs, then closes', async () => {
    let finish: () => void = () => {}
    const onConfirm = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve
        }),
    )
    const onClose = vi.fn()
    render(
      <ConfirmDialog
        title="Suspend troll?"
        text={COPY.host.suspendText('troll')}
        confirmLabel="Suspend"
        onConfirm={onConfirm}
        onClose={onClose}
      />,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Suspend' }))
    expect(screen.getByRole('button', { name: 'Suspend' }).hasAttribute('disabled')).toBe(true)
    expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true)
    expect(onClose).not.toHaveBeenCalled()
    await act(async () => finish())
    expect(onClose).toHaveBeenCalledTimes(1)
  })
})

describe('the reports list', () => {
  const renderList = () =>
    render(
      <Provider store={createStore()}>
        <MemoryRouter>
          <ReportsList />
        </MemoryRouter>
      </Provider>,
    )

  it('says all is quiet when no report is open', async () => {
    vi.mocked(accountApi.listReports).mockResolvedValue({ reports: [] })
    renderList()
    expect(await screen.findByText('No open reports. All quiet on the stage.')).toBeTruthy()
    expect(screen.queryByRole('list')).toBeNull()
  })

  it('says why it could not read them, and reads them again on Retry', async () => {
    vi.mocked(accountApi.listReports)
      .mockRejectedValueOnce(new Error('The server did not answer.'))
      .mockResolvedValueOnce({ reports: [] })
    renderList()
    expect((await screen.findByRole('alert')).textContent).toContain('The server did not answer.')
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('No open reports. All quiet on the stage.')).toBeTruthy()
    expect(accountApi.listReports).toHaveBeenCalledTimes(2)
  })
})
