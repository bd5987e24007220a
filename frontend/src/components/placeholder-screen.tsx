import { Badge, List, Text } from '@chakra-ui/react'
import { listSlotRecipe } from '@chakra-ui-theme/recipes/list'
import type { ReactNode } from 'react'
import { useTranslation } from '@/lib/i18n'
import { Page, Panel } from './page'

interface PlaceholderScreenProps {
  title: string
  /** What this screen will do once its issue lands. */
  description: string
  upcoming: string[]
  children?: ReactNode
}

/** A screen whose route and guard are real but whose content comes in a later issue. */
export function PlaceholderScreen({ title, description, upcoming, children }: PlaceholderScreenProps) {
  const { t } = useTranslation('shared')
  return (
    <Page title={title}>
      <Panel>
        <Badge colorPalette="orange" mb="3">
          {t('shared:ui.comingSoon')}
        </Badge>
        <Text fontSize="lg" mb="4">
          {description}
        </Text>
        <Text fontWeight="semibold" mb="2">
          {t('shared:ui.whatWillBeHere')}
        </Text>
        <List.Root recipe={listSlotRecipe} ps="5" gap="1">
          {upcoming.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List.Root>
        {children}
      </Panel>
    </Page>
  )
}
