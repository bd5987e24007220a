import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react'
import { Plus, X } from 'lucide-react'
import type { Dispatch } from 'react'
import { FormField } from '@/components/ui/form-field'
import { useTranslation } from '@/lib/i18n'
import { MAX_PROPOSALS, type BookFormAction, type Proposal } from '../lib/book-form'

interface ProposeTimesProps {
  proposals: Proposal[]
  errors: Record<string, string>
  dispatch: Dispatch<BookFormAction>
}

/** Up to three times of the parent's own (IST date and time), for when none of the free times fits. */
export function ProposeTimes({ proposals, errors, dispatch }: ProposeTimesProps) {
  const { t } = useTranslation('bookings')
  const set = (index: number, field: keyof Proposal, value: string) =>
    dispatch({ type: 'proposal', index, field, value })
  return (
    <Stack gap="3">
      <Text color="fg.muted">{t('bookings:dialog.proposeHelp')}</Text>
      {errors.times && (
        <Text color="red.700" role="alert">
          {errors.times}
        </Text>
      )}
      {proposals.map((proposal, index) => (
        <Stack
          key={index}
          role="group"
          aria-label={t('bookings:dialog.proposal', { n: index + 1 })}
          gap="2"
          borderWidth="1px"
          borderColor="border"
          borderRadius="md"
          p="3"
        >
          <HStack justify="space-between">
            <Text fontWeight="medium" aria-hidden>
              {t('bookings:dialog.proposal', { n: index + 1 })}
            </Text>
            {proposals.length > 1 && (
              <Button
                size="xs"
                variant="ghost"
                aria-label={t('bookings:dialog.removeTime', { n: index + 1 })}
                onClick={() => dispatch({ type: 'removeProposal', index })}
              >
                <X aria-hidden />
              </Button>
            )}
          </HStack>
          <HStack gap="2" align="flex-start" wrap="wrap">
            <FormField label={t('bookings:dialog.date')} error={errors[`times.${index}`]} required>
              <Input type="date" value={proposal.date} onChange={(e) => set(index, 'date', e.target.value)} />
            </FormField>
            <FormField label={t('bookings:dialog.time')} required>
              <Input
                type="time"
                step={900}
                min="06:00"
                max="22:00"
                value={proposal.time}
                onChange={(e) => set(index, 'time', e.target.value)}
              />
            </FormField>
          </HStack>
        </Stack>
      ))}
      {proposals.length < MAX_PROPOSALS && (
        <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => dispatch({ type: 'addProposal' })}>
          <Plus aria-hidden /> {t('bookings:dialog.addTime')}
        </Button>
      )}
    </Stack>
  )
}
