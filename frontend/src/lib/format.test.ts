// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { formatDate, formatMoney, formatNumber, formatRelativeTime, formatTime } from './format'
import { setLanguage } from './i18n'

const NOW = Date.parse('2027-11-21T12:00:00Z')
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString()

describe('formatting by language', () => {
  it('writes rupees and numbers with Indian grouping in both languages', () => {
    expect(formatMoney(100000)).toBe('₹1,00,000')
    expect(formatMoney(100000, 'hi')).toBe('₹1,00,000')
    expect(formatMoney(499)).toBe('₹499')
    expect(formatMoney(1.37)).toBe('₹1.37')
    expect(formatMoney(12345678, 'hi')).toBe('₹1,23,45,678')
    expect(formatNumber(1234567)).toBe('12,34,567')
    expect(formatNumber(1234567, 'hi')).toBe('12,34,567')
  })

  it('has one date style per purpose in each language', () => {
    const at = '2027-11-21T09:35:00Z'
    expect(formatDate(at, 'short', '-', 'en')).toBe('21 Nov 2027')
    expect(formatDate(at, 'short', '-', 'hi')).toBe('21 नव॰ 2027')
    expect(formatDate(at, 'long', '-', 'en')).toBe('21 November 2027')
    expect(formatDate(at, 'long', '-', 'hi')).toBe('21 नवंबर 2027')
    expect(formatDate(at, 'dateTime', '-', 'en')).toMatch(/^21 Nov 2027, \d{1,2}:\d{2}\s[ap]m$/)
    expect(formatDate(null)).toBe('-')
    expect(formatDate('not a date', 'short', '')).toBe('')
    expect(formatTime(at, 'en')).toMatch(/^\d{1,2}:\d{2}\s[ap]m$/)
    expect(formatTime(undefined)).toBe('')
  })

  it('says how long ago in English and Hindi', () => {
    expect(formatRelativeTime(ago(20), NOW, 'en')).toBe('just now')
    expect(formatRelativeTime(ago(20), NOW, 'hi')).toBe('अभी-अभी')
    expect(formatRelativeTime(ago(5 * 60), NOW, 'en')).toBe('5 minutes ago')
    expect(formatRelativeTime(ago(5 * 60), NOW, 'hi')).toBe('5 मिनट पहले')
    expect(formatRelativeTime(ago(3 * 3600), NOW, 'en')).toBe('3 hours ago')
    expect(formatRelativeTime(ago(3 * 3600), NOW, 'hi')).toBe('3 घंटे पहले')
    expect(formatRelativeTime(ago(26 * 3600), NOW, 'en')).toBe('yesterday')
    expect(formatRelativeTime(ago(26 * 3600), NOW, 'hi')).toBe('कल')
    expect(formatRelativeTime(ago(10 * 24 * 3600), NOW, 'hi')).toBe(formatDate(ago(10 * 24 * 3600), 'short', '', 'hi'))
    expect(formatRelativeTime(null, NOW)).toBe('')
  })

  it('formats in the language shown when none is given', async () => {
    expect(formatRelativeTime(ago(5 * 60), NOW)).toBe('5 minutes ago')
    await setLanguage('hi')
    expect(formatRelativeTime(ago(5 * 60), NOW)).toBe('5 मिनट पहले')
    expect(formatDate('2027-11-21T09:35:00Z', 'long')).toBe('21 नवंबर 2027')
  })
})
