import { Heading, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { Page, Panel } from '@/components/page'
import { LEGAL_LAST_UPDATED } from '@/lib/constants'

export interface LegalSection {
  title: string
  body: ReactNode
}

/** Terms, privacy and refunds share one layout: dated, numbered sections. */
export function LegalPage({ title, intro, sections }: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  return (
    <Page title={title} subtitle={`Last updated ${LEGAL_LAST_UPDATED}`}>
      <Panel>
        <Stack gap="6" fontSize="md" lineHeight="tall">
          <Text>{intro}</Text>
          {sections.map((section, index) => (
            <Stack as="section" key={section.title} gap="2">
              <Heading as="h2" size="lg">
                {index + 1}. {section.title}
              </Heading>
              {typeof section.body === 'string' ? <Text>{section.body}</Text> : section.body}
            </Stack>
          ))}
        </Stack>
      </Panel>
    </Page>
  )
}
