import { Box, Button, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { errorMessage } from '@/api/client'
import { useTranslation } from '@/lib/i18n'
import { notifySuccess } from '@/lib/toaster'
import { useBookingOutcome } from '../api/bookings'
import type { Booking, Side } from '../api/types'
import { answerKey, outcomeBody, type OutcomeAnswer, type OutcomeView } from '../lib/outcome-view'
import { ChoiceButtons } from './ChoiceButtons'

interface OutcomeCardProps {
  booking: Booking
  me: Side
  otherName: string
  view: OutcomeView
}

function AnswerLine({ who, answer }: { who: string; answer: OutcomeAnswer }) {
  const { t } = useTranslation('bookings')
  return (
    <Text fontSize="sm" overflowWrap="anywhere">
      {t('bookings:outcome.said', { who, answer: t(answerKey(answer)) })}
      {answer.note ? ` — ${answer.note}` : ''}
    </Text>
  )
}

/** "How did the demo go?": after a confirmed demo's start, this side's answer (and correction), both answers, and what followed. */
export function OutcomeCard({ booking, me, otherName, view }: OutcomeCardProps) {
  const { t } = useTranslation('bookings')
  const save = useBookingOutcome()
  const [editing, setEditing] = useState(false)
  const [happened, setHappened] = useState<boolean | null>(view.mine?.happened ?? null)
  const [continues, setContinues] = useState<boolean | null>(view.mine?.continue ?? null)
  const asking = view.canAnswer && (view.mine === null || editing)
  const tutorName = booking.tutor.name
  const send = () => {
    if (happened === null) return
    save.mutate(
      { id: booking.id, body: outcomeBody(happened, continues) },
      {
        onSuccess: () => {
          setEditing(false)
          notifySuccess(t('bookings:outcome.saved'))
        },
      },
    )
  }
  return (
    <Box borderTopWidth="1px" borderColor="border" mt="2" pt="2" data-testid={`outcome-${booking.id}`}>
      <Stack gap="2">
        <Text fontWeight="semibold">{t('bookings:outcome.title')}</Text>
        {view.mine && <AnswerLine who={t('bookings:outcome.you')} answer={view.mine} />}
        {view.theirs && <AnswerLine who={otherName} answer={view.theirs} />}
        {view.assigned && (
          <Text fontSize="sm" fontWeight="medium" color="green.800">
            {me === 'parent'
              ? booking.subject
                ? t('bookings:outcome.assignedSubject', { name: tutorName, subject: booking.subject })
                : t('bookings:outcome.assigned', { name: tutorName })
              : t('bookings:outcome.chosenYou')}
          </Text>
        )}
        {asking ? (
          <>
            <Text fontSize="sm">{t('bookings:outcome.happened')}</Text>
            <ChoiceButtons
              label={t('bookings:outcome.happened')}
              options={[
                { value: 'yes', text: t('bookings:outcome.yes') },
                { value: 'no', text: t('bookings:outcome.no') },
              ]}
              value={happened === null ? null : happened ? 'yes' : 'no'}
              onChange={(v) => setHappened(v === 'yes')}
            />
            {happened && <Text fontSize="sm">{t('bookings:outcome.continueLabel')}</Text>}
            {happened && (
              <ChoiceButtons
                label={t('bookings:outcome.continueLabel')}
                options={[
                  { value: 'yes', text: t('bookings:outcome.continue') },
                  { value: 'no', text: t('bookings:outcome.stop') },
                ]}
                value={continues === null ? null : continues ? 'yes' : 'no'}
                onChange={(v) => setContinues(v === 'yes')}
              />
            )}
            {save.isError && (
              <Text role="alert" fontSize="sm" color="red.700">
                {errorMessage(save.error, t('bookings:saveFailed'))}
              </Text>
            )}
            <Button
              size="sm"
              colorPalette="blue"
              alignSelf="flex-start"
              disabled={happened === null}
              loading={save.isPending}
              onClick={send}
            >
              {t('bookings:outcome.send')}
            </Button>
          </>
        ) : (
          view.canAnswer && (
            <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => setEditing(true)}>
              {t('bookings:outcome.change')}
            </Button>
          )
        )}
      </Stack>
    </Box>
  )
}
