// @vitest-environment node
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

describe("index.html's comments", () => {
  it('are left out of the built page, with the lines they stood on, and nothing else is', async () => {
    const { withoutComments } = await import('./first-load-trims')
    const page = [
      '<head>',
      '    <!-- a note for editors -->',
      '    <!-- prettier-ignore -->',
      '    <meta name="description" content="Tutors near you" />',
      '    <title>HomeTutor</title>',
      '</head>',
    ].join('\n')
    expect(withoutComments(page)).toBe(
      [
        '<head>',
        '    <meta name="description" content="Tutors near you" />',
        '    <title>HomeTutor</title>',
        '</head>',
      ].join('\n'),
    )
  })
})

describe("react-router's trims", () => {
  it('drop the developer-tools names and mark the top-level React calls pure, and change nothing else', async () => {
    const { reactRouterTrims } = await import('./first-load-trims')
    const module = [
      'var RouteContext = React.createContext(null);',
      'RouteContext.displayName = "Route";',
      'var Link = React10.forwardRef(',
      '  function LinkWithRef(props, ref) {',
      '    React10.useEffect(() => {});',
      '  }',
      ');',
      'Link.displayName = "Link";',
      'var Outlet = React3.memo(OutletImpl);',
      'function useThing() { return React2.useContext(RouteContext); }',
    ].join('\n')
    expect(reactRouterTrims(module)).toBe(
      [
        'var RouteContext = /* @__PURE__ */ React.createContext(null);',
        'var Link = /* @__PURE__ */ React10.forwardRef(',
        '  function LinkWithRef(props, ref) {',
        '    React10.useEffect(() => {});',
        '  }',
        ');',
        'var Outlet = /* @__PURE__ */ React3.memo(OutletImpl);',
        'function useThing() { return React2.useContext(RouteContext); }',
      ].join('\n'),
    )
  })
})

describe("the build's copy of Chakra's colour modules", () => {
  it('loses exactly the top-level entries of the palettes left out', async () => {
    const { withoutPalettes } = await import('./first-load-trims')
    const module = [
      'const colors = defineTokens.colors({',
      '  gray: {',
      '    50: { value: "#fafafa" }',
      '  },',
      '  yellow: {',
      '    50: { value: "#fefce8" }',
      '  },',
      '  teal: {',
      '    fg: { value: { _light: "{colors.teal.700}" } }',
      '  }',
      '});',
    ].join('\n')
    expect(withoutPalettes(module, new Set(['yellow', 'teal', 'cyan', 'pink']))).toBe(
      ['const colors = defineTokens.colors({', '  gray: {', '    50: { value: "#fafafa" }', '  },', '});'].join('\n'),
    )
  })
})
