/**
 * Cashfree's hosted checkout (cashfree mode only). Its script is loaded on demand, the first
 * time a tutor subscribes against a Cashfree-backed server, and never in simulated mode.
 */
export const CASHFREE_SDK_URL = 'https://sdk.cashfree.com/js/v3/cashfree.js'

export type CashfreeMode = 'sandbox' | 'production'

interface CheckoutResult {
  error?: { message?: string }
}

interface CashfreeInstance {
  checkout(options: { paymentSessionId: string; redirectTarget: '_self' }): Promise<CheckoutResult | undefined>
}

type CashfreeFactory = (options: { mode: CashfreeMode }) => CashfreeInstance

declare global {
  interface Window {
    Cashfree?: CashfreeFactory
  }
}

let loading: Promise<CashfreeFactory> | null = null

function loadCashfree(): Promise<CashfreeFactory> {
  if (window.Cashfree) return Promise.resolve(window.Cashfree)
  loading ??= new Promise<CashfreeFactory>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = CASHFREE_SDK_URL
    script.async = true
    const fail = (reason: string) => {
      loading = null
      script.remove()
      reject(new Error(reason))
    }
    script.onload = () => (window.Cashfree ? resolve(window.Cashfree) : fail('The payment page did not load.'))
    script.onerror = () => fail('The payment page could not be reached.')
    document.head.appendChild(script)
  })
  return loading
}

/** Opens Cashfree's checkout in this tab; Cashfree returns to /payment-success?order_id=… itself. */
export async function openCashfreeCheckout(paymentSessionId: string, mode: CashfreeMode): Promise<void> {
  const Cashfree = await loadCashfree()
  const result = await Cashfree({ mode }).checkout({ paymentSessionId, redirectTarget: '_self' })
  if (result?.error) throw new Error(result.error.message || 'The payment page could not be opened.')
}

/** Tests only: forget a loaded or failed script. */
export function resetCashfreeForTests() {
  loading = null
  delete window.Cashfree
}
