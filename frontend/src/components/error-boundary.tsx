import { Component, type ErrorInfo, type ReactNode } from 'react'

interface Props {
  /** Changing this (e.g. the path) clears a caught error. */
  resetKey: string
  fallback: (error: Error) => ReactNode
  children: ReactNode
}

interface State {
  error: Error | null
  resetKey: string
}

/** Keeps a failing screen (or a chunk that fails to load after a deploy) from blanking the app. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey }

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error }
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Screen failed to render', error, info.componentStack)
  }

  render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children
  }
}
