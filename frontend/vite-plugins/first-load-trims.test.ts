/// <reference types="vite/client" />
import { createElement, type ComponentType } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import createLucideIcon from './lean-lucide-icon'

// lucide's own icon modules, drawn by lucide's builder and by the build's lean one.
const icons = import.meta.glob<{ default: ComponentType<Record<string, unknown>>; __iconData: never }>(
  '../node_modules/lucide-react/dist/esm/icons/{menu,house,log-out,graduation-cap}.mjs',
  { eager: true },
)

describe('the lean lucide icon', () => {
  const cases: Record<string, unknown>[] = [
    {},
    { size: 18 },
    { size: '1.25em', color: 'tomato', className: 'nav-icon  extra' },
    { strokeWidth: 3, absoluteStrokeWidth: true, size: 48 },
    { 'aria-label': 'Menu', role: 'img' },
    { 'aria-label': undefined, style: { flexShrink: 0 }, 'data-part': 'icon', width: 20 },
  ]

  it('draws the same <svg> as lucide-react for every prop the app passes', () => {
    expect(Object.keys(icons)).toHaveLength(4)
    for (const { default: Lucide, __iconData } of Object.values(icons)) {
      const Lean = createLucideIcon(__iconData)
      for (const props of cases) {
        expect(renderToStaticMarkup(createElement(Lean, props))).toBe(
          renderToStaticMarkup(createElement(Lucide, props)),
        )
      }
    }
  })
})
