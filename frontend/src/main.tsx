import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { AppProvider } from './app/provider'
import { AppRouter } from './app/router'
import { installDevanagari } from './app/devanagari'
import { registerServiceWorker } from './app/service-worker'
import { initI18n, initialLanguage } from './lib/i18n'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// The shell's catalogue in the visitor's language is fetched first, so the first render has its
// text (nothing drawn in one language and then redrawn in another). Should it fail to load, the app
// still starts.
installDevanagari()
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
initI18n({ language: initialLanguage() }).then(render, render)

registerServiceWorker()
