import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react'
import { breakpoints } from '@chakra-ui-theme/breakpoints'
import { globalCss } from '@chakra-ui-theme/global-css'
import { layerStyles } from '@chakra-ui-theme/layer-styles'
import { HEADER_HEIGHT } from '@/lib/constants'
import { UNUSED_PALETTES } from './palettes'
import { animationStyles } from '@chakra-ui-theme/motion-styles'
import { badgeRecipe } from '@chakra-ui-theme/recipes/badge'
import { buttonRecipe } from '@chakra-ui-theme/recipes/button'
import { checkmarkRecipe } from '@chakra-ui-theme/recipes/checkmark'
import { containerRecipe } from '@chakra-ui-theme/recipes/container'
import { headingRecipe } from '@chakra-ui-theme/recipes/heading'
import { iconRecipe } from '@chakra-ui-theme/recipes/icon'
import { inputRecipe } from '@chakra-ui-theme/recipes/input'
import { linkRecipe } from '@chakra-ui-theme/recipes/link'
import { spinnerRecipe } from '@chakra-ui-theme/recipes/spinner'
import { semanticColors } from '@chakra-ui-theme/semantic-tokens/colors'
import { semanticRadii } from '@chakra-ui-theme/semantic-tokens/radii'
import { semanticShadows } from '@chakra-ui-theme/semantic-tokens/shadows'
import { textStyles } from '@chakra-ui-theme/text-styles'
import { animations } from '@chakra-ui-theme/tokens/animations'
import { aspectRatios } from '@chakra-ui-theme/tokens/aspect-ratios'
import { blurs } from '@chakra-ui-theme/tokens/blurs'
import { borders } from '@chakra-ui-theme/tokens/borders'
import { colors } from '@chakra-ui-theme/tokens/colors'
import { cursor } from '@chakra-ui-theme/tokens/cursor'
import { durations } from '@chakra-ui-theme/tokens/durations'
import { easings } from '@chakra-ui-theme/tokens/easings'
import { fontSizes } from '@chakra-ui-theme/tokens/font-sizes'
import { fontWeights } from '@chakra-ui-theme/tokens/font-weights'
import { keyframes } from '@chakra-ui-theme/tokens/keyframes'
import { letterSpacings } from '@chakra-ui-theme/tokens/letter-spacing'
import { lineHeights } from '@chakra-ui-theme/tokens/line-heights'
import { radii } from '@chakra-ui-theme/tokens/radius'
import { sizes } from '@chakra-ui-theme/tokens/sizes'
import { spacing } from '@chakra-ui-theme/tokens/spacing'
import { zIndices } from '@chakra-ui-theme/tokens/z-indices'

export { UNUSED_PALETTES }

function withoutUnusedPalettes<T extends object>(tokens: T): T {
  return Object.fromEntries(Object.entries(tokens).filter(([name]) => !UNUSED_PALETTES.has(name))) as T
}

/**
 * Chakra's default theme (the same pieces as its `defaultConfig`) minus the recipes of components
 * the first page load does not need: the full set costs about 20 KB gzipped on every page
 * (DESIGN.md §6 budget). The pieces come one module at a time through the `@chakra-ui-theme`
 * alias (vite.config.ts) because the package's `theme` entry builds the whole default config.
 *
 * Components that only lazily loaded screens use (Alert, Card, Checkbox, Dialog, Drawer, Field,
 * List, NativeSelect, Textarea, Toast) are not registered here: those screens pass their recipe with the `recipe` prop, so its
 * code loads with them. A component used without either renders unstyled.
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      aspectRatios,
      animations,
      blurs,
      borders,
      colors: withoutUnusedPalettes(colors),
      durations,
      easings,
      fonts: {
        heading: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
        body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
        mono: { value: 'SFMono-Regular, Menlo, Monaco, Consolas, "Liberation Mono", "Courier New", monospace' },
      },
      fontSizes,
      fontWeights,
      letterSpacings,
      lineHeights,
      radii,
      spacing,
      sizes,
      zIndex: zIndices,
      cursor,
    },
    semanticTokens: { colors: withoutUnusedPalettes(semanticColors), shadows: semanticShadows, radii: semanticRadii },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {},
  },
})

const appTheme = defineConfig({
  globalCss: {
    // Blue's solid shade (#2563eb) keeps white text above the 4.5:1 contrast ratio.
    // The header's height as a variable, for what is placed outside the layout (the toaster).
    html: { colorPalette: 'blue', '--header-height': { base: HEADER_HEIGHT.base, md: HEADER_HEIGHT.md } },
    body: { bg: 'bg.subtle' },
  },
  theme: {
    recipes: {
      button: {
        variants: {
          variant: {
            // The default hover (the solid colour at 90% opacity) lightens blue.600 below 4.5:1
            // for white text; a darker shade keeps a hovered button readable.
            solid: { _hover: { bg: 'colorPalette.700' }, _expanded: { bg: 'colorPalette.700' } },
          },
        },
      },
    },
    semanticTokens: {
      colors: {
        // The default (red.500) reads at 3.8:1 on white; red.700 passes 4.5:1 for error text.
        fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } } },
      },
    },
  },
})

export const system = createSystem(defaultBaseConfig, chakraTheme, appTheme)
