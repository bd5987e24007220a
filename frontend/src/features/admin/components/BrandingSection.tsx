import { Box, Button, Heading, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { showServerError } from '@/lib/form-errors'
import { useTranslation } from '@/lib/i18n'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { useAdminSettings, useUploadSiteImage } from '../api/site'
import { fileSchema } from '../lib/file-field'
import { ADMIN_MESSAGES, useAdminText } from '../lib/messages'
import { FileInput, Section } from './ui'

function ImageUpload({
  target,
  title,
  current,
}: {
  target: 'logo' | 'banner'
  title: string
  current?: string | null
}) {
  const { t } = useTranslation()
  const say = useAdminText()
  const logo = target === 'logo'
  const form = useForm({ resolver: zodResolver(fileSchema), defaultValues: { files: undefined } })
  const filesField = form.register('files')
  const upload = useUploadSiteImage()
  const onSubmit = form.handleSubmit(({ files }) =>
    upload.mutate(
      { file: files[0], target },
      {
        onSuccess: (result) => {
          notifySuccess(result.message || t('admin:branding.uploaded'))
          form.reset()
        },
        onError: (e) => notifyError(say(showServerError(form, e, ADMIN_MESSAGES.upload))),
      },
    ),
  )
  return (
    <Box as="form" onSubmit={onSubmit} borderWidth="1px" borderColor="border" borderRadius="lg" p="4">
      <Stack gap="3">
        <Heading as="h3" size="md">
          {title}
        </Heading>
        {current ? (
          <Image
            src={current}
            alt={logo ? t('admin:branding.currentLogo') : t('admin:branding.currentBanner')}
            maxH="24"
            objectFit="contain"
            alignSelf="flex-start"
          />
        ) : (
          <Text color="fg.muted">{logo ? t('admin:branding.noLogo') : t('admin:branding.noBanner')}</Text>
        )}
        <FormField label={logo ? t('admin:branding.newLogo') : t('admin:branding.newBanner')}>
          <FileInput accept="image/*" {...filesField} />
        </FormField>
        <FormAlert status="error" message={say(form.formState.errors.files?.message)} />
        <Button
          type="submit"
          alignSelf="flex-start"
          loading={upload.isPending}
          loadingText={t('admin:common.uploading')}
        >
          {logo ? t('admin:branding.uploadLogo') : t('admin:branding.uploadBanner')}
        </Button>
      </Stack>
    </Box>
  )
}

export function BrandingSection() {
  const { t } = useTranslation()
  const { data } = useAdminSettings()
  return (
    <Section title={t('admin:sections.branding')}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <ImageUpload target="logo" title={t('admin:branding.logo')} current={data?.logoUrl} />
        <ImageUpload target="banner" title={t('admin:branding.banner')} current={data?.bannerUrl} />
      </SimpleGrid>
    </Section>
  )
}
