import { useContext, useEffect, useRef, useState, type ContextType } from 'react'
import { UNSAFE_NavigationContext } from 'react-router'

/**
 * Asks before a page with unsaved changes is left: the browser's own question on reload and close
 * (`beforeunload`), and `pending` for an in-app link, which the page answers with a confirmation.
 *
 * The app runs on <BrowserRouter>, where react-router's useBlocker is not available, and a data
 * router would add its code to every route's first load (the page-weight budgets). So the guard
 * holds the navigator's `push` (every link and navigate() call) while something is unsaved.
 * `replace` stays free: redirects (sign-out, a 401) are never held.
 */
interface Guard {
  check: () => boolean
  hold: (go: () => void) => void
}

/** Every mounted form's guard: /profile has several forms, and the navigator is wrapped once. */
const guards = new Set<Guard>()
const held = new WeakSet<object>()

type Navigator = ContextType<typeof UNSAFE_NavigationContext>['navigator']

function installHold(navigator: Navigator) {
  if (held.has(navigator)) return
  held.add(navigator)
  const push = navigator.push.bind(navigator)
  navigator.push = (...args: Parameters<typeof push>) => {
    const holder = passing ? undefined : [...guards].find((guard) => guard.check())
    if (holder) holder.hold(() => push(...args))
    else push(...args)
  }
}

let passing = false

/**
 * Runs `go`, a navigation the page itself makes while keeping its draft (a guided flow's next step,
 * whose unsaved values wait as a draft for a later step), without asking.
 */
export function navigateKeepingDraft(go: () => void) {
  passing = true
  try {
    go()
  } finally {
    passing = false
  }
}

export function useUnsavedChangesGuard(shouldBlock: () => boolean) {
  const check = useRef(shouldBlock)
  useEffect(() => {
    check.current = shouldBlock
  })
  const { navigator } = useContext(UNSAFE_NavigationContext)
  const [pending, setPending] = useState<(() => void) | null>(null)

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!check.current()) return
      event.preventDefault()
      // Older browsers ask only when returnValue is set.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [])

  useEffect(() => {
    installHold(navigator)
    const guard: Guard = { check: () => check.current(), hold: (go) => setPending(() => go) }
    guards.add(guard)
    return () => {
      guards.delete(guard)
    }
  }, [navigator])

  return {
    /** An in-app navigation waits for an answer. */
    pending: pending !== null,
    /** Leave anyway (the draft stays for next time). */
    proceed: () => {
      const go = pending
      setPending(null)
      go?.()
    },
    stay: () => setPending(null),
  }
}
