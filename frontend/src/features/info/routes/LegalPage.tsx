import { Heading, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { Page, Panel } from '@/components/page'
import { useTranslation } from '@/lib/i18n'

export interface LegalSection {
  title: string
  body: ReactNode
}

/** Terms, privacy and refunds share one layout: dated, numbered sections (texts already translated). */
export function LegalPage({ title, intro, sections }: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  const { t } = useTranslation('info')
  return (
    <Page title={title} subtitle={t('info:legal.lastUpdated')}>
      <Panel>
        <Stack gap="6" fontSize="md" lineHeight="tall">
          <Text>{intro}</Text>
          {sections.map((section, index) => (
            <Stack as="section" key={section.title} gap="2">
              <Heading as="h2" size="lg">
                {t('info:legal.section', { number: index + 1, title: section.title })}
              </Heading>
              {typeof section.body === 'string' ? <Text>{section.body}</Text> : section.body}
            </Stack>
          ))}
        </Stack>
      </Panel>
    </Page>
  )
}
