import { Box, Button, Heading, Input, Link, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { z } from '@/lib/zod'
import { errorMessage } from '@/api/client'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { showServerError } from '@/lib/form-errors'
import { formatDate } from '@/lib/format'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { ASSET_TYPES, useAssets, useDeleteAsset, useUploadAsset, type Asset } from '../api/assets'
import { ADMIN_MESSAGES } from '../lib/messages'
import { fileSchema } from '../lib/file-field'
import { FileInput, QueryState, ScrollTable, Section, Select } from './ui'

const uploadAssetSchema = z.extend(fileSchema, { assetType: z.enum(ASSET_TYPES), description: z.string() })

function UploadAsset() {
  const form = useForm({
    resolver: zodResolver(uploadAssetSchema),
    defaultValues: { files: undefined, assetType: 'misc', description: '' },
  })
  const { errors } = form.formState
  const upload = useUploadAsset()
  const onSubmit = form.handleSubmit(({ files, assetType, description }) => {
    const file = files[0]
    upload.mutate(
      { file, assetType, description },
      {
        onSuccess: () => {
          notifySuccess(`${file.name} uploaded`)
          // Clears the file input and the description; the type stays for the next upload.
          form.reset()
          form.setValue('assetType', assetType)
        },
        onError: (e) => notifyError(showServerError(form, e, ADMIN_MESSAGES.uploadAsset)),
      },
    )
  })
  return (
    <Box as="form" onSubmit={onSubmit} borderWidth="1px" borderColor="border" borderRadius="lg" p="4">
      <Heading as="h3" size="md" mb="3">
        Upload an asset
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" alignItems="end">
        <FormField label="File">
          <FileInput {...form.register('files')} />
        </FormField>
        <FormField label="Type">
          <Controller
            control={form.control}
            name="assetType"
            render={({ field }) => (
              <Select value={field.value} onChange={field.onChange}>
                {ASSET_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </Select>
            )}
          />
        </FormField>
        <FormField label="Description" error={errors.description?.message}>
          <Input {...form.register('description')} />
        </FormField>
      </SimpleGrid>
      <Stack mt="3" gap="3">
        <FormAlert status="error" message={errors.files?.message ?? null} />
        <Button type="submit" alignSelf="flex-start" loading={upload.isPending} loadingText="Uploading...">
          Upload asset
        </Button>
      </Stack>
    </Box>
  )
}

export function MediaSection() {
  const { data, isPending, error } = useAssets()
  const remove = useDeleteAsset()
  const [deleting, setDeleting] = useState<Asset | null>(null)
  const runDelete = () => {
    if (!deleting) return
    remove.mutate(deleting.filename, {
      onSuccess: () => {
        notifySuccess('Asset deleted')
        setDeleting(null)
      },
      onError: (e) => {
        notifyError(errorMessage(e, ADMIN_MESSAGES.deleteAsset))
        setDeleting(null)
      },
    })
  }
  return (
    <Section title="Media Management">
      <UploadAsset />
      <QueryState isPending={isPending} error={error} fallback={ADMIN_MESSAGES.loadAssets}>
        {data?.length === 0 ? (
          <Text color="fg.muted">No assets uploaded yet.</Text>
        ) : (
          <ScrollTable caption="Assets">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>File</Table.ColumnHeader>
                <Table.ColumnHeader>Type</Table.ColumnHeader>
                <Table.ColumnHeader>Size</Table.ColumnHeader>
                <Table.ColumnHeader>Description</Table.ColumnHeader>
                <Table.ColumnHeader>Uploaded</Table.ColumnHeader>
                <Table.ColumnHeader>Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data?.map((a) => (
                <Table.Row key={a.filename}>
                  <Table.Cell>
                    <Link href={a.path} target="_blank" rel="noreferrer" color="blue.700">
                      {a.originalName}
                    </Link>
                  </Table.Cell>
                  <Table.Cell>{a.type}</Table.Cell>
                  <Table.Cell>{(a.size / 1024).toFixed(1)} KB</Table.Cell>
                  <Table.Cell>{a.description || '-'}</Table.Cell>
                  <Table.Cell>{formatDate(a.createdAt, 'dateTime')}</Table.Cell>
                  <Table.Cell>
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      onClick={() => setDeleting(a)}
                      aria-label={`Delete ${a.originalName}`}
                    >
                      Delete
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </ScrollTable>
        )}
      </QueryState>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete asset?"
        text={`${deleting?.originalName} will be deleted. This cannot be undone.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={runDelete}
        onClose={() => setDeleting(null)}
      />
    </Section>
  )
}
