import { Badge, Box, Button, Flex, Heading, Stack, Text, Textarea } from '@chakra-ui/react'
import { textareaRecipe } from '@chakra-ui-theme/recipes/textarea'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from '@/lib/zod'
import { errorMessage } from '@/api/client'
import type { components } from '@/api/schema'
import { FormField } from '@/components/ui/form-field'
import { showServerError } from '@/lib/form-errors'
import { formatDate } from '@/lib/format'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { useAdminContent, useAdminTestimonials, useApproveTestimonial, useSaveContent } from '../api/site'
import { ADMIN_MESSAGES } from '../lib/messages'
import { QueryState, Section } from './ui'

type Content = components['schemas']['ContentDto']

/** SPEC §5: FAQs and announcements are JSON arrays; says what is wrong before anything is sent. */
export function jsonListError(label: string, text: string): string | undefined {
  if (!text.trim()) return undefined
  try {
    const value: unknown = JSON.parse(text)
    return Array.isArray(value) ? undefined : `${label} must be a JSON array, like [ ... ].`
  } catch (error) {
    return `${label} is not valid JSON: ${error instanceof Error ? error.message : 'check the brackets, quotes and commas'}.`
  }
}

/** A textarea holding a JSON array. Sent as the raw text: the server parses it and names the field it cannot read. */
function jsonList(label: string) {
  return z.pipe(
    z.string().check(
      z.superRefine((text, ctx) => {
        const message = jsonListError(label, text)
        if (message) ctx.addIssue({ code: 'custom', message })
      }),
    ),
    z.transform((text: string) => text.trim() || '[]'),
  )
}

const contentSchema = z.object({
  homeText: z.string(),
  /** One banner message per line. */
  banners: z.pipe(
    z.string(),
    z.transform((text: string) =>
      text
        .split('\n')
        .map((b) => b.trim())
        .filter(Boolean),
    ),
  ),
  faqs: jsonList('FAQs'),
  announcements: jsonList('Announcements'),
})

function ContentForm({ initial }: { initial: Content }) {
  const form = useForm({
    resolver: zodResolver(contentSchema),
    defaultValues: {
      homeText: initial.homeText,
      banners: initial.banners.join('\n'),
      faqs: JSON.stringify(initial.faqs, null, 2),
      announcements: JSON.stringify(initial.announcements, null, 2),
    },
  })
  const { errors } = form.formState
  const save = useSaveContent()

  const onSubmit = form.handleSubmit((content) =>
    save.mutate(content, {
      onSuccess: () => notifySuccess('Content saved'),
      onError: (e) => notifyError(showServerError(form, e, ADMIN_MESSAGES.saveContent)),
    }),
  )
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4">
        <FormField label="Home page text" error={errors.homeText?.message}>
          <Textarea recipe={textareaRecipe} rows={3} {...form.register('homeText')} />
        </FormField>
        <FormField label="Banners" helperText="One banner message per line" error={errors.banners?.message}>
          <Textarea recipe={textareaRecipe} rows={3} {...form.register('banners')} />
        </FormField>
        <FormField
          label="FAQs (JSON)"
          helperText='A JSON array, e.g. [{"question": "How do I pay?", "answer": "By card or UPI."}]'
          error={errors.faqs?.message}
        >
          <Textarea recipe={textareaRecipe} rows={6} fontFamily="mono" fontSize="sm" {...form.register('faqs')} />
        </FormField>
        <FormField
          label="Announcements (JSON)"
          helperText='A JSON array, e.g. [{"title": "New cities", "text": "Now in Pune."}]'
          error={errors.announcements?.message}
        >
          <Textarea
            recipe={textareaRecipe}
            rows={6}
            fontFamily="mono"
            fontSize="sm"
            {...form.register('announcements')}
          />
        </FormField>
        <Button type="submit" alignSelf="flex-start" loading={save.isPending} loadingText="Saving...">
          Save content
        </Button>
      </Stack>
    </form>
  )
}

function Testimonials() {
  const { data, isPending, error } = useAdminTestimonials()
  const approve = useApproveTestimonial()
  return (
    <Box>
      <Heading as="h3" size="lg" mb="3">
        Testimonials
      </Heading>
      <QueryState isPending={isPending} error={error} fallback={ADMIN_MESSAGES.loadTestimonials}>
        {data?.length === 0 && <Text color="fg.muted">No testimonials yet.</Text>}
        <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Testimonials">
          {data?.map((t) => (
            <Box as="li" key={t.id} borderWidth="1px" borderColor="border" borderRadius="lg" p="4">
              <Flex justify="space-between" gap="3" wrap="wrap" align="flex-start">
                <Box flex="1" minW="0">
                  <Text>&ldquo;{t.text}&rdquo;</Text>
                  <Text fontSize="sm" color="fg.muted" mt="1">
                    {t.name} · {formatDate(t.createdAt, 'dateTime')}
                  </Text>
                </Box>
                <Flex gap="2" align="center">
                  <Badge colorPalette={t.approved ? 'green' : 'orange'}>{t.approved ? 'Approved' : 'Pending'}</Badge>
                  <Button
                    size="xs"
                    variant={t.approved ? 'outline' : 'solid'}
                    aria-label={`${t.approved ? 'Unapprove' : 'Approve'} testimonial by ${t.name}`}
                    onClick={() =>
                      approve.mutate(
                        { id: t.id, approved: !t.approved },
                        {
                          onSuccess: () => notifySuccess(t.approved ? 'Testimonial hidden' : 'Testimonial approved'),
                          onError: (e) => notifyError(errorMessage(e, ADMIN_MESSAGES.testimonial)),
                        },
                      )
                    }
                  >
                    {t.approved ? 'Unapprove' : 'Approve'}
                  </Button>
                </Flex>
              </Flex>
            </Box>
          ))}
        </Stack>
      </QueryState>
    </Box>
  )
}

export function ContentSection() {
  const { data, isPending, error } = useAdminContent()
  return (
    <Section title="Content Management">
      <QueryState isPending={isPending} error={error} fallback={ADMIN_MESSAGES.loadContent}>
        {data && <ContentForm initial={data} />}
      </QueryState>
      <Testimonials />
    </Section>
  )
}
