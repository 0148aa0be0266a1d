/**
 * The open streams of one instance (events/hub.ts), also by user and counted by address, kept as
 * streams open and close: there may be thousands, and an event for one user or a few, a connect's
 * caps and a user's disconnect each look up theirs without walking every stream.
 */
import type { Client } from './hub-types'

export class StreamClients {
  private readonly all = new Set<Client>()
  private readonly byUser = new Map<number, Set<Client>>()
  private readonly perAddress = new Map<string, number>()

  get size(): number {
    return this.all.size
  }

  /** How many users have a stream open. */
  get userCount(): number {
    return this.byUser.size
  }

  /** Every open stream, as a copy: one may close while the caller walks them. */
  list(): Client[] {
    return [...this.all]
  }

  /** The open streams of these users (a copy). */
  ofUsers(userIds: Iterable<number>): Client[] {
    const found: Client[] = []
    for (const userId of userIds) found.push(...(this.byUser.get(userId) ?? []))
    return found
  }

  countOfUser(userId: number): number {
    return this.byUser.get(userId)?.size ?? 0
  }

  countOfAddress(address: string): number {
    return address ? (this.perAddress.get(address) ?? 0) : 0
  }

  add(client: Client): void {
    this.all.add(client)
    const theirs = this.byUser.get(client.userId)
    if (theirs) theirs.add(client)
    else this.byUser.set(client.userId, new Set([client]))
    if (client.address) {
      this.perAddress.set(client.address, (this.perAddress.get(client.address) ?? 0) + 1)
    }
  }

  /** Forgets the stream; answers whether it was open (a stream may be removed twice). */
  remove(client: Client): boolean {
    if (!this.all.delete(client)) return false
    const theirs = this.byUser.get(client.userId)
    theirs?.delete(client)
    if (theirs?.size === 0) this.byUser.delete(client.userId)
    if (client.address) {
      const left = (this.perAddress.get(client.address) ?? 1) - 1
      if (left > 0) this.perAddress.set(client.address, left)
      else this.perAddress.delete(client.address)
    }
    return true
  }
}
