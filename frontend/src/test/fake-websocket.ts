/** A stand-in for the browser WebSocket: tests open it, read what was sent and push frames. */
export class FakeWebSocket {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSING = 2
  static readonly CLOSED = 3
  static instances: FakeWebSocket[] = []
  /** When false, sockets stay CONNECTING until a test calls `open()`. */
  static autoOpen = true

  readonly CONNECTING = 0
  readonly OPEN = 1
  readonly CLOSING = 2
  readonly CLOSED = 3
  readyState = 0
  readonly sent: { event: string; data: Record<string, unknown> }[] = []
  onopen: ((e: Event) => void) | null = null
  onmessage: ((e: MessageEvent) => void) | null = null
  onclose: ((e: CloseEvent) => void) | null = null
  onerror: ((e: Event) => void) | null = null

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this)
    if (FakeWebSocket.autoOpen) queueMicrotask(() => this.open())
  }

  open() {
    if (this.readyState !== 0) return
    this.readyState = 1
    this.onopen?.(new Event('open'))
  }

  send(raw: string) {
    this.sent.push(JSON.parse(raw) as { event: string; data: Record<string, unknown> })
  }

  /** Closes it; `code` as the server's close frame gave it (1005: none). */
  close(code = 1005) {
    if (this.readyState === 3) return
    this.readyState = 3
    this.onclose?.(new CloseEvent('close', { code }))
  }

  /** A frame from the server. */
  push(event: string, data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify({ event, data }) }))
  }

  static latest(): FakeWebSocket | undefined {
    return FakeWebSocket.instances.filter((s) => s.readyState !== 3).at(-1)
  }

  static reset() {
    FakeWebSocket.instances = []
    FakeWebSocket.autoOpen = true
  }
}
