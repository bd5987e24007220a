import { Box, Button, Heading, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useRef, useState, type FormEvent } from 'react'
import { errorMessage } from '@/api/client'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { useAdminSettings, useUploadSiteImage } from '../api/site'
import { ADMIN_MESSAGES } from '../lib/messages'
import { Section } from './ui'

function ImageUpload({
  target,
  title,
  current,
}: {
  target: 'logo' | 'banner'
  title: string
  current?: string | null
}) {
  const input = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<string | null>(null)
  const upload = useUploadSiteImage()
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const file = input.current?.files?.[0]
    if (!file) {
      setError(ADMIN_MESSAGES.selectFile)
      return
    }
    setError(null)
    upload.mutate(
      { file, target },
      {
        onSuccess: (result) => {
          notifySuccess(result.message || 'Image uploaded')
          if (input.current) input.current.value = ''
        },
        onError: (e) => notifyError(errorMessage(e, ADMIN_MESSAGES.upload)),
      },
    )
  }
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
          <input ref={input} type="file" accept="image/*" onChange={() => setError(null)} />
        </FormField>
        <FormAlert status="error" message={error} />
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
