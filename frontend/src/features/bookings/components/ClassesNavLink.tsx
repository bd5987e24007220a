import { Box, Button, type ButtonProps } from '@chakra-ui/react'
import { NavLink } from 'react-router'
import { CountBadge } from '@/components/count-badge'
import { useTranslation } from '@/lib/i18n'
import { useBookingCount } from '../api/count'

interface ClassesNavLinkProps {
  /** The bar's or the drawer's look for its links. */
  button: ButtonProps
  onNavigate?: () => void
}

/** "My classes" in the header and the phone drawer, with the count of upcoming classes. */
export default function ClassesNavLink({ button, onNavigate }: ClassesNavLinkProps) {
  const { t } = useTranslation('shared')
  const count = useBookingCount().data?.upcoming ?? 0
  return (
    <Button asChild {...button}>
      <NavLink to="/classes" onClick={onNavigate}>
        {t('shared:routes.classes')}
        <CountBadge count={count} silent testId="nav-classes-count" />
        {count > 0 && (
          <Box as="span" srOnly>
            {t('shared:bookings.upcoming', { count })}
          </Box>
        )}
      </NavLink>
    </Button>
  )
}
