import { Box, Button, Flex, Heading, HStack, Link, Progress, Stack, Text } from '@chakra-ui/react'
import { progressSlotRecipe } from '@chakra-ui-theme/recipes/progress'
import { FileText, Trash2, Upload } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { errorMessage } from '@/api/client'
import { FormAlert } from '@/components/ui/form-alert'
import { MAX_FILES_PER_UPLOAD, MAX_UPLOAD_LABEL, UPLOAD_ACCEPT } from '@/lib/constants'
import { MESSAGES } from '@/lib/messages'
import { useTranslation } from '@/lib/i18n'
import { notifyError, notifySuccess } from '@/lib/toaster'
import {
  deleteUpload,
  fileUrl,
  tooLargeMessage,
  uploadFiles,
  type UploadedFile,
  type UploadMode,
} from './upload-request'

interface UploaderProps {
  mode: UploadMode
  title: string
  accept?: string
}

interface Sending {
  name: string
  /** 0–1 */
  progress: number
}

type Status = { kind: 'success' | 'error'; message: string } | null

export function formatSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/**
 * SPEC §4 uploader: idle, uploading (a progress bar per file), then a success or error message.
 * Files over the limit are refused before anything is sent (SPEC §5). Each uploaded file links to
 * where the server serves it and can be deleted; a successful delete removes it from the list.
 */
export function Uploader({ mode, title, accept = UPLOAD_ACCEPT }: UploaderProps) {
  const { t } = useTranslation('shared')
  const input = useRef<HTMLInputElement>(null)
  const headingId = useId()
  const [sending, setSending] = useState<Sending[]>([])
  const [status, setStatus] = useState<Status>(null)
  const [uploaded, setUploaded] = useState<UploadedFile[]>([])
  const [deleting, setDeleting] = useState<string | null>(null)
  const busy = sending.length > 0

  const send = async (chosen: File[]) => {
    const files = mode === 'single' ? chosen.slice(0, 1) : chosen
    if (files.length === 0) return
    if (files.length > MAX_FILES_PER_UPLOAD) {
      setStatus({ kind: 'error', message: t('shared:upload.tooMany', { count: MAX_FILES_PER_UPLOAD }) })
      return
    }
    const tooLarge = tooLargeMessage(files)
    if (tooLarge) {
      setStatus({ kind: 'error', message: tooLarge })
      return
    }
    setStatus(null)
    setSending(files.map((file) => ({ name: file.name, progress: 0 })))
    try {
      const result = await uploadFiles(mode, files, (perFile) =>
        setSending((current) => current.map((item, i) => ({ ...item, progress: perFile[i] ?? item.progress }))),
      )
      setUploaded((current) => [...result.files, ...current])
      setStatus({
        kind: 'success',
        message:
          mode === 'single' ? MESSAGES.fileUploaded : t('shared:upload.uploadedMany', { count: result.files.length }),
      })
    } catch (error) {
      setStatus({ kind: 'error', message: errorMessage(error, MESSAGES.uploadFailed) })
    } finally {
      setSending([])
    }
  }

  const remove = async (file: UploadedFile) => {
    setDeleting(file.filename)
    try {
      await deleteUpload(file.filename)
      setUploaded((current) => current.filter((f) => f.filename !== file.filename))
      notifySuccess(MESSAGES.fileDeleted)
    } catch (error) {
      notifyError(errorMessage(error, MESSAGES.deleteFileFailed))
    } finally {
      setDeleting(null)
    }
  }

  return (
    <Box as="section" aria-labelledby={headingId} borderWidth="1px" borderColor="border" borderRadius="lg" p="4">
      <Stack gap="3">
        <Heading as="h2" size="md" id={headingId}>
          {title}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {mode === 'single'
            ? t('shared:upload.accepts', { max: MAX_UPLOAD_LABEL })
            : t('shared:upload.acceptsMany', { max: MAX_UPLOAD_LABEL, count: MAX_FILES_PER_UPLOAD })}
        </Text>
        <input
          ref={input}
          type="file"
          hidden
          accept={accept}
          multiple={mode === 'multiple'}
          aria-label={title}
          data-testid={`upload-input-${mode}`}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? [])
            // Cleared so that choosing the same file again still uploads it.
            event.target.value = ''
            void send(files)
          }}
        />
        <Button
          alignSelf="flex-start"
          onClick={() => input.current?.click()}
          loading={busy}
          loadingText={t('shared:upload.uploading')}
        >
          <Upload aria-hidden="true" />{' '}
          {mode === 'single' ? t('shared:upload.chooseFile') : t('shared:upload.chooseFiles')}
        </Button>

        {sending.map((item, i) => (
          <Progress.Root
            key={`${item.name}-${i}`}
            recipe={progressSlotRecipe}
            value={Math.round(item.progress * 100)}
            max={100}
            size="sm"
            colorPalette="blue"
          >
            <HStack justify="space-between" gap="2" mb="1">
              <Progress.Label fontSize="sm" truncate>
                {item.name}
              </Progress.Label>
              <Progress.ValueText fontSize="sm" />
            </HStack>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        ))}

        <FormAlert status={status?.kind ?? 'info'} message={status?.message ?? null} />

        {uploaded.length > 0 && (
          <Stack as="ul" listStyleType="none" gap="2" aria-label={t('shared:upload.list', { title })}>
            {uploaded.map((file) => (
              <Flex
                as="li"
                key={file.filename}
                align="center"
                justify="space-between"
                gap="3"
                borderWidth="1px"
                borderColor="border"
                borderRadius="md"
                px="3"
                py="2"
              >
                <HStack gap="2" minW="0">
                  <FileText size={18} aria-hidden="true" />
                  <Box minW="0">
                    <Link
                      href={fileUrl(file)}
                      target="_blank"
                      rel="noopener noreferrer"
                      color="blue.700"
                      textDecoration="underline"
                      overflowWrap="anywhere"
                    >
                      {file.originalName}
                    </Link>
                    <Text fontSize="xs" color="fg.muted">
                      {formatSize(file.size)}
                    </Text>
                  </Box>
                </HStack>
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  aria-label={t('shared:upload.deleteFile', { name: file.originalName })}
                  loading={deleting === file.filename}
                  onClick={() => void remove(file)}
                >
                  <Trash2 aria-hidden="true" /> {t('shared:upload.delete')}
                </Button>
              </Flex>
            ))}
          </Stack>
        )}
      </Stack>
    </Box>
  )
}
