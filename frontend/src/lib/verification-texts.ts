// The catalogue keys of verification's words that the API sends as codes (a document's kind, a
// check, a decision, a reason), written whole so that the catalogue checks see every key in use.
// Shared by the tutor's page, the admins' queue and the badge on cards.

export const CHECK_KEYS = {
  id: 'verification:badge.id',
  qualification: 'verification:badge.qualification',
  police: 'verification:badge.police',
} as const

export const SLOT_KEYS = {
  id: 'verification:admin.slots.id',
  qualification: 'verification:admin.slots.qualification',
  police: 'verification:admin.slots.police',
} as const

export const ID_KIND_KEYS = {
  aadhaar: 'verification:form.kinds.aadhaar',
  pan: 'verification:form.kinds.pan',
  passport: 'verification:form.kinds.passport',
  driving_licence: 'verification:form.kinds.driving_licence',
  voter_id: 'verification:form.kinds.voter_id',
} as const

export const DECISION_KEYS = {
  approved: 'verification:page.approved',
  rejected: 'verification:page.rejected',
  superseded: 'verification:page.superseded',
} as const

export const REASON_KEYS = {
  unreadable: 'verification:reasons.unreadable',
  name_mismatch: 'verification:reasons.name_mismatch',
  wrong_document: 'verification:reasons.wrong_document',
  expired: 'verification:reasons.expired',
  not_masked: 'verification:reasons.not_masked',
  other: 'verification:reasons.other',
} as const

export const FILE_FIELD_KEYS = {
  idFile: 'verification:form.idFile',
  qualificationFile: 'verification:form.qualificationFile',
  policeFile: 'verification:form.policeFile',
} as const

/** The key for a code the API sent, or the code itself for one this build does not know yet. */
export function keyOf(keys: Record<string, string>, code: string): string {
  return keys[code] ?? code
}
