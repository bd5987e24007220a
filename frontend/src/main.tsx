import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { AppProvider } from './app/provider'
import { AppRouter } from './app/router'
import { firstScreen } from './app/routes'
import { registerServiceWorker } from './app/service-worker'
import { initI18n, initialLanguage } from './lib/i18n'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// The shell's catalogue in the visitor's language is fetched first, so the first render has its
// text (nothing drawn in one language and then redrawn in another); the landing page's code and
// catalogue come beside it. Should a catalogue fail to load, the app still starts.
const app = createRoot(root)
const render = () =>
  // The first render as a transition: React renders it in slices and yields to the browser between
  // them, instead of one long task that holds a phone's main thread (total blocking time).
  startTransition(() =>
    app.render(
      <StrictMode>
        <AppProvider>
          <AppRouter />
        </AppProvider>
      </StrictMode>,
    ),
  )
const first = firstScreen(window.location.pathname)
// A failed preload is retried, and reported, when the screen renders.
first.preload?.().catch(() => undefined)
initI18n({ language: initialLanguage(), namespaces: first.namespaces }).then(render, render)

registerServiceWorker()
