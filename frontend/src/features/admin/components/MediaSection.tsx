import { Box, Button, Heading, Input, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { z } from '@/lib/zod'
import { errorMessage } from '@/api/client'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { showServerError } from '@/lib/form-errors'
import { formatNumber } from '@/lib/format'
import { useTranslation } from '@/lib/i18n'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { ASSET_TYPES, useAssets, useDeleteAsset, useUploadAsset, type Asset } from '../api/assets'
import { ADMIN_MESSAGES, useAdminText } from '../lib/messages'
import { fileSchema } from '../lib/file-field'
import { DataTable, type Column } from './DataTable'
import { FileInput, QueryState, Section, Select, recordTime } from './ui'

const uploadAssetSchema = z.extend(fileSchema, { assetType: z.enum(ASSET_TYPES), description: z.string() })

const ASSET_TYPE_LABELS: Record<(typeof ASSET_TYPES)[number], string> = {
  logo: 'admin:media.types.logo',
  banner: 'admin:media.types.banner',
  ad: 'admin:media.types.ad',
  misc: 'admin:media.types.misc',
}

/** An asset's type in the reader's language; a type this app does not know, as the server wrote it. */
function AssetTypeName({ type }: { type: string }) {
  const { t } = useTranslation()
  const known = ASSET_TYPES.find((name) => name === type)
  return <>{known ? t(ASSET_TYPE_LABELS[known]) : type}</>
}

function UploadAsset() {
  const { t } = useTranslation()
  const say = useAdminText()
  const form = useForm({
    resolver: zodResolver(uploadAssetSchema),
    defaultValues: { files: undefined, assetType: 'misc', description: '' },
  })
  const { errors } = form.formState
  const filesField = form.register('files')
  const descriptionField = form.register('description')
  const upload = useUploadAsset()
  const onSubmit = form.handleSubmit(({ files, assetType, description }) => {
    const file = files[0]
    upload.mutate(
      { file, assetType, description },
      {
        onSuccess: () => {
          notifySuccess(t('admin:media.uploaded', { name: file.name }))
          // Clears the file input and the description; the type stays for the next upload.
          form.reset()
          form.setValue('assetType', assetType)
        },
        onError: (e) => notifyError(say(showServerError(form, e, ADMIN_MESSAGES.uploadAsset))),
      },
    )
  })
  return (
    <Box as="form" onSubmit={onSubmit} borderWidth="1px" borderColor="border" borderRadius="lg" p="4">
      <Heading as="h3" size="md" mb="3">
        {t('admin:media.uploadTitle')}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" alignItems="end">
        <FormField label={t('admin:media.file')}>
          <FileInput {...filesField} />
        </FormField>
        <FormField label={t('admin:media.type')}>
          <Controller
            control={form.control}
            name="assetType"
            render={({ field }) => (
              <Select value={field.value} onChange={field.onChange}>
                {ASSET_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(ASSET_TYPE_LABELS[type])}
                  </option>
                ))}
              </Select>
            )}
          />
        </FormField>
        <FormField label={t('admin:media.description')} error={errors.description?.message}>
          <Input {...descriptionField} />
        </FormField>
      </SimpleGrid>
      <Stack mt="3" gap="3">
        <FormAlert status="error" message={say(errors.files?.message)} />
        <Button
          type="submit"
          alignSelf="flex-start"
          loading={upload.isPending}
          loadingText={t('admin:common.uploading')}
        >
          {t('admin:media.upload')}
        </Button>
      </Stack>
    </Box>
  )
}

export function MediaSection() {
  const { t } = useTranslation()
  const say = useAdminText()
  const { data, isPending, error } = useAssets()
  const remove = useDeleteAsset()
  const [deleting, setDeleting] = useState<Asset | null>(null)
  const runDelete = () => {
    if (!deleting) return
    remove.mutate(deleting.filename, {
      onSuccess: () => {
        notifySuccess(t('admin:media.deleted'))
        setDeleting(null)
      },
      onError: (e) => {
        notifyError(say(errorMessage(e, ADMIN_MESSAGES.deleteAsset)))
        setDeleting(null)
      },
    })
  }
  const columns: Column<Asset>[] = [
    {
      key: 'file',
      header: t('admin:media.file'),
      wrap: '40',
      cell: (a) => (
        <Link href={a.path} target="_blank" rel="noreferrer" color="blue.700">
          {a.originalName}
        </Link>
      ),
    },
    { key: 'type', header: t('admin:media.type'), cell: (a) => <AssetTypeName type={a.type} /> },
    {
      key: 'size',
      header: t('admin:media.size'),
      cell: (a) => t('admin:media.sizeKb', { size: formatNumber(Math.round(a.size / 102.4) / 10) }),
    },
    { key: 'description', header: t('admin:media.description'), cell: (a) => a.description || '-', wrap: '40' },
    { key: 'uploadedAt', header: t('admin:media.uploadedAt'), cell: (a) => recordTime(a.createdAt), wrap: '24' },
    {
      key: 'actions',
      header: t('admin:media.actions'),
      card: 'actions',
      cell: (a) => (
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          onClick={() => setDeleting(a)}
          aria-label={t('admin:media.deleteLabel', { name: a.originalName })}
        >
          {t('admin:common.delete')}
        </Button>
      ),
    },
  ]
  return (
    <Section title={t('admin:sections.media')}>
      <UploadAsset />
      <QueryState isPending={isPending} error={error} fallback={ADMIN_MESSAGES.loadAssets}>
        {data?.length === 0 ? (
          <Text color="fg.muted">{t('admin:media.empty')}</Text>
        ) : (
          <DataTable
            caption={t('admin:media.caption')}
            rows={data ?? []}
            rowKey={(a) => a.filename}
            columns={columns}
          />
        )}
      </QueryState>
      <ConfirmDialog
        open={deleting !== null}
        title={t('admin:media.deleteTitle')}
        text={t('admin:media.deleteText', { name: deleting?.originalName })}
        confirmLabel={t('admin:common.delete')}
        busy={remove.isPending}
        onConfirm={runDelete}
        onClose={() => setDeleting(null)}
      />
    </Section>
  )
}
