import { useTranslation } from '@/lib/i18n'

/** The `t` of `useTranslation`, for the forms whose checks are built with the reader's language. */
export type Translate = ReturnType<typeof useTranslation>['t']

/**
 * SPEC §8 "Admin" defaults (shown when the server sends no message) and SPEC §5 admin rules, as keys of the
 * admin catalogue: they travel as the message of an error or a form's check, and `useAdminText` shows them in
 * the reader's language.
 */
export const ADMIN_MESSAGES = {
  loadAnalytics: 'admin:errors.loadAnalytics',
  saveSettings: 'admin:errors.saveSettings',
  /** The snackbar when the fields show why (each message beside its field, once). */
  settingsFieldsRefused: 'admin:errors.settingsFieldsRefused',
  updateUser: 'admin:errors.updateUser',
  deleteUser: 'admin:errors.deleteUser',
  resetPassword: 'admin:errors.resetPassword',
  createUser: 'admin:errors.createUser',
  updateStatus: 'admin:errors.updateStatus',
  bulk: 'admin:errors.bulk',
  uploadAsset: 'admin:errors.uploadAsset',
  deleteAsset: 'admin:errors.deleteAsset',
  approval: 'admin:errors.approval',
  featured: 'admin:errors.featured',
  badges: 'admin:errors.badges',
  assignTutor: 'admin:errors.assignTutor',
  flag: 'admin:errors.flag',
  saveContent: 'admin:errors.saveContent',
  testimonial: 'admin:errors.testimonial',
  broadcast: 'admin:errors.broadcast',
  upload: 'admin:errors.upload',
  selectUsers: 'admin:errors.selectUsers',
  selectFile: 'admin:errors.selectFile',
  // Loading lists (no SPEC default: these say what failed).
  loadUsers: 'admin:errors.loadUsers',
  loadRequests: 'admin:errors.loadRequests',
  loadSettings: 'admin:errors.loadSettings',
  loadContent: 'admin:errors.loadContent',
  loadTestimonials: 'admin:errors.loadTestimonials',
  loadTickets: 'admin:errors.loadTickets',
  loadUndelivered: 'admin:errors.loadUndelivered',
  loadAssets: 'admin:errors.loadAssets',
  loadAudit: 'admin:errors.loadAudit',
  // The broadcast form's own check.
  messageRequired: 'admin:errors.messageRequired',
} as const

/** SPEC §9: the admin user list starts at page 1 with 20 a page. */
export const USERS_PAGE_LIMIT = 20

/**
 * The text to show for a message the admin panel holds: one of its own (a key above, or a form's check) in
 * the reader's language; a message the server sent, as it came (already in that language).
 */
export interface AdminText {
  (message: string): string
  (message: string | null | undefined): string | null
}

export function useAdminText(): AdminText {
  const { t } = useTranslation()
  function say(message: string): string
  function say(message: string | null | undefined): string | null
  function say(message: string | null | undefined): string | null {
    if (!message) return null
    return message.startsWith('admin:') ? t(message) : message
  }
  return say
}
