import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles/global.css';

// After a new release, an open tab may ask for a page chunk that no longer exists: load the new version once
// instead of showing an error (the flag stops a reload loop if the chunk is missing for another reason).
window.addEventListener('vite:preloadError', (event) => {
  if (sessionStorage.getItem('reloaded-for-new-version')) return;
  event.preventDefault();
  sessionStorage.setItem('reloaded-for-new-version', '1');
  window.location.reload();
});

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
