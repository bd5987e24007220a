import { waitFor } from '@testing-library/react'
import { http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FakeWebSocket } from '@/test/fake-websocket'
import { apiError } from '@/test/http'
import { server } from '@/test/server'
import { CHAT_CLOSE_FELL_BEHIND, CHAT_RECONNECT_ATTEMPTS, chatSocket, reconnectDelay } from './chat-socket'

describe('the chat socket reconnects as SPEC §9 says', () => {
  afterEach(() => {
    chatSocket.stop()
    vi.useRealTimers()
  })

  it('waits 1 s, growing to 5 s, between attempts', () => {
    expect([1, 2, 3, 4, 5, 6].map(reconnectDelay)).toEqual([1000, 2000, 3000, 4000, 5000, 5000])
  })

  it('gives up after 5 attempts, then starts again only on a manual reconnect', async () => {
    let tickets = 0
    server.use(
      http.post('*/api/chat/ticket', () => {
        tickets++
        return apiError(500, { message: 'down', code: 'internal' })
      }),
    )
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    /** Moves the fake clock in 50 ms steps until the next ticket request; returns the time it took. */
    async function untilTicket(expected: number) {
      let waited = 0
      while (tickets < expected && waited < 20_000) {
        await vi.advanceTimersByTimeAsync(50)
        await new Promise((resolve) => setImmediate(resolve))
        waited += 50
      }
      return waited
    }
    chatSocket.start()
    await vi.waitFor(() => expect(tickets).toBe(1))
    for (let attempt = 1; attempt <= CHAT_RECONNECT_ATTEMPTS; attempt++) {
      const waited = await untilTicket(attempt + 1)
      expect(tickets).toBe(attempt + 1)
      // vi.waitFor moves fake timers too (50 ms a check), hence the small allowance.
      expect(waited).toBeGreaterThanOrEqual(reconnectDelay(attempt) - 100)
      expect(waited).toBeLessThan(reconnectDelay(attempt) + 1_000)
    }
    await vi.waitFor(() => expect(chatSocket.getStatus()).toBe('failed'))
    expect(await untilTicket(CHAT_RECONNECT_ATTEMPTS + 2)).toBe(20_000)
    expect(tickets).toBe(CHAT_RECONNECT_ATTEMPTS + 1)

    chatSocket.reconnect()
    await vi.waitFor(() => expect(tickets).toBe(CHAT_RECONNECT_ATTEMPTS + 2))
  })
})

function joins(socket: FakeWebSocket) {
  return socket.sent.filter((f) => f.event === 'join').map((f) => f.data)
}

async function openSocket() {
  chatSocket.start()
  await waitFor(() => expect(FakeWebSocket.latest()?.readyState).toBe(1))
  return FakeWebSocket.latest()!
}

describe('chat socket recovery (DESIGN.md §5)', () => {
  afterEach(() => {
    chatSocket.stop()
    vi.useRealTimers()
  })

  it('joins every open conversation again on the server’s resync event', async () => {
    const socket = await openSocket()
    let lastSeq = 3
    const leave = chatSocket.join(21, () => lastSeq)
    expect(joins(socket)).toEqual([{ userId: 21, afterSeq: 3 }])
    lastSeq = 5
    socket.push('resync', {})
    expect(joins(socket)).toEqual([
      { userId: 21, afterSeq: 3 },
      { userId: 21, afterSeq: 5 },
    ])
    leave()
  })

  it('reconnects at once and catches up after being closed for falling behind', async () => {
    const first = await openSocket()
    const leave = chatSocket.join(21, () => 8)
    // The clock stands still: a reconnect that waited for any delay would not come.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    first.close(CHAT_CLOSE_FELL_BEHIND)
    // At once, not after the 1 s delay of a failed attempt: the ticket is asked and the socket opened
    // while no time passes.
    await vi.advanceTimersByTimeAsync(0)
    expect(FakeWebSocket.instances).toHaveLength(2)
    const second = FakeWebSocket.instances[1]
    expect(second.readyState).toBe(1)
    expect(joins(second)).toEqual([{ userId: 21, afterSeq: 8 }])
    expect(chatSocket.getStatus()).toBe('open')
    leave()
  })

  it('reconnects after its server stops (1001 going away) and catches up', async () => {
    const first = await openSocket()
    const leave = chatSocket.join(21, () => 8)
    // The server closes every socket with 1001 when it is stopped (a deploy, a restart); the next
    // socket reaches another process through the balancer, after the first attempt's short delay.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    first.close(1001)
    expect(chatSocket.getStatus()).toBe('reconnecting')
    // Not before the first attempt's delay, and at its end.
    await vi.advanceTimersByTimeAsync(reconnectDelay(1) - 1)
    expect(FakeWebSocket.instances).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(FakeWebSocket.instances).toHaveLength(2)
    const second = FakeWebSocket.instances[1]
    expect(second.readyState).toBe(1)
    expect(joins(second)).toEqual([{ userId: 21, afterSeq: 8 }])
    expect(chatSocket.getStatus()).toBe('open')
    leave()
  })
})
