import '@aws-amplify/ui-react/styles.css';
import './app/app.css';
import { StrictMode } from 'react';
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
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    console.error(error);
    root.render(<StartupError message={error instanceof Error ? error.message : String(error)} />);
  });
