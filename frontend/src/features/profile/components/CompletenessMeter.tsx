import { HStack, Progress, Text } from '@chakra-ui/react'
import { useTranslation } from '@/lib/i18n'

/** The server's percentage of the onboarding steps done, as a bar with its words. */
export function CompletenessMeter({ percent }: { percent: number | undefined }) {
  const { t } = useTranslation('onboarding')
  return (
    <Progress.Root value={percent ?? 0} max={100} colorPalette="blue">
      <HStack justify="space-between" mb="1.5">
        <Progress.Label>
          <Text as="span" fontWeight="medium" data-testid="completeness-text">
            {t('onboarding:progress', { percent: percent ?? 0 })}
          </Text>
        </Progress.Label>
      </HStack>
      <Progress.Track aria-label={t('onboarding:meterLabel')}>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  )
}
