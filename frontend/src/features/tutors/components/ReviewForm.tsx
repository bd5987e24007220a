import { Button, RatingGroup, Stack, Text, Textarea } from '@chakra-ui/react'
import { ratingGroupSlotRecipe } from '@chakra-ui-theme/recipes/rating-group'
import { textareaRecipe } from '@chakra-ui-theme/recipes/textarea'
import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import { z } from '@/lib/zod'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { RATING_MAX } from '@/lib/constants'
import { showServerError } from '@/lib/form-errors'
import { useTranslation } from '@/lib/i18n'
import { notifySuccess } from '@/lib/toaster'
import { useAddReview } from '../api/add-review'
import type { Review } from '../api/get-reviews'

const reviewSchema = (t: ReturnType<typeof useTranslation>['t']) =>
  z.object({
    rating: z.int().check(z.gte(1, t('tutors:review.ratingRequired')), z.lte(RATING_MAX)),
    comment: z.string().check(z.trim()),
  })

/**
 * A parent's review: 1 to 5 whole stars (SPEC §9) and a comment. A rating is required (SPEC §5):
 * submitting without one says 'Please select a rating' under the stars, and choosing one clears
 * it. A parent who already reviewed sees theirs, and submitting replaces it.
 */
export function ReviewForm({ tutorId, parentId, existing }: { tutorId: number; parentId?: number; existing?: Review }) {
  const { t } = useTranslation('tutors')
  const starText = (n: number) => t('tutors:review.stars', { count: n })
  const form = useForm({
    resolver: zodResolver(reviewSchema(t)),
    defaultValues: { rating: existing?.rating ?? 0, comment: existing?.comment ?? '' },
  })
  const add = useAddReview(() => notifySuccess(existing ? t('tutors:review.updated') : t('tutors:review.submitted')))

  const commentField = form.register('comment')

  const submit = form.handleSubmit(({ rating, comment }) =>
    add.mutate(
      { tutorId, rating, comment, parentId },
      { onError: (e) => showServerError(form, e, t('tutors:review.failed')) },
    ),
  )

  return (
    <form onSubmit={submit} noValidate aria-label={t('tutors:review.write')}>
      <Stack gap="4">
        {existing && <Text color="fg.muted">{t('tutors:review.already')}</Text>}
        <Controller
          control={form.control}
          name="rating"
          render={({ field, fieldState }) => (
            <RatingGroup.Root
              recipe={ratingGroupSlotRecipe}
              count={RATING_MAX}
              value={field.value}
              onValueChange={(details) => field.onChange(details.value)}
              size="lg"
              colorPalette="orange"
              translations={{ ratingValueText: starText }}
              display="flex"
              flexDirection="column"
              gap="1"
            >
              <RatingGroup.Label fontWeight="medium">{t('tutors:review.yourRating')}</RatingGroup.Label>
              <RatingGroup.HiddenInput name={field.name} />
              <RatingGroup.Control />
              {/* Nothing chosen says nothing until a submit: then 'Please select a rating' (SPEC §8). */}
              <Text fontSize="sm" color={field.value ? 'fg.muted' : 'fg.error'} aria-live="polite" minH="5">
                {field.value ? t('tutors:review.selected', { count: field.value }) : (fieldState.error?.message ?? '')}
              </Text>
            </RatingGroup.Root>
          )}
        />
        <FormField label={t('tutors:review.comment')} error={form.formState.errors.comment?.message}>
          <Textarea recipe={textareaRecipe} rows={3} {...commentField} />
        </FormField>
        <FormAlert status="error" message={form.formState.errors.root?.server?.message ?? null} />
        <Button
          type="submit"
          alignSelf="flex-start"
          loading={add.isPending}
          loadingText={t('tutors:review.submitting')}
        >
          {existing ? t('tutors:review.update') : t('tutors:review.submit')}
        </Button>
      </Stack>
    </form>
  )
}
