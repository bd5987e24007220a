import { act, renderHook } from '@testing-library/react'
import { useForm } from 'react-hook-form'
import { describe, expect, it } from 'vitest'
import { ApiError } from '@/api/errors'
import { showServerError } from './form-errors'

/** A form as a component would hold it; reading `errors` while rendering subscribes to them. */
function form() {
  return renderHook(() => {
    const form = useForm({ defaultValues: { email: '', banners: '', phone: '' } })
    return { ...form, errors: form.formState.errors }
  }).result
}

const refused = new ApiError('Please check the form', {
  status: 400,
  code: 'validation',
  fields: { email: 'Already registered.', 'banners[1]': 'Too long.', nickname: 'Not a field here.' },
})

describe('showServerError: the server’s refusal on a react-hook-form form', () => {
  it('puts each field message on its field, a list element’s on the list, and the message on root.server', () => {
    const result = form()
    let message = ''
    act(() => {
      message = showServerError(result.current, refused, 'Failed')
    })
    const { errors } = result.current
    expect(message).toBe('Please check the form')
    expect(errors.email?.message).toBe('Already registered.')
    expect(errors.banners?.message).toBe('Too long.')
    expect(errors.phone).toBeUndefined()
    expect(Object.keys(errors)).not.toContain('nickname')
    expect(errors.root?.server?.message).toBe('Please check the form')
  })

  it('shows the fallback when the server sent no message, e.g. a network failure', () => {
    const result = form()
    act(() => {
      showServerError(result.current, new ApiError('Failed to save', { status: 0 }), 'Failed to save')
    })
    expect(result.current.errors.root?.server?.message).toBe('Failed to save')
  })

  it('leaves the summary out when fields carry the messages, if asked to', () => {
    const result = form()
    act(() => {
      showServerError(result.current, refused, 'Failed', { summary: 'unlessFieldsShown' })
    })
    expect(result.current.errors.email?.message).toBe('Already registered.')
    expect(result.current.errors.root).toBeUndefined()
  })
})
