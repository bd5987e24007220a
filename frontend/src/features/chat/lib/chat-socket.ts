import { api } from '@/api/client'
import type { components } from '@/api/schema'
import { publishLive, setLiveConnected } from '@/lib/live-events'

export type ChatMessage = components['schemas']['MessageDto']

/** SPEC §7/§9: socket timeout 20 s; reconnect delay 1 s growing to 5 s; 5 attempts. */
export const CHAT_CONNECT_TIMEOUT_MS = 20_000
export const CHAT_RECONNECT_ATTEMPTS = 5
export function reconnectDelay(attempt: number): number {
  return Math.min(1_000 * attempt, 5_000)
}

/**
 * Close code of a socket that fell behind (its client did not read fast enough, e.g. a
 * throttled background tab): nothing is wrong with the session, so reconnect at once and catch up.
 */
export const CHAT_CLOSE_FELL_BEHIND = 4000

export type ChatStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'failed'

/** A frame from the server: the OpenAPI document's `ServerEvent` (crates/server/src/chat/protocol.rs). */
export type ChatEvent = components['schemas']['ServerEvent']

type Listener = (event: ChatEvent) => void

/**
 * The one chat socket of the logged-in user (DESIGN.md §5). Every (re)connect asks for a fresh
 * single-use ticket; after each connect it sends `join` for every open conversation with the last
 * sequence number seen, so nothing sent meanwhile is missed; it joins again on the server's
 * `resync` event, and reconnects at once when closed with CHAT_CLOSE_FELL_BEHIND.
 */
class ChatSocket {
  private ws: WebSocket | null = null
  private status: ChatStatus = 'idle'
  private attempt = 0
  private timer: ReturnType<typeof setTimeout> | undefined
  private wanted = false
  private generation = 0
  private readonly listeners = new Set<Listener>()
  private readonly statusListeners = new Set<() => void>()
  /** Open conversations: partner id → last seq seen. */
  private readonly joins = new Map<number, () => number>()

  getStatus = (): ChatStatus => this.status

  subscribeStatus = (listener: () => void) => {
    this.statusListeners.add(listener)
    return () => {
      this.statusListeners.delete(listener)
    }
  }

  on(listener: Listener) {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  private setStatus(status: ChatStatus) {
    this.status = status
    setLiveConnected(status === 'open')
    this.statusListeners.forEach((l) => l())
  }

  start() {
    if (this.wanted) return
    this.wanted = true
    this.attempt = 0
    void this.connect()
  }

  stop() {
    this.wanted = false
    this.generation++
    clearTimeout(this.timer)
    const ws = this.ws
    this.ws = null
    ws?.close()
    this.setStatus('idle')
  }

  /** The manual 'Reconnect' after the automatic attempts ran out. */
  reconnect() {
    this.wanted = true
    this.attempt = 0
    clearTimeout(this.timer)
    void this.connect()
  }

  private async connect() {
    const generation = ++this.generation
    this.setStatus(this.attempt === 0 ? 'connecting' : 'reconnecting')
    let ticket: string
    try {
      const { data } = await api.POST('/chat/ticket')
      if (!data) throw new Error('no ticket')
      ticket = data.ticket
    } catch {
      if (generation === this.generation) this.retry()
      return
    }
    if (generation !== this.generation || !this.wanted) return
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws'
    const ws = new WebSocket(`${scheme}://${window.location.host}/api/ws?ticket=${encodeURIComponent(ticket)}`)
    this.ws = ws
    this.timer = setTimeout(() => {
      if (ws.readyState !== WebSocket.OPEN) ws.close()
    }, CHAT_CONNECT_TIMEOUT_MS)
    ws.onopen = () => {
      if (generation !== this.generation) return
      clearTimeout(this.timer)
      this.attempt = 0
      this.setStatus('open')
      this.joinAll()
    }
    ws.onmessage = (event: MessageEvent) => {
      let frame: ChatEvent
      try {
        frame = JSON.parse(String(event.data)) as ChatEvent
      } catch {
        return
      }
      if (frame.event === 'resync') this.joinAll()
      this.listeners.forEach((l) => l(frame))
      // Other features (the notification centre) hear the same socket through lib/live-events.
      publishLive(frame)
    }
    ws.onclose = (event: CloseEvent) => {
      if (generation !== this.generation) return
      clearTimeout(this.timer)
      this.ws = null
      if (!this.wanted) {
        this.setStatus('idle')
        return
      }
      if (event.code === CHAT_CLOSE_FELL_BEHIND) {
        // Not a failure (the tab was slow to read): reconnect at once, and the joins catch up.
        this.attempt = 0
        void this.connect()
        return
      }
      this.retry()
    }
  }

  /** Asks, for every open conversation, for what came after the last message seen. */
  private joinAll() {
    this.joins.forEach((lastSeq, userId) => this.send('join', { userId, afterSeq: lastSeq() }))
  }

  private retry() {
    this.attempt++
    if (this.attempt > CHAT_RECONNECT_ATTEMPTS) {
      this.setStatus('failed')
      return
    }
    this.setStatus('reconnecting')
    this.timer = setTimeout(() => void this.connect(), reconnectDelay(this.attempt))
  }

  isOpen() {
    return this.status === 'open' && this.ws?.readyState === WebSocket.OPEN
  }

  /** Sends a frame; false when the socket is not open. */
  send(event: string, data: object): boolean {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false
    this.ws.send(JSON.stringify({ event, data }))
    return true
  }

  /** Registers an open conversation for the join after every (re)connect; joins at once when open. */
  join(userId: number, lastSeq: () => number) {
    this.joins.set(userId, lastSeq)
    if (this.isOpen()) this.send('join', { userId, afterSeq: lastSeq() })
    return () => {
      if (this.joins.get(userId) === lastSeq) this.joins.delete(userId)
    }
  }
}

export const chatSocket = new ChatSocket()
