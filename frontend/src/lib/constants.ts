// Every fixed text and number of the product that more than one screen shows.

export const APP_NAME = 'HomeTutor'
export const APP_VERSION = 'v1.0'

/** The header bar's height (its 1 px border aside): the shell's main area leaves it, toasts open below it. */
export const HEADER_HEIGHT = { base: '3.5rem', md: '4rem' } as const

/** Until the site settings arrive: the server's defaults, which an admin replaces (General Settings). */
export const DEFAULT_SUPPORT_EMAIL = 'support@hometutor.in'
export const DEFAULT_SUPPORT_PHONE = '+91 98765 43210'

export const STATS = [
  { value: '500+', label: 'Active Tutors' },
  { value: '1000+', label: 'Students Helped' },
  { value: '50+', label: 'Cities Covered' },
  { value: '4.8', label: 'Average Rating' },
] as const

export const SUBSCRIPTION_PRICE_RUPEES = 499
/** SPEC §9: 499 rupees a year is 'just 1.37 per day'. */
export const SUBSCRIPTION_PRICE_PER_DAY = '1.37'

/** SPEC §9: request timeout. */
export const REQUEST_TIMEOUT_MS = 15_000
/** SPEC §9: snackbar durations. */
export const TOAST_SUCCESS_MS = 3_000
export const TOAST_ERROR_MS = 4_000
/** SPEC §9: redirect delays. */
export const REDIRECT_AFTER_REGISTER_MS = 1_000
export const REDIRECT_AFTER_OTP_MS = 1_000
export const CLOSE_AFTER_RESET_MS = 1_500
/** SPEC §9: redirect delay after an auth error (the subscribe page's log-in messages). */
export const REDIRECT_AFTER_AUTH_ERROR_MS = 2_000

export const PHONE_DIGITS = 10
export const OTP_DIGITS = 6

/** SPEC §9: the map's default centre (New Delhi) and zoom, as [latitude, longitude]. */
export const MAP_DEFAULT_CENTER: readonly [number, number] = [28.6139, 77.209]
export const MAP_DEFAULT_ZOOM = 13
/** Map tiles: `VITE_TILE_URL` at build time, OpenStreetMap by default. */
export const TILE_URL: string = import.meta.env.VITE_TILE_URL || 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'
export const TILE_ATTRIBUTION =
  import.meta.env.VITE_TILE_ATTRIBUTION ||
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
/** SPEC §9: nearby distance options in km; 10 is the default. */
export const DISTANCE_OPTIONS_KM = [2, 5, 10, 15, 20, 25] as const
export const DEFAULT_RADIUS_KM = 10
/** SPEC §9: after saving an edited request, back to /dashboard after about 1.2 s. */
export const REDIRECT_AFTER_REQUEST_EDIT_MS = 1_200

/** SPEC §9 and DESIGN.md §7: the default per-file upload limit (MAX_UPLOAD_BYTES). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024
export const MAX_UPLOAD_LABEL = '5MB'
/** The server's cap on files in one POST /upload/multiple. */
export const MAX_FILES_PER_UPLOAD = 10
/** SPEC §2: the demo uploaders accept images, PDF and Word documents. */
export const UPLOAD_ACCEPT = 'image/*,.pdf,.doc,.docx,application/pdf'

/** SPEC §9: rating widget. */
export const RATING_MAX = 5

/** SPEC §9: chat sizes; DESIGN.md §5: the server's text limit. */
export const CHAT_BOX_HEIGHT_PX = 500
export const CHAT_INPUT_ROWS = 3
export const CHAT_MAX_CHARS = 2000
/** A message without an ack after this long is shown as failed (with Retry). */
export const CHAT_ACK_TIMEOUT_MS = 10_000
/** The typing indicator stops after this long without a keystroke. */
export const CHAT_TYPING_IDLE_MS = 2_000
