import { Box, Button, Heading, Input, Link, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react'
import { useRef, useState, type FormEvent } from 'react'
import { errorMessage } from '@/api/client'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { notifyError, notifySuccess } from '@/lib/toaster'
import { ASSET_TYPES, useAssets, useDeleteAsset, useUploadAsset, type Asset } from '../api/assets'
import { formatDate } from '@/lib/format'
import { ADMIN_MESSAGES } from '../lib/messages'
import { ConfirmDialog, QueryState, ScrollTable, Section, Select } from './ui'

function UploadAsset() {
  const input = useRef<HTMLInputElement>(null)
  const [assetType, setAssetType] = useState<string>('misc')
  const [description, setDescription] = useState('')
  const [error, setError] = useState<string | null>(null)
  const upload = useUploadAsset()
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const file = input.current?.files?.[0]
    if (!file) {
      setError(ADMIN_MESSAGES.selectFile)
      return
    }
    setError(null)
    upload.mutate(
      { file, assetType, description },
      {
        onSuccess: () => {
          notifySuccess(`${file.name} uploaded`)
          setDescription('')
          if (input.current) input.current.value = ''
        },
        onError: (e) => notifyError(errorMessage(e, ADMIN_MESSAGES.uploadAsset)),
      },
    )
  }
  return (
    <Box as="form" onSubmit={onSubmit} borderWidth="1px" borderColor="border" borderRadius="lg" p="4">
      <Heading as="h3" size="md" mb="3">
        Upload an asset
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" alignItems="end">
        <FormField label="File">
          <input ref={input} type="file" onChange={() => setError(null)} />
        </FormField>
        <FormField label="Type">
          <Select value={assetType} onChange={setAssetType}>
            {ASSET_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Description">
          <Input value={description} onChange={(e) => setDescription(e.target.value)} />
        </FormField>
      </SimpleGrid>
      <Stack mt="3" gap="3">
        <FormAlert status="error" message={error} />
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
