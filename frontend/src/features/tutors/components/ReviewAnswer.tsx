import { Box, Button, Field, Stack, Text, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { FormAlert } from '@/components/ui/form-alert'
import { useTranslation } from '@/lib/i18n'
import { useAnswerReview } from '../api/answer-review'
import type { Review } from '../api/get-reviews'

/** The tutor's public answer under a review, or (to that tutor, once) the form to give it. */
export function ReviewAnswer({ review, tutorId, isTutor }: { review: Review; tutorId: number; isTutor: boolean }) {
  const { t } = useTranslation('tutors')
  const [text, setText] = useState('')
  const answer = useAnswerReview()
  if (review.answer) {
    return (
      <Box mt="3" ps="3" borderStartWidth="3px" borderColor="blue.300" data-testid={`answer-${review.id}`}>
        <Text fontSize="sm" fontWeight="semibold">
          {t('tutors:answer.fromTutor')}
        </Text>
        <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
          {review.answer}
        </Text>
      </Box>
    )
  }
  if (!isTutor) return null
  const id = `answer-text-${review.id}`
  return (
    <Stack
      as="form"
      gap="2"
      mt="3"
      onSubmit={(event) => {
        event.preventDefault()
        answer.mutate({ tutorId, reviewId: review.id, text })
      }}
    >
      <Field.Root>
        <Field.Label htmlFor={id}>{t('tutors:answer.label')}</Field.Label>
        <Textarea id={id} value={text} onChange={(e) => setText(e.target.value)} rows={2} />
        <Field.HelperText>{t('tutors:answer.once')}</Field.HelperText>
      </Field.Root>
      {answer.isError && <FormAlert status="error" message={answer.error.message} />}
      <Box>
        <Button type="submit" size="sm" colorPalette="blue" loading={answer.isPending} disabled={!text.trim()}>
          {t('tutors:answer.submit')}
        </Button>
      </Box>
    </Stack>
  )
}
