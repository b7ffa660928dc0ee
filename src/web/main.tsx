import './app/mantine-styles';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { readBrandFromDocument } from './lib/brand';
import { registerServiceWorker } from './lib/service-worker';

const brand = readBrandFromDocument();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App brand={brand} />
  </StrictMode>,
);
registerServiceWorker();
