import { describe, expect, it } from 'vitest'
import { draftKey, hasDraft, nextDraft, readDraft, writeDraft } from './use-form-draft'

describe('form drafts', () => {
  it('keys a draft by the signed-in user and the form, so one person never sees another’s', () => {
    expect(draftKey(7, 'request:new')).toBe('draft:7:request:new')
    expect(draftKey(8, 'request:new')).not.toBe(draftKey(7, 'request:new'))
  })

  it('keeps values only while they differ from the saved ones', () => {
    const saved = { fee: '500', name: 'Asha' }
    expect(nextDraft({ fee: '500', name: 'Asha' }, saved)).toBeNull()
    expect(nextDraft({ fee: '600', name: 'Asha' }, saved)).toEqual({ fee: '600', name: 'Asha' })
  })

  it('writes, reads and removes a draft, and ignores what is not an object', () => {
    const key = draftKey(1, 'profile')
    expect(readDraft(key)).toBeNull()
    expect(hasDraft(key)).toBe(false)
    writeDraft(key, { fullname: 'Ravi' })
    expect(readDraft(key)).toEqual({ fullname: 'Ravi' })
    expect(hasDraft(key)).toBe(true)
    expect(hasDraft(null)).toBe(false)
    writeDraft(key, null)
    expect(readDraft(key)).toBeNull()
    for (const raw of ['not json', '[1,2]', '"text"', 'null']) {
      sessionStorage.setItem(key, raw)
      expect(readDraft(key)).toBeNull()
    }
  })
})
