import { describe, expect, it } from 'vitest'
import { CHAT_CONNECT_TIMEOUT_MS, CHAT_RECONNECT_ATTEMPTS, reconnectDelay } from './chat-socket'

describe('chat socket timings (SPEC §7, §9)', () => {
  it('waits 1 s growing to 5 s between 5 reconnect attempts, with a 20 s connect timeout', () => {
    expect([1, 2, 3, 4, 5, 6].map(reconnectDelay)).toEqual([1000, 2000, 3000, 4000, 5000, 5000])
    expect(CHAT_RECONNECT_ATTEMPTS).toBe(5)
    expect(CHAT_CONNECT_TIMEOUT_MS).toBe(20_000)
  })
})
