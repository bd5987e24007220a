import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { currentPath, renderApp, signInAs } from '@/test/render'
import { server } from '@/test/server'
import { http, HttpResponse } from 'msw'
import { makeRequest } from '@/test/tuition'

vi.mock('@/components/map/MapView', () => import('@/test/map-mock'))

const preferredTime = () => screen.getByRole('textbox', { name: /^Preferred time/ })

describe('a request form keeps its draft (nothing lost)', { timeout: 20_000 }, () => {
  it('puts a half-filled new request back after the page is left and opened again, until discarded', async () => {
    signInAs({ id: 31, role: 'parent' })
    const first = renderApp('/request/new')
    await screen.findByRole('button', { name: 'Post Request' })
    await first.user.type(preferredTime(), 'Weekday evenings')
    first.unmount()

    const second = renderApp('/request/new')
    await waitFor(() => expect(preferredTime()).toHaveValue('Weekday evenings'))
    expect(screen.getByText('Restored your unsaved changes')).toBeInTheDocument()
    await second.user.click(screen.getByRole('button', { name: 'Discard' }))
    expect(preferredTime()).toHaveValue('')
    expect(screen.queryByText('Restored your unsaved changes')).not.toBeInTheDocument()
    second.unmount()

    renderApp('/request/new')
    await screen.findByRole('button', { name: 'Post Request' })
    expect(preferredTime()).toHaveValue('')
  })

  it('never shows one parent’s draft to another signed in on the same browser', async () => {
    signInAs({ id: 31, role: 'parent' })
    const first = renderApp('/request/new')
    await screen.findByRole('button', { name: 'Post Request' })
    await first.user.type(preferredTime(), 'Mornings')
    first.unmount()

    signInAs({ id: 32, role: 'parent' })
    renderApp('/request/new')
    await screen.findByRole('button', { name: 'Post Request' })
    expect(preferredTime()).toHaveValue('')
    expect(screen.queryByText('Restored your unsaved changes')).not.toBeInTheDocument()
  })

  it('lets a link go at once when nothing is unsaved', async () => {
    signInAs({ id: 31, role: 'parent' })
    const { user } = renderApp('/request/new')
    await screen.findByRole('button', { name: 'Post Request' })
    // Nothing typed: the link just goes.
    await user.click(screen.getByRole('link', { name: 'Back to Dashboard' }))
    await waitFor(() => expect(currentPath()).toBe('/dashboard'))
  })

  it('holds a link while something is unsaved and lets the person choose', async () => {
    signInAs({ id: 31, role: 'parent' })
    const { user } = renderApp('/request/new')
    await screen.findByRole('button', { name: 'Post Request' })
    await user.type(preferredTime(), 'Weekends')
    await user.click(screen.getByRole('link', { name: 'Back to Dashboard' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave this page?' })
    expect(dialog).toHaveTextContent('Your changes are not saved yet.')
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(currentPath()).toBe('/request/new')
    expect(preferredTime()).toHaveValue('Weekends')

    await user.click(screen.getByRole('link', { name: 'Back to Dashboard' }))
    await user.click(await screen.findByRole('button', { name: 'Leave' }))
    await waitFor(() => expect(currentPath()).toBe('/dashboard'))
  })

  it('asks the browser before a reload or close while something is unsaved', async () => {
    signInAs({ id: 31, role: 'parent' })
    const { user } = renderApp('/request/new')
    await screen.findByRole('button', { name: 'Post Request' })
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true })
      window.dispatchEvent(event)
      return event.defaultPrevented
    }
    expect(unload()).toBe(false)
    await user.type(preferredTime(), 'Weekends')
    expect(unload()).toBe(true)
  })

  it('keeps an edit’s draft per request and puts it back over the loaded values', async () => {
    signInAs({ id: 31, role: 'parent' })
    const request = makeRequest({ id: 12, preferredTime: 'Mornings' })
    server.use(http.get('*/api/tuition/mine', () => HttpResponse.json([request])))
    const first = renderApp('/request/12/edit')
    await waitFor(() => expect(preferredTime()).toHaveValue('Mornings'))
    await first.user.clear(preferredTime())
    await first.user.type(preferredTime(), 'Evenings')
    first.unmount()

    renderApp('/request/12/edit')
    await waitFor(() => expect(preferredTime()).toHaveValue('Evenings'))
    expect(screen.getByText('Restored your unsaved changes')).toBeInTheDocument()
  })
})
