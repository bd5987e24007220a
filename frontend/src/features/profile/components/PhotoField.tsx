import { Box, Button, chakra, Flex, HStack, Spinner, Stack, Text } from '@chakra-ui/react'
import { ImageUp } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { errorMessage } from '@/api/client'
import { TutorPhoto } from '@/components/tutor-card/TutorPhoto'
import { FormAlert } from '@/components/ui/form-alert'
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from '@/lib/constants'
import { i18n, useTranslation } from '@/lib/i18n'
import { notifySuccess } from '@/lib/toaster'
import { photoFailed, useUploadPhoto } from '../api/tutor-card'

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp']

/** Why a file cannot be a photo, or null when it can (the server checks again). */
export function photoProblem(file: File): string | null {
  if (!PHOTO_TYPES.includes(file.type)) return i18n.t('profile:card.photoType')
  if (file.size > MAX_UPLOAD_BYTES) return i18n.t('profile:card.photoTooLarge', { max: MAX_UPLOAD_LABEL })
  return null
}

interface Chosen {
  file: File
  /** A local preview; null where the browser cannot make one. */
  preview: string | null
}

function previewOf(file: File): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null
}

/**
 * The tutor's photo, uploaded as soon as it is chosen: nothing chosen ever waits for a second
 * button, so nothing is lost by leaving. While it uploads the preview shows beside "Uploading…";
 * a failed upload keeps the preview and offers to try again.
 */
export function PhotoField({ name, photoUrl }: { name: string; photoUrl: string | null }) {
  const { t } = useTranslation('profile')
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [chosen, setChosen] = useState<Chosen | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const upload = useUploadPhoto()
  const preview = chosen?.preview ?? null

  // Each preview's object URL is released when it is replaced or the field goes away.
  useEffect(() => {
    return () => {
      if (preview) URL.revokeObjectURL(preview)
    }
  }, [preview])

  const send = (file: File) =>
    upload.mutate(file, {
      onSuccess: () => {
        setChosen(null)
        notifySuccess(t('profile:card.photoUpdated'))
      },
    })

  const choose = (picked: File | undefined) => {
    upload.reset()
    if (!picked) return
    const why = photoProblem(picked)
    setProblem(why)
    setChosen(why ? null : { file: picked, preview: previewOf(picked) })
    if (!why) send(picked)
  }

  return (
    <Stack gap="3">
      <Text fontWeight="medium" id={`${inputId}-label`}>
        {t('profile:card.photo')}
      </Text>
      <Flex gap="4" align="center" wrap="wrap">
        {preview ? (
          <Box boxSize="20" borderRadius="full" overflow="hidden" flexShrink={0}>
            <chakra.img src={preview} alt={t('profile:card.preview')} boxSize="full" objectFit="cover" />
          </Box>
        ) : (
          <TutorPhoto name={name} photoUrl={photoUrl} size="20" />
        )}
        <Stack gap="2">
          <chakra.input
            ref={input}
            id={inputId}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            srOnly
            // The button beside it opens it: named for assistive tech, left out of the Tab order.
            aria-labelledby={`${inputId}-label`}
            tabIndex={-1}
            onChange={(e) => {
              choose(e.target.files?.[0])
              e.target.value = ''
            }}
          />
          <HStack gap="2" wrap="wrap">
            <Button
              size="sm"
              variant="outline"
              onClick={() => input.current?.click()}
              aria-controls={inputId}
              disabled={upload.isPending}
            >
              <ImageUp aria-hidden /> {photoUrl ? t('profile:card.chooseNew') : t('profile:card.choose')}
            </Button>
            {chosen && upload.isError && (
              <Button size="sm" colorPalette="blue" onClick={() => send(chosen.file)}>
                {t('profile:card.retryUpload')}
              </Button>
            )}
          </HStack>
          {upload.isPending && (
            <HStack role="status" gap="2" fontSize="sm">
              <Spinner size="xs" aria-hidden /> {t('profile:card.uploading')}
            </HStack>
          )}
          <Text fontSize="sm" color="fg.muted">
            {t('profile:card.photoHelp', { max: MAX_UPLOAD_LABEL })}
          </Text>
        </Stack>
      </Flex>
      <FormAlert
        status="error"
        message={problem ?? (upload.isError ? errorMessage(upload.error, photoFailed()) : null)}
      />
    </Stack>
  )
}
