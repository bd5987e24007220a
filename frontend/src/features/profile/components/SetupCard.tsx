import { Button, Heading, List, Spinner, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { Panel } from '@/components/page'
import { useTranslation } from '@/lib/i18n'
import { useCompleteness } from '../api/completeness'
import { firstMissing, STEPS, stepLabel, stepWhy } from '../lib/onboarding-steps'
import { CompletenessMeter } from './CompletenessMeter'

/**
 * The dashboard's card for a tutor whose profile is not complete: how far along, what is missing
 * and why it matters, and a way back into /onboarding at the first missing step. Loaded only when
 * the teaching area's answer says a step is missing, so a complete tutor's dashboard never fetches it.
 */
export default function SetupCard() {
  const { t } = useTranslation('onboarding')
  const completeness = useCompleteness()
  if (completeness.isPending) return <Spinner aria-label={t('onboarding:meterLabel')} />
  if (!completeness.data || completeness.data.missing.length === 0) return null
  const { percent, missing, searchable } = completeness.data
  const first = firstMissing(missing)
  const reasons = STEPS.filter((s) => missing.includes(s)).map((s) => ({ step: s, why: stepWhy(s) }))
  return (
    <Panel as="section" aria-labelledby="setup-card-heading" data-testid="setup-card">
      <Stack gap="4">
        <Heading as="h2" id="setup-card-heading" size="xl">
          {t('onboarding:card.title', { percent })}
        </Heading>
        <CompletenessMeter percent={percent} />
        {!searchable && <Text fontWeight="medium">{t('onboarding:card.hidden')}</Text>}
        <Text fontWeight="medium">{t('onboarding:card.missing')}</Text>
        <List.Root gap="1.5" ps="5">
          {reasons.map(({ step, why }) => (
            <List.Item key={step}>
              <Text as="span" fontWeight="medium">
                {stepLabel(step)}
              </Text>
              {': '}
              {why}
            </List.Item>
          ))}
        </List.Root>
        <Button asChild alignSelf="flex-start">
          <RouterLink to={`/onboarding?step=${first ?? STEPS[0]}`}>{t('onboarding:card.continue')}</RouterLink>
        </Button>
      </Stack>
    </Panel>
  )
}
