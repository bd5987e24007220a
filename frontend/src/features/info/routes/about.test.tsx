import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '@/test/render'

describe('the About page', () => {
  it('credits GeoNames for the place data (CC BY 4.0), with links', async () => {
    renderApp('/about')
    const credit = await screen.findByTestId('geonames-credit')
    expect(credit).toHaveTextContent('Place data © GeoNames (geonames.org), licensed under CC BY 4.0')
    expect(within(credit).getByRole('link', { name: 'GeoNames (geonames.org)' })).toHaveAttribute(
      'href',
      'https://www.geonames.org/',
    )
    expect(within(credit).getByRole('link', { name: 'CC BY 4.0' })).toHaveAttribute(
      'href',
      'https://creativecommons.org/licenses/by/4.0/',
    )
  })
})
