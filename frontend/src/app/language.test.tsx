import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { i18n, initialLanguage, LANGUAGE_CHOSEN_EVENT, LANGUAGE_STORAGE_KEY, setLanguage } from '@/lib/i18n'
import { preferredLanguage } from '@/lib/i18n-languages'
import { renderApp, signInAs } from '@/test/render'

const description = () => document.querySelector('meta[name="description"]')?.getAttribute('content')
const manifest = () => document.querySelector('link[rel="manifest"]')?.getAttribute('href')

/** The header's switch, named 'Language' in the language shown. */
function languageSwitch(name = 'Language') {
  return within(screen.getByRole('banner')).getByRole('group', { name })
}

describe('the language', () => {
  it("follows the browser's first language that the app speaks on a first visit", () => {
    expect(preferredLanguage(['hi-IN', 'en-IN'])).toBe('hi')
    expect(preferredLanguage(['HI'])).toBe('hi')
    expect(preferredLanguage(['en-IN', 'hi-IN'])).toBe('en')
    expect(preferredLanguage(['ta-IN', 'hi'])).toBe('hi')
    expect(preferredLanguage(['ta-IN', 'fr'])).toBe('en')
    expect(preferredLanguage([])).toBe('en')

    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['hi-IN', 'en'])
    expect(initialLanguage()).toBe('hi')
    // A choice made earlier wins over the browser.
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en')
    expect(initialLanguage()).toBe('en')
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'klingon')
    expect(initialLanguage()).toBe('hi')
  })

  it('switches the header and the landing page to Hindi, with <html lang>, the title and the manifest', async () => {
    const chosen: string[] = []
    const listener = (event: Event) => chosen.push((event as CustomEvent<{ language: string }>).detail.language)
    window.addEventListener(LANGUAGE_CHOSEN_EVENT, listener)
    // As index.html links it.
    const link = Object.assign(document.createElement('link'), { rel: 'manifest', href: '/manifest.webmanifest' })
    document.head.append(link)
    const { user } = renderApp('/')
    await screen.findByRole('heading', { level: 1, name: 'Find Your Perfect Tutor' })
    expect(document.documentElement.lang).toBe('en')

    const hindi = within(languageSwitch()).getByRole('button', { name: 'हिन्दी' })
    expect(hindi).toHaveAttribute('lang', 'hi')
    expect(hindi).toHaveAttribute('aria-pressed', 'false')
    await user.click(hindi)

    expect(await screen.findByRole('heading', { level: 1, name: 'अपने लिए सही ट्यूटर खोजें' })).toBeInTheDocument()
    expect(within(languageSwitch('भाषा')).getByRole('button', { name: 'हिन्दी' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    expect(within(languageSwitch('भाषा')).getByRole('button', { name: 'English' })).toHaveAttribute('lang', 'en')
    const nav = screen.getByRole('navigation', { name: 'मुख्य नेविगेशन' })
    expect(within(nav).getByRole('link', { name: 'ट्यूटर खोजें' })).toHaveAttribute('href', '/tutors')
    expect(within(nav).getByRole('link', { name: 'साइन अप' })).toHaveAttribute('href', '/register')
    // Both of the landing page's links to /about, the spec's 'Learn More', in Hindi.
    expect(screen.getAllByRole('link', { name: 'और जानें' }).map((link) => link.getAttribute('href'))).toEqual([
      '/about',
      '/about',
    ])
    expect(screen.getByRole('heading', { name: 'यह कैसे काम करता है' })).toBeInTheDocument()
    expect(screen.getByRole('search', { name: 'ट्यूटर खोजें' })).toBeInTheDocument()
    expect(within(screen.getByRole('contentinfo')).getByText(/सर्वाधिकार सुरक्षित/)).toBeInTheDocument()

    expect(document.documentElement.lang).toBe('hi')
    await waitFor(() => expect(document.title).toBe('HomeTutor — अपने लिए सही ट्यूटर खोजें'))
    expect(description()).toMatch(/^अपने आस-पास योग्य होम ट्यूटर खोजें/)
    expect(manifest()).toBe('/manifest.hi.webmanifest')
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi')
    expect(chosen).toEqual(['hi'])

    await user.click(within(languageSwitch('भाषा')).getByRole('button', { name: 'English' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Find Your Perfect Tutor' })).toBeInTheDocument()
    expect(document.documentElement.lang).toBe('en')
    expect(manifest()).toBe('/manifest.webmanifest')
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en')
    expect(chosen).toEqual(['hi', 'en'])
    window.removeEventListener(LANGUAGE_CHOSEN_EVENT, listener)
    link.remove()
  })

  it("titles a page in Hindi after the page's own name", async () => {
    await setLanguage('hi')
    renderApp('/contact-us')
    await waitFor(() => expect(document.title).toBe('संपर्क करें · HomeTutor'))
  })

  it('offers the switch in the phone drawer, where a signed-in person finds it', async () => {
    signInAs({ role: 'parent' })
    const { user } = renderApp('/profile')
    await screen.findByRole('heading', { level: 1, name: 'My Profile' })
    await user.click(screen.getByRole('button', { name: 'Open menu' }))
    const drawer = await screen.findByRole('dialog')
    await user.click(
      within(within(drawer).getByRole('group', { name: 'Language' })).getByRole('button', { name: 'हिन्दी' }),
    )
    expect(await within(drawer).findByRole('heading', { name: 'मेरी प्रोफ़ाइल' })).toBeInTheDocument()
    expect(within(drawer).getByText('अभिभावक/छात्र')).toBeInTheDocument()
    expect(within(drawer).getByRole('button', { name: /साइन आउट करें/ })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const bottom = screen.getByRole('navigation', { name: 'नीचे का नेविगेशन' })
    expect(
      within(bottom)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['डैशबोर्ड', 'नया अनुरोध', 'संदेश', 'सूचनाएँ', 'प्रोफ़ाइल'])
    expect(i18n.language).toBe('hi')
  })
})
