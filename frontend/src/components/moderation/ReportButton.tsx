import { Button } from '@chakra-ui/react'
import { lazy, Suspense, useState } from 'react'
import { useTranslation, withCatalogues } from '@/lib/i18n'
import type { ReportSubject } from './ReportDialog'

export type { ReportSubject } from './ReportDialog'

// The dialog (a form, the overlay) and the moderation catalogue load when someone opens it: a
// profile or a list that offers 'Report' carries neither on its first load (the button's own
// texts are the shared catalogue's, which every screen that asks the server has).
const ReportDialog = lazy(withCatalogues(() => import('./ReportDialog'), ['moderation']))

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
  const { t } = useTranslation('shared')
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button
        variant="ghost"
        colorPalette="red"
        size={size}
        onClick={() => setOpen(true)}
        aria-label={name ? t('shared:report.openNamed', { name }) : undefined}
      >
        {t('shared:report.open')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog subject={subject} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
