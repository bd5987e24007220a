import { Button, RatingGroup, Stack, Text, Textarea } from '@chakra-ui/react'
import { ratingGroupSlotRecipe } from '@chakra-ui-theme/recipes/rating-group'
import { textareaRecipe } from '@chakra-ui-theme/recipes/textarea'
import { useState, type FormEvent } from 'react'
import { errorMessage } from '@/api/client'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { MESSAGES, RATING_MAX } from '@/lib/constants'
import { notifySuccess } from '@/lib/toaster'
import { useAddReview } from '../api/add-review'
import type { Review } from '../api/get-reviews'

const starText = (n: number) => `${n} star${n === 1 ? '' : 's'}`

/**
 * A parent's review: 1 to 5 whole stars (SPEC §9) and a comment. Submit stays disabled until a
 * rating is chosen (SPEC §5). A parent who already reviewed sees theirs, and submitting replaces it.
 */
export function ReviewForm({ tutorId, parentId, existing }: { tutorId: number; parentId?: number; existing?: Review }) {
  const [rating, setRating] = useState(existing?.rating ?? 0)
  const [comment, setComment] = useState(existing?.comment ?? '')
  const add = useAddReview(() =>
    notifySuccess(existing ? 'Review updated successfully!' : 'Review submitted successfully!'),
  )

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (rating < 1) return
    add.mutate({ tutorId, rating, comment: comment.trim(), parentId })
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Write a review">
      <Stack gap="4">
        {existing && (
          <Text color="fg.muted">You have already reviewed this tutor; submitting again updates your review.</Text>
        )}
        <RatingGroup.Root
          recipe={ratingGroupSlotRecipe}
          count={RATING_MAX}
          value={rating}
          onValueChange={(details) => setRating(details.value)}
          size="lg"
          colorPalette="orange"
          translations={{ ratingValueText: starText }}
          display="flex"
          flexDirection="column"
          gap="1"
        >
          <RatingGroup.Label fontWeight="medium">Your rating</RatingGroup.Label>
          <RatingGroup.HiddenInput />
          <RatingGroup.Control />
          <Text fontSize="sm" color={rating ? 'fg.muted' : 'fg.error'} aria-live="polite">
            {rating ? `${starText(rating)} selected` : MESSAGES.ratingRequired}
          </Text>
        </RatingGroup.Root>
        <FormField label="Comment">
          <Textarea
            recipe={textareaRecipe}
            name="comment"
            rows={3}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
        </FormField>
        <FormAlert status="error" message={add.isError ? errorMessage(add.error, MESSAGES.submitReviewFailed) : null} />
        <Button
          type="submit"
          alignSelf="flex-start"
          disabled={rating < 1}
          loading={add.isPending}
          loadingText="Submitting..."
        >
          {existing ? 'Update Review' : 'Submit Review'}
        </Button>
      </Stack>
    </form>
  )
}
