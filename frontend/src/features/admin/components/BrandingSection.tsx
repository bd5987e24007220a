import { Box, Button, Heading, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { showServerError } from '@/lib/form-errors'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { useAdminSettings, useUploadSiteImage } from '../api/site'
import { fileSchema } from '../lib/file-field'
import { ADMIN_MESSAGES } from '../lib/messages'
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
  const form = useForm({ resolver: zodResolver(fileSchema), defaultValues: { files: undefined } })
  const upload = useUploadSiteImage()
  const onSubmit = form.handleSubmit(({ files }) =>
    upload.mutate(
      { file: files[0], target },
      {
        onSuccess: (result) => {
          notifySuccess(result.message || 'Image uploaded')
          form.reset()
        },
        onError: (e) => notifyError(showServerError(form, e, ADMIN_MESSAGES.upload)),
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
          <Image src={current} alt={`Current ${target}`} maxH="24" objectFit="contain" alignSelf="flex-start" />
        ) : (
          <Text color="fg.muted">No {target} uploaded yet.</Text>
        )}
        <FormField label={`New ${target} image`}>
          <FileInput accept="image/*" {...form.register('files')} />
        </FormField>
        <FormAlert status="error" message={form.formState.errors.files?.message ?? null} />
        <Button type="submit" alignSelf="flex-start" loading={upload.isPending} loadingText="Uploading...">
          Upload {target}
        </Button>
      </Stack>
    </Box>
  )
}

export function BrandingSection() {
  const { data } = useAdminSettings()
  return (
    <Section title="Logo & Ad Banner">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <ImageUpload target="logo" title="Site logo" current={data?.logoUrl} />
        <ImageUpload target="banner" title="Ad banner" current={data?.bannerUrl} />
      </SimpleGrid>
    </Section>
  )
}
