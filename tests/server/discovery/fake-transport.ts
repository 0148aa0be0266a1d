/**
 * An in-memory mDNS "network" for tests: what one transport queries or answers reaches every
 * transport on the same bus (itself included, as multicast loopback does). Nothing leaves the
 * process. Packets go through a JSON round trip, so no object is shared between the two sides.
 */
import { EventEmitter } from 'node:events'
import type {
  MdnsPacket,
  MdnsTransport,
  PacketSource,
} from '../../../src/server/discovery/transport'

export class FakeBus {
  private readonly members = new Set<EventEmitter>()
  /** Every packet sent on the bus, in order. */
  readonly sent: { kind: 'query' | 'response'; from: string; packet: MdnsPacket }[] = []

  transport(address: string): MdnsTransport & { destroyed: boolean } {
    const emitter = new EventEmitter()
    this.members.add(emitter)
    const broadcast = (kind: 'query' | 'response', packet: MdnsPacket) => {
      this.sent.push({ kind, from: address, packet })
      const copy = JSON.parse(JSON.stringify(packet)) as MdnsPacket
      for (const member of this.members) member.emit(kind, copy, { address })
    }
    const transport = {
      destroyed: false,
      on: (event: string, listener: (packet: MdnsPacket, source: PacketSource) => void) =>
        emitter.on(event, listener),
      query: (packet: MdnsPacket) => broadcast('query', packet),
      respond: (packet: MdnsPacket) => broadcast('response', packet),
      destroy: () => {
        transport.destroyed = true
        this.members.delete(emitter)
      },
    }
    return transport as MdnsTransport & { destroyed: boolean }
  }

  /** Sends a raw packet as a stranger on the LAN would. */
  inject(kind: 'query' | 'response', packet: MdnsPacket, from = '10.0.0.99'): void {
    for (const member of this.members) member.emit(kind, packet, { address: from })
  }
}
