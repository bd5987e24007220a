import { Button } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { Panel } from '@/components/page'
import { useTranslation } from '@/lib/i18n'

/** The way from a tutor's dashboard and profile settings to their weekly availability (/availability). */
export default function AvailabilityLink() {
  const { t } = useTranslation('shared')
  return (
    <Panel>
      <Button asChild variant="outline" colorPalette="blue">
        <RouterLink to="/availability">{t('shared:routes.availability')}</RouterLink>
      </Button>
    </Panel>
  )
}
