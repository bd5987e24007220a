import { Spinner, Text } from '@chakra-ui/react'
import { errorMessage } from '@/api/client'
import { useMyAvailability } from '@/features/availability/api/availability'
import { WeekEditor } from '@/features/availability/components/WeekEditor'
import { useRefreshCompleteness } from '@/features/profile/api/completeness'
import Onboarding from '@/features/profile/routes/Onboarding'
import type { Step } from '@/features/profile/lib/onboarding-steps'
import AreaStep from '@/features/tuition/components/AreaStep'
import { useTranslation } from '@/lib/i18n'

/** The week's editor as /availability has it, for the availability step. */
function WeekStep({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation('availability')
  const mine = useMyAvailability()
  if (mine.isPending) return <Spinner aria-label={t('availability:loading')} />
  if (mine.isError) return <Text role="alert">{errorMessage(mine.error, t('availability:loadFailed'))}</Text>
  return <WeekEditor saved={mine.data} onSaved={onSaved} />
}

/**
 * /onboarding with the editors other features own: the teaching area's parts (its subjects, classes,
 * boards and modes, then the place with its map and place search, each step one part of the area's
 * fields) and the weekly availability. Each saves on the flow's Next; the meter follows each save.
 */
export default function OnboardingRoute() {
  const { t } = useTranslation('onboarding')
  const refresh = useRefreshCompleteness()
  const onSaved = () => void refresh()
  const renderStep = (step: Step) => {
    if (step === 'availability') return <WeekStep onSaved={onSaved} />
    if (step === 'fee' || step === 'photo' || step === 'about') return null
    return <AreaStep part={step} waitingNote={t('onboarding:areaWaiting')} onSaved={onSaved} />
  }
  return <Onboarding renderStep={renderStep} />
}
