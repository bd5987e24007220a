import { Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { Page, Panel } from '@/components/page'
import { useTranslation } from '@/lib/i18n'

const TEAM = [
  { id: 'tutorSuccess', name: 'info:about.team.tutorSuccess.name', text: 'info:about.team.tutorSuccess.text' },
  { id: 'parentCare', name: 'info:about.team.parentCare.name', text: 'info:about.team.parentCare.text' },
  { id: 'engineering', name: 'info:about.team.engineering.name', text: 'info:about.team.engineering.text' },
] as const

// The names of the source and of its licence stay as they are written, in every language.
const GEONAMES = 'GeoNames (geonames.org)'
const LICENCE = 'CC BY 4.0'

export default function About() {
  const { t } = useTranslation('info')
  return (
    <Page title={t('info:about.title')} subtitle={t('info:about.subtitle')}>
      <Stack gap="6">
        <Panel>
          <Text fontSize="lg">{t('info:about.intro')}</Text>
        </Panel>
        <Panel as="section" aria-labelledby="mission-title">
          <Heading as="h2" id="mission-title" size="xl" mb="3">
            {t('info:about.mission.title')}
          </Heading>
          <Text fontSize="lg">{t('info:about.mission.text')}</Text>
        </Panel>
        <Panel as="section" aria-labelledby="team-title">
          <Heading as="h2" id="team-title" size="xl" mb="4">
            {t('info:about.team.title')}
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            {TEAM.map((member) => (
              <Stack key={member.id} gap="1" p="4" bg="blue.50" borderRadius="lg">
                <Heading as="h3" size="md">
                  {t(member.name)}
                </Heading>
                <Text color="fg.muted">{t(member.text)}</Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Panel>
        <Panel as="section" aria-labelledby="credits-title">
          <Heading as="h2" id="credits-title" size="xl" mb="3">
            {t('info:about.credits.title')}
          </Heading>
          <Stack gap="2" color="fg.muted">
            <Text data-testid="geonames-credit">
              {t('info:about.credits.placeData')}{' '}
              <Link href="https://www.geonames.org/" color="blue.700" target="_blank" rel="noopener noreferrer">
                {GEONAMES}
              </Link>
              {t('info:about.credits.licensedUnder')}{' '}
              <Link
                href="https://creativecommons.org/licenses/by/4.0/"
                color="blue.700"
                target="_blank"
                rel="noopener noreferrer"
              >
                {LICENCE}
              </Link>
              {t('info:about.credits.usedFor')}
            </Text>
          </Stack>
        </Panel>
      </Stack>
    </Page>
  )
}
