// Every fixed text and number of the product that more than one screen shows.

import { i18n } from './i18n'

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

/**
 * SPEC §8 defaults, shown when the server sends no message, in the language shown: each is read when it
 * is shown (a getter), from the `common` catalogue's `messages`.
 */
export const MESSAGES = {
  get messageEmpty() {
    return i18n.t('common:messages.messageEmpty')
  },
  get chatNotReady() {
    return i18n.t('common:messages.chatNotReady')
  },
  get loadMessagesFailed() {
    return i18n.t('common:messages.loadMessagesFailed')
  },
  get sendMessageFailed() {
    return i18n.t('common:messages.sendMessageFailed')
  },
  get chatLoginRequired() {
    return i18n.t('common:messages.chatLoginRequired')
  },
  get blockFailed() {
    return i18n.t('common:messages.blockFailed')
  },
  get registrationFailed() {
    return i18n.t('common:messages.registrationFailed')
  },
  get loginFailed() {
    return i18n.t('common:messages.loginFailed')
  },
  get signedIn() {
    return i18n.t('common:messages.signedIn')
  },
  get sendOtpFailed() {
    return i18n.t('common:messages.sendOtpFailed')
  },
  get resetFailed() {
    return i18n.t('common:messages.resetFailed')
  },
  get verificationFailed() {
    return i18n.t('common:messages.verificationFailed')
  },
  get invalidVerificationLink() {
    return i18n.t('common:messages.invalidVerificationLink')
  },
  get loadProfileFailed() {
    return i18n.t('common:messages.loadProfileFailed')
  },
  get updateProfileFailed() {
    return i18n.t('common:messages.updateProfileFailed')
  },
  get tutorNotFound() {
    return i18n.t('common:messages.tutorNotFound')
  },
  get loadReviewsFailed() {
    return i18n.t('common:messages.loadReviewsFailed')
  },
  get submitReviewFailed() {
    return i18n.t('common:messages.submitReviewFailed')
  },
  get ratingRequired() {
    return i18n.t('common:messages.ratingRequired')
  },
  get uploadFailed() {
    return i18n.t('common:messages.uploadFailed')
  },
  get deleteFileFailed() {
    return i18n.t('common:messages.deleteFileFailed')
  },
  get fileUploaded() {
    return i18n.t('common:messages.fileUploaded')
  },
  get fileDeleted() {
    return i18n.t('common:messages.fileDeleted')
  },
  get uploadLoginRequired() {
    return i18n.t('common:messages.uploadLoginRequired')
  },
  get unexpected() {
    return i18n.t('common:messages.unexpected')
  },
  get termsRequired() {
    return i18n.t('common:messages.termsRequired')
  },
  get termsRequiredTutor() {
    return i18n.t('common:messages.termsRequiredTutor')
  },
  get phoneDigits() {
    return i18n.t('common:messages.phoneDigits')
  },
  get subscribeNeedsLogin() {
    return i18n.t('common:messages.subscribeNeedsLogin')
  },
  get noPaymentSession() {
    return i18n.t('common:messages.noPaymentSession')
  },
  get sessionExpired() {
    return i18n.t('common:messages.sessionExpired')
  },
  get tutorsOnly() {
    return i18n.t('common:messages.tutorsOnly')
  },
  get paymentSetupFailed() {
    return i18n.t('common:messages.paymentSetupFailed')
  },
  get paymentServerError() {
    return i18n.t('common:messages.paymentServerError')
  },
  get paymentFailed() {
    return i18n.t('common:messages.paymentFailed')
  },
  get paymentVerificationFailed() {
    return i18n.t('common:messages.paymentVerificationFailed')
  },
  get invalidPaymentSession() {
    return i18n.t('common:messages.invalidPaymentSession')
  },
  get subscriptionCheckFailed() {
    return i18n.t('common:messages.subscriptionCheckFailed')
  },
  get fetchRequestsFailed() {
    return i18n.t('common:messages.fetchRequestsFailed')
  },
  get postRequestFailed() {
    return i18n.t('common:messages.postRequestFailed')
  },
  get updateRequestFailed() {
    return i18n.t('common:messages.updateRequestFailed')
  },
  get deleteRequestFailed() {
    return i18n.t('common:messages.deleteRequestFailed')
  },
  get loadRequestFailed() {
    return i18n.t('common:messages.loadRequestFailed')
  },
  get fetchNearbyFailed() {
    return i18n.t('common:messages.fetchNearbyFailed')
  },
  get sendInterestFailed() {
    return i18n.t('common:messages.sendInterestFailed')
  },
  get geolocationUnsupported() {
    return i18n.t('common:messages.geolocationUnsupported')
  },
  get geolocationFailed() {
    return i18n.t('common:messages.geolocationFailed')
  },
  get selectLocation() {
    return i18n.t('common:messages.selectLocation')
  },
  get subjectRequired() {
    return i18n.t('common:messages.subjectRequired')
  },
  get classLevelRequired() {
    return i18n.t('common:messages.classLevelRequired')
  },
  get preferredTimeRequired() {
    return i18n.t('common:messages.preferredTimeRequired')
  },
}

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
