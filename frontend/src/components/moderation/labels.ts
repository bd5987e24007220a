import type { ReportReason, ReportTarget } from './api'

/** Each reason's label key, written whole so the catalogue test sees every key in use. */
export const REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  money_upfront: 'moderation:report.reason.money_upfront',
  spam: 'moderation:report.reason.spam',
  harassment: 'moderation:report.reason.harassment',
  fake_profile: 'moderation:report.reason.fake_profile',
  unsafe: 'moderation:report.reason.unsafe',
  other: 'moderation:report.reason.other',
}

/** What is reported, as the dialog's title and the queue's badge name it. */
export const TARGET_LABELS: Readonly<Record<ReportTarget, string>> = {
  profile: 'moderation:report.what.profile',
  request: 'moderation:report.what.request',
  message: 'moderation:report.what.message',
  interest: 'moderation:report.what.interest',
}

/** An admin's decision, as earlier reports show it. */
export const OUTCOME_LABELS: Readonly<Record<string, string>> = {
  dismissed: 'moderation:admin.outcome.dismissed',
  warned: 'moderation:admin.outcome.warned',
  removed: 'moderation:admin.outcome.removed',
  suspended: 'moderation:admin.outcome.suspended',
  banned: 'moderation:admin.outcome.banned',
}

/** The admin's five actions' buttons. */
export const ACTION_LABELS = {
  dismiss: 'moderation:admin.action.dismiss',
  warn: 'moderation:admin.action.warn',
  remove: 'moderation:admin.action.remove',
  suspend: 'moderation:admin.action.suspend',
  ban: 'moderation:admin.action.ban',
} as const
