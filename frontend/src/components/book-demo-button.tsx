import { Button } from '@chakra-ui/react'
import { CalendarPlus } from 'lucide-react'
import { useNavigate } from 'react-router'
import { useBookDemo, type BookDemoTarget } from '@/lib/book-demo'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'

interface BookDemoButtonProps extends BookDemoTarget {
  size?: 'xs' | 'sm' | 'md'
  variant?: 'solid' | 'outline'
}

/**
 * "Book a demo class" with a tutor, for a parent; a visitor is sent to log in first. Tutors and
 * admins book nothing, so they do not see it.
 */
export function BookDemoButton({ tutor, requestId, size = 'md', variant = 'outline' }: BookDemoButtonProps) {
  const { t } = useTranslation('shared')
  const open = useBookDemo()
  const session = useSession()
  const navigate = useNavigate()
  if (!open || (session.isLoggedIn && session.role !== 'parent')) return null
  return (
    <Button
      size={size}
      variant={variant}
      colorPalette="blue"
      aria-label={t('shared:bookDemo.label', { name: tutor.name })}
      onClick={() =>
        session.isLoggedIn
          ? open({ tutor, requestId })
          : navigate('/login', { state: { message: t('shared:bookDemo.signInFirst') } })
      }
    >
      <CalendarPlus aria-hidden /> {t('shared:bookDemo.button')}
    </Button>
  )
}
