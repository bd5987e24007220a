/**
 * SPEC §4: a 401 sends the person to /login unless they are already on /login or /register.
 * The router registers a client-side navigation and its notion of the current path here, so a
 * 401 does not reload the app; until then plain page loads do the job.
 */
interface UnauthorizedHandler {
  currentPath: () => string
  redirect: () => void
}

const AUTH_PAGES = ['/login', '/register']

let handler: UnauthorizedHandler = {
  currentPath: () => window.location.pathname,
  redirect: () => window.location.assign('/login'),
}

export function setUnauthorizedHandler(next: UnauthorizedHandler) {
  handler = next
}

/** Goes to /login unless the person is on an auth page. */
export function redirectAfterUnauthorized() {
  if (!AUTH_PAGES.includes(handler.currentPath())) handler.redirect()
}
