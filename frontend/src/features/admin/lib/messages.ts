/** SPEC §8 "Admin" defaults (shown when the server sends no message) and SPEC §5 admin rules. */
export const ADMIN_MESSAGES = {
  loadAnalytics: 'Failed to load analytics',
  saveSettings: 'Failed to save settings',
  /** The snackbar when the fields show why (each message beside its field, once). */
  settingsFieldsRefused: 'Settings not saved: please correct the marked fields.',
  updateUser: 'Failed to update user',
  deleteUser: 'Failed to delete user',
  resetPassword: 'Failed to reset password',
  createUser: 'Failed to create user',
  updateStatus: 'Failed to update user status',
  bulk: 'Failed to perform bulk action',
  uploadAsset: 'Failed to upload asset',
  deleteAsset: 'Failed to delete asset',
  approval: 'Failed to update approval',
  featured: 'Failed to update featured status',
  badges: 'Failed to update badges',
  assignTutor: 'Failed to assign tutor',
  flag: 'Failed to update flag',
  saveContent: 'Failed to save content',
  testimonial: 'Failed to update testimonial',
  broadcast: 'Failed to send broadcast',
  upload: 'Upload failed',
  selectUsers: 'Please select users first',
  selectFile: 'Please select a file',
  // Loading lists (no SPEC default: these say what failed).
  loadUsers: 'Failed to load users',
  loadRequests: 'Failed to fetch requests',
  loadSettings: 'Failed to load settings',
  loadContent: 'Failed to load content',
  loadTestimonials: 'Failed to load testimonials',
  loadTickets: 'Failed to load support tickets',
  loadUndelivered: 'Failed to load undelivered e-mails',
  loadAssets: 'Failed to load assets',
  loadAudit: 'Failed to load the audit log',
} as const

/** SPEC §9: the admin user list starts at page 1 with 20 a page. */
export const USERS_PAGE_LIMIT = 20
