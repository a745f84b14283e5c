import '@aws-amplify/ui-react/styles.css';
import './app/app.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { StartupError, StartupLoader } from './app/startup';
import { configureAmplify } from './config/amplify';
import { loadRuntimeConfig } from './config/runtime-config';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);

root.render(<StartupLoader />);

loadRuntimeConfig()
  .then((config) => {
    configureAmplify(config);
    // A transition: React renders the app in short slices, yielding to the browser between them,
    // and the startup loader stays until the first screen is ready.
    startTransition(() => {
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  })
  .catch((error: unknown) => {
    console.error(error);
    root.render(<StartupError message={error instanceof Error ? error.message : String(error)} />);
  });
