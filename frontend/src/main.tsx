import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { AppProvider } from './app/provider'
import { AppRouter } from './app/router'
import { registerServiceWorker } from './app/service-worker'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// The first render as a transition: React renders it in slices and yields to the browser between
// them, instead of one long task that holds a phone's main thread (total blocking time).
const app = createRoot(root)
startTransition(() =>
  app.render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  ),
)

registerServiceWorker()
