import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { apiError } from '@/test/http'
import { renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'
import { perFileProgress, tooLargeMessage } from './upload-request'

function stored(name: string, size: number, n = 1) {
  return {
    filename: `f${n}-${name}`,
    originalName: name,
    mimetype: 'image/png',
    size,
    url: `/api/uploads/f${n}-${name}`,
  }
}

/**
 * Serves the upload endpoints and records what reached them. jsdom's XMLHttpRequest drops the
 * multipart file names on the way to MSW, so the answers take their original names from `names`.
 */
function serveUploads(names: string[] = []) {
  const seen: { path: string; fields: string[]; sizes: number[]; auth: string | null }[] = []
  const deleted: string[] = []
  const record = async (request: Request) => {
    const form = await request.formData()
    const entries = [...form.entries()]
    seen.push({
      path: new URL(request.url).pathname,
      fields: entries.map(([k]) => k),
      sizes: entries.map(([, v]) => (v as File).size),
      auth: request.headers.get('Authorization'),
    })
    return entries.map(([, v], i) => stored(names.shift() ?? 'file', (v as File).size, seen.length * 10 + i))
  }
  server.use(
    http.post('*/api/upload/single', async ({ request }) => {
      const [file] = await record(request)
      return HttpResponse.json({ message: 'File uploaded', file }, { status: 201 })
    }),
    http.post('*/api/upload/multiple', async ({ request }) => {
      const files = await record(request)
      return HttpResponse.json({ message: 'Files uploaded', files }, { status: 201 })
    }),
    http.delete('*/api/upload/:filename', ({ params }) => {
      deleted.push(String(params.filename))
      return HttpResponse.json({ message: 'File deleted' })
    }),
  )
  return { seen, deleted }
}

const png = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' })

async function openUploadTab() {
  const view = renderApp('/features')
  await view.user.click(await screen.findByRole('tab', { name: 'File Upload' }))
  return view
}

describe('upload helpers', () => {
  it('names the first file over 5 MB', () => {
    const big = { name: 'big.pdf', size: 5 * 1024 * 1024 + 1 } as File
    const ok = { name: 'ok.pdf', size: 5 * 1024 * 1024 } as File
    expect(tooLargeMessage([ok])).toBeNull()
    expect(tooLargeMessage([ok, big])).toBe('File big.pdf is too large. Maximum size is 5MB.')
  })

  it('splits one request’s progress over the files in order', () => {
    const files = [{ size: 100 } as File, { size: 300 } as File]
    expect(perFileProgress(files, 0, 400)).toEqual([0, 0])
    expect(perFileProgress(files, 200, 400)).toEqual([1, 1 / 3])
    expect(perFileProgress(files, 400, 400)).toEqual([1, 1])
  })
})

describe('Uploader on the features page', { timeout: 15_000 }, () => {
  it('asks a logged-out visitor to log in', async () => {
    await openUploadTab()
    expect(screen.getByText('Please log in to test the upload feature')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Choose File/ })).not.toBeInTheDocument()
  })

  it('refuses a file over 5 MB without sending anything', async () => {
    signInAs()
    const { seen } = serveUploads()
    const { user } = await openUploadTab()
    const input = await screen.findByTestId('upload-input-single')
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' })
    await user.upload(input, big)
    expect(await screen.findByText('File big.pdf is too large. Maximum size is 5MB.')).toBeInTheDocument()
    expect(seen).toEqual([])
  })

  it('refuses more than 10 files at once without sending anything', async () => {
    signInAs()
    const { seen } = serveUploads()
    const { user } = await openUploadTab()
    const input = await screen.findByTestId('upload-input-multiple')
    const eleven = Array.from({ length: 11 }, (_, i) => new File(['x'], `${i}.pdf`, { type: 'application/pdf' }))
    await user.upload(input, eleven)
    expect(await screen.findByText('At most 10 files can be uploaded at once.')).toBeInTheDocument()
    expect(seen).toEqual([])
  })

  it('uploads one file with the token, lists it with a link, and deletes it', async () => {
    signInAs({}, 'secret-token')
    const { seen, deleted } = serveUploads(['photo.png'])
    const { user } = await openUploadTab()
    await user.upload(await screen.findByTestId('upload-input-single'), png('photo.png', 2048))

    expect(await screen.findByText('File uploaded successfully!')).toBeInTheDocument()
    expect(seen).toEqual([{ path: '/api/upload/single', fields: ['file'], sizes: [2048], auth: 'Bearer secret-token' }])
    const list = screen.getByRole('list', { name: 'Single File Upload: uploaded files' })
    expect(within(list).getByRole('link', { name: 'photo.png' })).toHaveAttribute('href', '/api/uploads/f10-photo.png')
    expect(within(list).getByText('2.0 KB')).toBeInTheDocument()

    await user.click(within(list).getByRole('button', { name: 'Delete photo.png' }))
    expect(await screen.findByText('File deleted successfully!')).toBeInTheDocument()
    expect(deleted).toEqual(['f10-photo.png'])
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Single File Upload: uploaded files' })).not.toBeInTheDocument(),
    )
  })

  it('shows a progress bar per file while sending', async () => {
    signInAs()
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    server.use(
      http.post('*/api/upload/multiple', async () => {
        await gate
        return HttpResponse.json(
          { message: 'ok', files: [stored('a.png', 3, 1), stored('b.png', 5, 2)] },
          { status: 201 },
        )
      }),
    )
    const { user } = await openUploadTab()
    await user.upload(await screen.findByTestId('upload-input-multiple'), [png('a.png', 3), png('b.png', 5)])
    const bars = await screen.findAllByRole('progressbar')
    expect(bars).toHaveLength(2)
    expect(screen.getByRole('button', { name: /Uploading/ })).toBeDisabled()
    release()
    expect(await screen.findByText('2 file(s) uploaded successfully!')).toBeInTheDocument()
    expect(screen.queryAllByRole('progressbar')).toHaveLength(0)
  })

  it('uploads several files in one request under the field files', async () => {
    signInAs()
    const { seen } = serveUploads(['a.png', 'b.png'])
    const { user } = await openUploadTab()
    await user.upload(await screen.findByTestId('upload-input-multiple'), [png('a.png', 3), png('b.png', 5)])
    expect(await screen.findByText('2 file(s) uploaded successfully!')).toBeInTheDocument()
    expect(seen[0]).toMatchObject({
      path: '/api/upload/multiple',
      fields: ['files', 'files'],
      sizes: [3, 5],
    })
    const list = screen.getByRole('list', { name: 'Multiple Files Upload: uploaded files' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
  })

  it("shows the server's message, or 'Failed to upload file(s)'", async () => {
    signInAs()
    server.use(
      http.post(
        '*/api/upload/single',
        () => apiError(415, { message: 'File type not allowed', code: 'unsupported_file' }),
        { once: true },
      ),
      http.post('*/api/upload/single', () => new HttpResponse(null, { status: 500 })),
    )
    const { user } = await openUploadTab()
    const input = await screen.findByTestId('upload-input-single')
    await user.upload(input, png('a.png'))
    expect(await screen.findByText('File type not allowed')).toBeInTheDocument()
    await user.upload(input, png('a.png'))
    expect(await screen.findByText('Failed to upload file(s)')).toBeInTheDocument()
  })

  it("shows the server's message when the account's quota or hourly limit is reached", async () => {
    signInAs()
    const quota = 'You have used your 50 MB of uploads. Delete some files to upload more.'
    const hourly = 'You have uploaded 30 files in the last hour. Try again later.'
    server.use(
      http.post('*/api/upload/multiple', () => apiError(413, { message: quota, code: 'upload_quota_full' })),
      http.post('*/api/upload/single', () =>
        apiError(429, { message: hourly, code: 'rate_limited' }, { 'Retry-After': '1200' }),
      ),
    )
    const { user } = await openUploadTab()
    await user.upload(await screen.findByTestId('upload-input-multiple'), [png('a.png'), png('b.png')])
    expect(await screen.findByText(quota)).toBeInTheDocument()
    await user.upload(await screen.findByTestId('upload-input-single'), png('c.png'))
    expect(await screen.findByText(hourly)).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: /uploaded files/ })).not.toBeInTheDocument()
  })

  it("a failed delete keeps the file and shows the server's message or 'Failed to delete file'", async () => {
    signInAs()
    serveUploads(['photo.png'])
    server.use(http.delete('*/api/upload/:filename', () => new HttpResponse(null, { status: 500 })))
    const { user } = await openUploadTab()
    await user.upload(await screen.findByTestId('upload-input-single'), png('photo.png'))
    await user.click(await screen.findByRole('button', { name: 'Delete photo.png' }))
    expect(await screen.findByText('Failed to delete file')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'photo.png' })).toBeInTheDocument()
  })

  it('a 401 clears the session and goes to /login', async () => {
    signInAs()
    server.use(http.post('*/api/upload/single', () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })))
    const { user } = await openUploadTab()
    await user.upload(await screen.findByTestId('upload-input-single'), png('a.png'))
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull())
    await waitFor(() => expect(document.querySelector('[data-testid="location"]')?.textContent).toBe('/login'))
  })
})
