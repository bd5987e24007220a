import { Button } from '@chakra-ui/react'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from '@/lib/i18n'
import type { ReportSubject } from './ReportDialog'

export type { ReportSubject } from './ReportDialog'

// The dialog (a form, the overlay) loads when someone opens it: a profile or a list that offers
// 'Report' does not carry it on its first load.
const ReportDialog = lazy(() => import('./ReportDialog'))

/**
 * 'Report' on a profile, a request, a message or an interested tutor: a reason from the list and
 * what happened. The server files one report per person and target and tells an admin.
 */
export function ReportButton({
  subject,
  name,
  size = 'sm',
}: {
  subject: ReportSubject
  /** Who or what is reported, for the button's accessible name. */
  name?: string
  size?: 'xs' | 'sm' | 'md'
}) {
  const { t } = useTranslation('moderation')
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button
        variant="ghost"
        colorPalette="red"
        size={size}
        onClick={() => setOpen(true)}
        aria-label={name ? t('moderation:report.openNamed', { name }) : undefined}
      >
        {t('moderation:report.open')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog subject={subject} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
