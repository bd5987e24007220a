import { describe, expect, it } from 'vitest'
import { ApiError } from '@/api/client'
import { paymentStartMessage } from './create-session'

const error = (status: number, message = '') => new ApiError(message, { status })

describe('paymentStartMessage (SPEC §8 "Payment creation")', () => {
  it.each([
    [error(401, 'Session expired. Please log in again.'), 'Your session has expired. Please log in again.'],
    [error(401, 'Invalid token.'), 'Invalid token.'],
    [error(403, 'Nope'), 'Only tutors can subscribe. Please log in as a tutor.'],
    [error(422, 'Bad account'), 'Bad account'],
    [error(404), 'Payment setup failed. Please check your account and try again.'],
    [error(500), 'Server error. Please try again later or contact support.'],
    [error(502, 'Provider down'), 'Server error. Please try again later or contact support.'],
    [error(0), 'Server error. Please try again later or contact support.'],
    [new Error('boom'), 'Payment processing failed. Please try again.'],
    ['weird', 'Payment processing failed. Please try again.'],
  ])('%#: maps to the right message', (input, expected) => {
    expect(paymentStartMessage(input)).toBe(expected)
  })
})
