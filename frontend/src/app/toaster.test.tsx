import { act, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import { dismissToast, notifyError, notifySuccess, registerToaster, type ToastMessage } from '@/lib/toaster'
import { AppProvider } from './provider'

describe('snackbars (SPEC §8, §9)', () => {
  it('shows a message sent before the toaster has loaded', async () => {
    render(
      <AppProvider>
        <p>page</p>
      </AppProvider>,
    )
    act(() => notifySuccess('Saved!'))
    expect(await screen.findByText('Saved!')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Notifications (Alt+T)' })).toBeInTheDocument()
  })

  it("names the messages' region in the reader's language", async () => {
    await setLanguage('hi')
    render(
      <AppProvider>
        <p>page</p>
      </AppProvider>,
    )
    act(() => notifySuccess('सेव हो गया'))
    expect(await screen.findByText('सेव हो गया')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'सूचनाएँ (Alt+T)' })).toBeInTheDocument()
  })

  it('keeps successes about 3 s and errors about 4 s', () => {
    const shown: ToastMessage[] = []
    const unregister = registerToaster((message) => shown.push(message))
    notifySuccess('ok')
    notifyError('bad')
    unregister()
    expect(shown).toEqual([
      { type: 'success', title: 'ok', duration: 3000 },
      { type: 'error', title: 'bad', duration: 4000 },
    ])
  })

  it('takes back a message by its id, on screen or still queued', async () => {
    // No toaster is mounted yet: these wait in the queue.
    notifySuccess('Queued, then taken back', 'gone-early')
    notifySuccess('Queued, and shown')
    dismissToast('gone-early')
    render(
      <AppProvider>
        <p>page</p>
      </AppProvider>,
    )
    expect(await screen.findByText('Queued, and shown')).toBeInTheDocument()
    act(() => {
      notifySuccess('Shown, then taken back', 'gone-later')
      notifySuccess('Stays')
    })
    expect(await screen.findByText('Stays')).toBeInTheDocument()
    expect(screen.getByText('Shown, then taken back')).toBeInTheDocument()
    act(() => dismissToast('gone-later'))
    await waitFor(() => expect(screen.queryByText('Shown, then taken back')).not.toBeInTheDocument())
    expect(screen.queryByText('Queued, then taken back')).not.toBeInTheDocument()
    expect(screen.getByText('Stays')).toBeInTheDocument()
  })
})
