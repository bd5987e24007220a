import { Box, Button, Flex, Heading, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react'
import { Check } from 'lucide-react'
import { useCallback, useRef, useState, type ReactNode } from 'react'
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router'
import { Page, Panel } from '@/components/page'
import { navigateKeepingDraft } from '@/hooks/use-unsaved-changes-guard'
import { StepSaveContext, type StepSave } from '@/hooks/use-step-save'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { useCompleteness, useRefreshCompleteness } from '../api/completeness'
import { useProfile } from '../api/get-profile'
import { useMyTutorCard } from '../api/tutor-card'
import { AboutStep } from '../components/AboutStep'
import { CompletenessMeter } from '../components/CompletenessMeter'
import { PhotoField } from '../components/PhotoField'
import { FeeField } from '../components/TutorCardSettings'
import { nextOf, previousOf, STEPS, stepHint, stepLabel, stepOf, type Step } from '../lib/onboarding-steps'

interface OnboardingProps {
  /**
   * The editor of a step other features own (the teaching area for subjects to area, the week for
   * availability), composed in app/onboarding-route.tsx: features do not import each other.
   */
  renderStep: (step: Step) => ReactNode
}

/** This feature's own steps: the fee, the photo, the about text. */
function OwnStep({ step, tutorId, name, email }: { step: Step; tutorId: number; name: string; email: string }) {
  const card = useMyTutorCard(tutorId)
  const refresh = useRefreshCompleteness()
  if (step === 'about') return <AboutStep tutorId={tutorId} onSaved={() => void refresh()} />
  if (!card.data) return <Spinner />
  if (step === 'fee')
    return <FeeField email={email} feePerHour={card.data.feePerHour ?? null} onSaved={() => void refresh()} />
  return <PhotoField name={name} photoUrl={card.data.photoUrl ?? null} />
}

/** The list of steps: each a link to it (`?step=`), the current one marked, the done ones ticked. */
function StepList({ current, done }: { current: Step; done: readonly string[] }) {
  const { t } = useTranslation('onboarding')
  return (
    <Box as="nav" aria-label={t('onboarding:stepsLabel')}>
      <Flex as="ol" wrap="wrap" gap="2" listStyleType="none">
        {STEPS.map((s) => (
          <li key={s}>
            <Link
              asChild
              px="3"
              py="1"
              borderRadius="full"
              borderWidth="1px"
              fontSize="sm"
              bg={s === current ? 'blue.700' : undefined}
              color={s === current ? 'white' : 'fg'}
            >
              <RouterLink to={`?step=${s}`} replace aria-current={s === current ? 'step' : undefined}>
                {done.includes(s) && <Check aria-label={t('onboarding:done')} size={14} />}
                {stepLabel(s)}
              </RouterLink>
            </Link>
          </li>
        ))}
      </Flex>
    </Box>
  )
}

/** /onboarding: a new tutor's guided set-up, one step at a time, the step in the address. */
export default function Onboarding({ renderStep }: OnboardingProps) {
  const { t } = useTranslation('onboarding')
  const [params, setParams] = useSearchParams()
  const step = stepOf(params.get('step'))
  const navigate = useNavigate()
  const completeness = useCompleteness()
  const refresh = useRefreshCompleteness()
  const stored = useSession().user
  const user = useProfile().data?.user ?? stored
  // The step's form, which Next saves before it moves on (a step without one, the photo, has
  // nothing waiting: it uploads when chosen).
  const current = useRef<StepSave | null>(null)
  const register = useCallback((form: StepSave) => {
    current.current = form
    return () => {
      if (current.current === form) current.current = null
    }
  }, [])
  const [saving, setSaving] = useState(false)
  // Moving between steps keeps whatever is unsaved as a draft: no question; leaving the flow asks.
  const go = (to: Step | null) => {
    void refresh()
    navigateKeepingDraft(() => {
      if (to === null) navigate('/dashboard')
      else setParams({ step: to })
    })
  }
  const saveAndGo = async (to: Step | null) => {
    const form = current.current
    if (form?.unsaved()) {
      setSaving(true)
      const saved = await form.save().finally(() => setSaving(false))
      // A failed save stays on the step, its form saying why.
      if (!saved) return
    }
    go(to)
  }
  const own = step === 'fee' || step === 'photo' || step === 'about'
  const index = STEPS.indexOf(step)
  const next = nextOf(step)
  return (
    <Page title={t('onboarding:title')} subtitle={t('onboarding:subtitle')} maxW="4xl">
      <Stack gap="6">
        <CompletenessMeter percent={completeness.data?.percent} />
        <StepList current={step} done={completeness.data?.done ?? []} />
        <Panel as="section" aria-labelledby="onboarding-step">
          <Text color="fg.muted" fontSize="sm">
            {t('onboarding:stepOf', { n: index + 1, total: STEPS.length })}
          </Text>
          <Heading as="h2" id="onboarding-step" size="xl" mb="1">
            {stepLabel(step)}
          </Heading>
          <Text color="fg.muted" mb="5">
            {stepHint(step)}
          </Text>
          <StepSaveContext.Provider value={register}>
            <Box key={step}>
              {own && user ? (
                <OwnStep step={step} tutorId={user.id} name={user.fullname || user.email} email={user.email} />
              ) : (
                renderStep(step)
              )}
            </Box>
          </StepSaveContext.Provider>
        </Panel>
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Button variant="outline" disabled={index === 0} onClick={() => go(previousOf(step))}>
            {t('onboarding:back')}
          </Button>
          <HStack gap="3">
            <Button variant="ghost" onClick={() => go(next)}>
              {t('onboarding:skip')}
            </Button>
            <Button onClick={() => void saveAndGo(next)} loading={saving}>
              {next ? t('onboarding:next') : t('onboarding:finish')}
            </Button>
          </HStack>
        </HStack>
      </Stack>
    </Page>
  )
}
