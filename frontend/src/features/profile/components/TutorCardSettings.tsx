import { Box, Button, chakra, Flex, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react'
import { ImageUp } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { errorMessage } from '@/api/client'
import { FEE_PER_HOUR_MAX } from '@/api/discovery-types'
import { Panel } from '@/components/page'
import { TutorPhoto } from '@/components/tutor-card/TutorPhoto'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from '@/lib/constants'
import { formatNumber } from '@/lib/format'
import { i18n, useTranslation } from '@/lib/i18n'
import { notifySuccess } from '@/lib/toaster'
import { feeFailed, photoFailed, useMyTutorCard, useSaveFeePerHour, useUploadPhoto } from '../api/tutor-card'

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp']
/** A number, the same in every language. */
const FEE_EXAMPLE = '600'

/** Why a file cannot be a photo, or null when it can (the server checks again). */
export function photoProblem(file: File): string | null {
  if (!PHOTO_TYPES.includes(file.type)) return i18n.t('profile:card.photoType')
  if (file.size > MAX_UPLOAD_BYTES) return i18n.t('profile:card.photoTooLarge', { max: MAX_UPLOAD_LABEL })
  return null
}

/** '600' → 600, '' → null; undefined when it is not a whole number of rupees in range. */
export function parseFee(text: string): number | null | undefined {
  const t = text.trim()
  if (t === '') return null
  if (!/^\d+$/.test(t)) return undefined
  const n = Number(t)
  return n <= FEE_PER_HOUR_MAX ? n : undefined
}

interface Chosen {
  file: File
  /** A local preview; null where the browser cannot make one. */
  preview: string | null
}

function previewOf(file: File): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null
}

function PhotoField({ name, photoUrl }: { name: string; photoUrl: string | null }) {
  const { t } = useTranslation('profile')
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [chosen, setChosen] = useState<Chosen | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const upload = useUploadPhoto()
  const file = chosen?.file ?? null
  const preview = chosen?.preview ?? null

  // Each preview's object URL is released when it is replaced or the field goes away.
  useEffect(() => {
    return () => {
      if (preview) URL.revokeObjectURL(preview)
    }
  }, [preview])

  const choose = (picked: File | undefined) => {
    upload.reset()
    if (!picked) return
    const why = photoProblem(picked)
    setProblem(why)
    setChosen(why ? null : { file: picked, preview: previewOf(picked) })
  }

  return (
    <Stack gap="3">
      <Text fontWeight="medium">{t('profile:card.photo')}</Text>
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
            aria-label={t('profile:card.photo')}
            tabIndex={-1}
            onChange={(e) => {
              choose(e.target.files?.[0])
              e.target.value = ''
            }}
          />
          <HStack gap="2" wrap="wrap">
            <Button size="sm" variant="outline" onClick={() => input.current?.click()} aria-controls={inputId}>
              <ImageUp aria-hidden /> {photoUrl ? t('profile:card.chooseNew') : t('profile:card.choose')}
            </Button>
            {file && (
              <Button
                size="sm"
                colorPalette="blue"
                loading={upload.isPending}
                loadingText={t('profile:card.uploading')}
                onClick={() =>
                  upload.mutate(file, {
                    onSuccess: () => {
                      setChosen(null)
                      notifySuccess(t('profile:card.photoUpdated'))
                    },
                  })
                }
              >
                {t('profile:card.upload')}
              </Button>
            )}
          </HStack>
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

function FeeField({ email, feePerHour }: { email: string; feePerHour: number | null }) {
  const { t } = useTranslation('profile')
  const [text, setText] = useState(feePerHour === null ? '' : String(feePerHour))
  const [error, setError] = useState<string | undefined>()
  const save = useSaveFeePerHour()
  return (
    <Box
      as="form"
      aria-label={t('profile:card.fee')}
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault()
        const fee = parseFee(text)
        if (fee === undefined) {
          setError(t('profile:card.feeInvalid', { max: formatNumber(FEE_PER_HOUR_MAX) }))
          return
        }
        setError(undefined)
        save.mutate(
          { email, feePerHour: fee },
          {
            onSuccess: () => notifySuccess(fee === null ? t('profile:card.feeCleared') : t('profile:card.feeSaved')),
            onError: (err) => setError(errorMessage(err, feeFailed())),
          },
        )
      }}
    >
      <Flex gap="3" align="flex-end" wrap="wrap">
        <Box flex="1" minW="48" maxW="xs">
          <FormField label={t('profile:card.feeLabel')} error={error} helperText={t('profile:card.feeHelp')}>
            <Input
              inputMode="numeric"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={FEE_EXAMPLE}
            />
          </FormField>
        </Box>
        <Button
          type="submit"
          size="sm"
          loading={save.isPending}
          loadingText={t('profile:card.saving')}
          mb={error ? '7' : '0'}
        >
          {t('profile:card.saveFee')}
        </Button>
      </Flex>
    </Box>
  )
}

/**
 * A tutor's card as parents see it in search: the photo (POST /tutors/me/photo) and the fee per
 * hour (PUT /tutors/{email} `feePerHour`).
 */
export function TutorCardSettings({ tutorId, email, name }: { tutorId: number; email: string; name: string }) {
  const { t } = useTranslation('profile')
  const card = useMyTutorCard(tutorId)
  return (
    <Panel as="section" aria-labelledby="tutor-card-heading">
      <Heading as="h2" id="tutor-card-heading" size="xl" mb="1">
        {t('profile:card.title')}
      </Heading>
      <Text color="fg.muted" mb="5">
        {t('profile:card.subtitle')}
      </Text>
      {card.isError && <FormAlert status="error" message={errorMessage(card.error, feeFailed())} />}
      {card.isSuccess && (
        <Stack gap="6">
          <PhotoField name={name} photoUrl={card.data.photoUrl ?? null} />
          <FeeField email={email} feePerHour={card.data.feePerHour ?? null} />
        </Stack>
      )}
    </Panel>
  )
}
