import { Badge, HStack } from '@chakra-ui/react'
import { BadgeCheck } from 'lucide-react'
import { formatDate } from '@/lib/format'
import { useTranslation } from '@/lib/i18n'
import { CHECK_KEYS } from '@/lib/verification-texts'

/** The standing verification of a tutor, as the API sends it on cards and profiles. */
export interface Verification {
  checks: { id: boolean; qualification: boolean; police: boolean }
  checkedAt: string
}

/**
 * "Verified · ID ✓ · Qualification ✓ · Police ✓ · checked 2 Dec 2026": only the checks that passed,
 * the date in the viewer's language and date style. Nothing at all for a tutor not verified: the
 * badge says what an admin checked, never more.
 */
export function VerificationBadge({ verification }: { verification: Verification | null | undefined }) {
  // The badge's catalogue is fetched only where a badge is drawn: a list of unverified tutors waits for nothing.
  return verification ? <VerifiedBadge verification={verification} /> : null
}

function VerifiedBadge({ verification }: { verification: Verification }) {
  const { t } = useTranslation('verification')
  const passed = (['id', 'qualification', 'police'] as const).filter((check) => verification.checks[check])
  const checks = passed.map((check) => t(CHECK_KEYS[check]))
  const date = formatDate(verification.checkedAt, 'short')
  const parts = [t('verification:badge.verified'), ...checks, t('verification:badge.checked', { date })]
  return (
    <Badge
      colorPalette="green"
      variant="subtle"
      data-testid="verification-badge"
      aria-label={t('verification:badge.label', { checks: checks.join(', '), date })}
    >
      <HStack gap="1" aria-hidden>
        <BadgeCheck size={14} /> {parts.join(' · ')}
      </HStack>
    </Badge>
  )
}
