import { Spinner, Text } from '@chakra-ui/react'
import { errorMessage } from '@/api/client'
import { useMyAvailability } from '@/features/availability/api/availability'
import { WeekEditor } from '@/features/availability/components/WeekEditor'
import Onboarding from '@/features/profile/routes/Onboarding'
import type { Step } from '@/features/profile/lib/onboarding-steps'
import TeachingAreaEditor from '@/features/tuition/components/TeachingAreaEditor'
import { useTranslation } from '@/lib/i18n'

/** The week's editor as /availability has it, for the availability step. */
function WeekStep() {
  const { t } = useTranslation('availability')
  const mine = useMyAvailability()
  if (mine.isPending) return <Spinner aria-label={t('availability:loading')} />
  if (mine.isError) return <Text role="alert">{errorMessage(mine.error, t('availability:loadFailed'))}</Text>
  return <WeekEditor saved={mine.data} />
}

/**
 * /onboarding with the editors other features own: the teaching area (its subjects, classes, boards,
 * modes and the place with its map and place search, one form saved whole) and the weekly availability.
 */
export default function OnboardingRoute() {
  const renderStep = (step: Step) => {
    if (step === 'availability') return <WeekStep />
    return <TeachingAreaEditor />
  }
  return <Onboarding renderStep={renderStep} />
}
