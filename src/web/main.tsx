import './app/mantine-styles';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { readBrandFromDocument } from './lib/brand';
import { registerServiceWorker } from './lib/service-worker';
import { reloadOnMissingChunks } from './lib/version-reload';

// Before any lazy chunk loads: a tab older than the deployed build reloads once onto it.
reloadOnMissingChunks();
// Which release this tab runs (vite.config.ts buildId): for operators, and the deploy e2e.
document.documentElement.dataset.build = import.meta.env.VITE_BUILD_ID as string;
const brand = readBrandFromDocument();
const router = createAppRouter(brand);
const root = createRoot(document.getElementById('root')!);
// The first page renders once, whole, after its route's code-split chunk is in (a page rendered
// before it re-rendered synchronously when the chunk arrived: one long task on a phone), and in a
// transition, so React yields to the browser while rendering. A failed load renders anyway: the
// router shows its error or not-found screens.
void router
  .load()
  .catch(() => undefined)
  .finally(() => {
    startTransition(() => {
      root.render(
        <StrictMode>
          <App brand={brand} router={router} />
        </StrictMode>,
      );
    });
  });
registerServiceWorker();
// 'Time to leave' reminders kept on this device (issue 31): their timers start once the page is up,
// from a chunk of their own, never part of the first load.
window.setTimeout(() => {
  void import('./lib/reminders').then((m) => m.runReminderTimers()).catch(() => undefined);
}, 3000);
