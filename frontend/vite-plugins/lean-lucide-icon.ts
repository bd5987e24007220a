import { createElement, forwardRef, type ReactNode, type SVGProps } from 'react'

// lucide-react's createLucideIcon for this app's build (vite-plugins/first-load-trims.ts): the same
// <svg> as lucide's Icon for the props the app passes, without its context, alias tables and
// attribute renaming (~1.5 KB compressed on every page). Compared with lucide's own in
// first-load-trims.test.ts.

type IconNode = [tag: string, attributes: Record<string, string>][]
interface IconData {
  name: string
  node: IconNode
  aliases?: string[]
}
type IconProps = Omit<SVGProps<SVGSVGElement>, 'ref'> & {
  size?: string | number
  absoluteStrokeWidth?: boolean
  children?: ReactNode
}

const labels = (props: Record<string, unknown>) =>
  Object.keys(props).some(
    (name) => (name.startsWith('aria-') || name === 'role' || name === 'title') && props[name] != null,
  )

export default function createLucideIcon(icon: IconData) {
  const Icon = forwardRef<SVGSVGElement, IconProps>(function Icon(
    { color, size, strokeWidth, absoluteStrokeWidth, className, children, ...rest },
    ref,
  ) {
    const width = size ?? 24
    const stroke = strokeWidth ?? 2
    const classes = ['lucide', `lucide-${icon.name}`, ...(icon.aliases ?? []).map((alias) => `lucide-${alias}`)]
    return createElement(
      'svg',
      {
        ref,
        xmlns: 'http://www.w3.org/2000/svg',
        width,
        height: width,
        viewBox: '0 0 24 24',
        fill: 'none',
        stroke: color || 'currentColor',
        strokeWidth: absoluteStrokeWidth ? (Number(stroke) * 24) / Number(width) : stroke,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: [...classes, ...(className?.split(' ') ?? [])].filter(Boolean).join(' '),
        ...(children || labels(rest) ? {} : { 'aria-hidden': 'true' }),
        ...rest,
      },
      ...icon.node.map(([tag, attributes]) => createElement(tag, attributes)),
      children,
    )
  })
  Icon.displayName = icon.name
  return Icon
}
