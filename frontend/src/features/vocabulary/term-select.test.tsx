import { act, screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import { apiError } from '@/test/http'
import { renderComponent } from '@/test/render-component'
import { server } from '@/test/server'
import { VOCABULARY } from '@/test/vocabulary'
import { findTerm, OTHER, TermSelect, termLabel } from '.'

function Subject({ required = false }: { required?: boolean }) {
  const [id, setId] = useState('')
  const [text, setText] = useState('')
  return (
    <>
      <TermSelect
        label="Subject"
        facet="subjects"
        value={id}
        onChange={setId}
        allowOther
        otherText={text}
        onOtherTextChange={setText}
        placeholder="Choose a subject"
        required={required}
      />
      <output data-testid="value">{`${id}|${text}`}</output>
    </>
  )
}

describe('TermSelect', () => {
  it('lists the vocabulary by label and answers ids; Other… reveals a labelled text input', async () => {
    const { user } = renderComponent(<Subject required />)
    const select = screen.getByRole('combobox', { name: /Subject/ })
    await screen.findByRole('option', { name: 'Mathematics' })
    const options = screen.getAllByRole('option').map((o) => o.textContent)
    expect(options[0]).toBe('Choose a subject')
    expect(options[1]).toBe('Mathematics')
    expect(options.at(-1)).toBe('Other…')
    expect(options).toHaveLength(VOCABULARY.subjects.length + 2)

    await user.selectOptions(select, 'Mathematics')
    expect(screen.getByTestId('value')).toHaveTextContent('maths|')
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()

    await user.selectOptions(select, 'Other…')
    const other = screen.getByRole('textbox', { name: /Which subject\?/ })
    await user.type(other, 'Vedic maths')
    expect(screen.getByTestId('value')).toHaveTextContent('other|Vedic maths')
  })

  it("lists the labels in the reader's language, asking the server again when the language changes", async () => {
    const asked: string[] = []
    server.use(
      http.get('*/api/vocabulary', ({ request }) => {
        const language = request.headers.get('Accept-Language') ?? ''
        asked.push(language)
        if (!language.startsWith('hi')) return HttpResponse.json(VOCABULARY)
        const subjects = VOCABULARY.subjects.map((t) => (t.id === 'maths' ? { ...t, label: 'गणित' } : t))
        return HttpResponse.json({ ...VOCABULARY, subjects })
      }),
    )
    const { user } = renderComponent(<Subject />)
    await screen.findByRole('option', { name: 'Mathematics' })
    await act(() => setLanguage('hi'))
    await screen.findByRole('option', { name: 'गणित' })
    expect(screen.queryByRole('option', { name: 'Mathematics' })).not.toBeInTheDocument()
    expect(asked.map((l) => l.slice(0, 2))).toEqual(['en', 'hi'])
    // The choice is the same id in every language.
    await user.selectOptions(screen.getByRole('combobox', { name: /Subject|विषय/ }), 'गणित')
    expect(screen.getByTestId('value')).toHaveTextContent('maths|')
  })

  it('says when the list could not be loaded', async () => {
    server.use(http.get('*/api/vocabulary', () => apiError(500, { message: 'x', code: 'internal' })))
    renderComponent(<Subject />)
    expect(await screen.findByText('Could not load the list of subjects and classes.')).toBeInTheDocument()
  })
})

describe('termLabel and findTerm', () => {
  it('reads ids as labels, other as its text, unknown ids as themselves', () => {
    expect(termLabel(VOCABULARY, 'subjects', 'maths')).toBe('Mathematics')
    expect(termLabel(VOCABULARY, 'classes', 'class-10')).toBe('Class 10')
    expect(termLabel(VOCABULARY, 'boards', 'icse')).toBe('ICSE / ISC')
    expect(termLabel(VOCABULARY, 'modes', 'online')).toBe('Online')
    expect(termLabel(VOCABULARY, 'subjects', OTHER, 'Vedic maths')).toBe('Vedic maths')
    expect(termLabel(VOCABULARY, 'subjects', OTHER)).toBe('Other')
    expect(termLabel(VOCABULARY, 'subjects', 'astrology')).toBe('astrology')
    expect(termLabel(undefined, 'subjects', 'maths', 'Mathematics')).toBe('Mathematics')
    expect(termLabel(VOCABULARY, 'boards', null)).toBe('')
  })

  it('finds a term by id, label or synonym, ignoring case and punctuation', () => {
    expect(findTerm(VOCABULARY, 'subjects', 'maths ')?.id).toBe('maths')
    expect(findTerm(VOCABULARY, 'subjects', 'S.St')?.id).toBe('social-studies')
    expect(findTerm(VOCABULARY, 'classes', 'class 1')?.id).toBe('class-1')
    expect(findTerm(VOCABULARY, 'subjects', 'Vedic maths')).toBeUndefined()
    // Labels in Devanagari are matched too (vowel signs are part of the word).
    const hindi = { ...VOCABULARY, subjects: [{ id: 'maths', label: 'गणित', synonyms: ['Mathematics'] }] }
    expect(findTerm(hindi, 'subjects', ' गणित ')?.id).toBe('maths')
    expect(findTerm(hindi, 'subjects', 'गण')).toBeUndefined()
  })
})
