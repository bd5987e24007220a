import { Badge, Box, Button, Flex, Heading, Stack, Text, Textarea } from '@chakra-ui/react'
import { textareaRecipe } from '@chakra-ui-theme/recipes/textarea'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo } from 'react'
import { useForm } from 'react-hook-form'
import { z } from '@/lib/zod'
import { errorMessage } from '@/api/client'
import type { components } from '@/api/schema'
import { FormField } from '@/components/ui/form-field'
import { showServerError } from '@/lib/form-errors'
import { useTranslation } from '@/lib/i18n'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { useAdminContent, useAdminTestimonials, useApproveTestimonial, useSaveContent } from '../api/site'
import { ADMIN_MESSAGES, useAdminText, type Translate } from '../lib/messages'
import { QueryState, Section, recordTime } from './ui'

type Content = components['schemas']['ContentDto']

/**
 * SPEC §5: FAQs and announcements are JSON arrays; says what is wrong before anything is sent. The parser's
 * own reason stays as the browser words it.
 */
export function jsonListError(t: Translate, label: string, text: string): string | undefined {
  if (!text.trim()) return undefined
  try {
    const value: unknown = JSON.parse(text)
    return Array.isArray(value) ? undefined : t('admin:content.notArray', { label })
  } catch (error) {
    const reason = error instanceof Error ? error.message : t('admin:content.checkBrackets')
    return t('admin:content.invalidJson', { label, reason })
  }
}

/** A textarea holding a JSON array. Sent as the raw text: the server parses it and names the field it cannot read. */
function jsonList(t: Translate, label: string) {
  return z.pipe(
    z.string().check(
      z.superRefine((text, ctx) => {
        const message = jsonListError(t, label, text)
        if (message) ctx.addIssue({ code: 'custom', message })
      }),
    ),
    z.transform((text: string) => text.trim() || '[]'),
  )
}

const contentSchema = (t: Translate) =>
  z.object({
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
    faqs: jsonList(t, t('admin:content.faqs')),
    announcements: jsonList(t, t('admin:content.announcements')),
  })

function ContentForm({ initial }: { initial: Content }) {
  const { t } = useTranslation()
  const say = useAdminText()
  const schema = useMemo(() => contentSchema(t), [t])
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      homeText: initial.homeText,
      banners: initial.banners.join('\n'),
      faqs: JSON.stringify(initial.faqs, null, 2),
      announcements: JSON.stringify(initial.announcements, null, 2),
    },
  })
  const { errors } = form.formState
  const homeTextField = form.register('homeText')
  const bannersField = form.register('banners')
  const faqsField = form.register('faqs')
  const announcementsField = form.register('announcements')
  const save = useSaveContent()

  const onSubmit = form.handleSubmit((content) =>
    save.mutate(content, {
      onSuccess: () => notifySuccess(t('admin:content.saved')),
      onError: (e) => notifyError(say(showServerError(form, e, ADMIN_MESSAGES.saveContent))),
    }),
  )
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4">
        <FormField label={t('admin:content.homeText')} error={errors.homeText?.message}>
          <Textarea recipe={textareaRecipe} rows={3} {...homeTextField} />
        </FormField>
        <FormField
          label={t('admin:content.banners')}
          helperText={t('admin:content.bannersHelp')}
          error={errors.banners?.message}
        >
          <Textarea recipe={textareaRecipe} rows={3} {...bannersField} />
        </FormField>
        <FormField
          label={t('admin:content.faqsJson')}
          helperText={t('admin:content.faqsHelp')}
          error={errors.faqs?.message}
        >
          <Textarea recipe={textareaRecipe} rows={6} fontFamily="mono" fontSize="sm" {...faqsField} />
        </FormField>
        <FormField
          label={t('admin:content.announcementsJson')}
          helperText={t('admin:content.announcementsHelp')}
          error={errors.announcements?.message}
        >
          <Textarea recipe={textareaRecipe} rows={6} fontFamily="mono" fontSize="sm" {...announcementsField} />
        </FormField>
        <Button type="submit" alignSelf="flex-start" loading={save.isPending} loadingText={t('admin:common.saving')}>
          {t('admin:content.save')}
        </Button>
      </Stack>
    </form>
  )
}

function Testimonials() {
  const { t } = useTranslation()
  const say = useAdminText()
  const { data, isPending, error } = useAdminTestimonials()
  const approve = useApproveTestimonial()
  return (
    <Box>
      <Heading as="h3" size="lg" mb="3">
        {t('admin:content.testimonials')}
      </Heading>
      <QueryState isPending={isPending} error={error} fallback={ADMIN_MESSAGES.loadTestimonials}>
        {data?.length === 0 && <Text color="fg.muted">{t('admin:content.noTestimonials')}</Text>}
        <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label={t('admin:content.testimonials')}>
          {data?.map((testimonial) => (
            <Box as="li" key={testimonial.id} borderWidth="1px" borderColor="border" borderRadius="lg" p="4">
              <Flex justify="space-between" gap="3" wrap="wrap" align="flex-start">
                <Box flex="1" minW="0">
                  <Text>&ldquo;{testimonial.text}&rdquo;</Text>
                  <Text fontSize="sm" color="fg.muted" mt="1">
                    {testimonial.name} · {recordTime(testimonial.createdAt)}
                  </Text>
                </Box>
                <Flex gap="2" align="center">
                  <Badge colorPalette={testimonial.approved ? 'green' : 'orange'}>
                    {testimonial.approved ? t('admin:content.approved') : t('admin:content.pending')}
                  </Badge>
                  <Button
                    size="xs"
                    variant={testimonial.approved ? 'outline' : 'solid'}
                    aria-label={
                      testimonial.approved
                        ? t('admin:content.unapproveLabel', { name: testimonial.name })
                        : t('admin:content.approveLabel', { name: testimonial.name })
                    }
                    onClick={() =>
                      approve.mutate(
                        { id: testimonial.id, approved: !testimonial.approved },
                        {
                          onSuccess: () =>
                            notifySuccess(
                              testimonial.approved ? t('admin:content.hidden') : t('admin:content.approvedToast'),
                            ),
                          onError: (e) => notifyError(say(errorMessage(e, ADMIN_MESSAGES.testimonial))),
                        },
                      )
                    }
                  >
                    {testimonial.approved ? t('admin:content.unapprove') : t('admin:content.approve')}
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
  const { t } = useTranslation()
  const { data, isPending, error } = useAdminContent()
  return (
    <Section title={t('admin:sections.content')}>
      <QueryState isPending={isPending} error={error} fallback={ADMIN_MESSAGES.loadContent}>
        {data && <ContentForm initial={data} />}
      </QueryState>
      <Testimonials />
    </Section>
  )
}
