import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import './app/app.css';
import { UI_CONSTANTS } from '@rfid/contracts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './i18n/i18n';


/** The start-up loader stays until the translations are in, then fades out over 200 ms. */
function hideLoader() {
  const loader = document.getElementById('boot-loader');
  if (!loader) return;
  loader.classList.add('fade');
  setTimeout(() => loader.remove(), UI_CONSTANTS.LOADER_FADE_MS);
}

void initI18n()
  .catch(() => {})
  .then(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    hideLoader();
  });
