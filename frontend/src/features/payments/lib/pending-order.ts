/**
 * The order a payment was started for (SPEC §3 browser-stored values pendingOrderId,
 * pendingOrderAmount, pendingOrderDate), plus which provider took it so that the result page can
 * say when a payment was only simulated. Bookkeeping only: nothing here makes a subscription active.
 */
const KEYS = {
  orderId: 'pendingOrderId',
  amount: 'pendingOrderAmount',
  date: 'pendingOrderDate',
  provider: 'pendingOrderProvider',
} as const

export interface PendingOrder {
  orderId: string
  amount: number
  date: string
  provider: string | null
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key)
    else window.localStorage.setItem(key, value)
  } catch {
    // Storage may be unavailable; the payment itself does not depend on it.
  }
}

export function savePendingOrder(order: { orderId: string; amount: number; provider: string }, now = new Date()) {
  write(KEYS.orderId, order.orderId)
  write(KEYS.amount, String(order.amount))
  write(KEYS.date, now.toISOString())
  write(KEYS.provider, order.provider)
}

export function readPendingOrder(): PendingOrder | null {
  const orderId = read(KEYS.orderId)
  if (!orderId) return null
  return {
    orderId,
    amount: Number(read(KEYS.amount)),
    date: read(KEYS.date) ?? '',
    provider: read(KEYS.provider),
  }
}

export function clearPendingOrder() {
  Object.values(KEYS).forEach((key) => write(key, null))
}
