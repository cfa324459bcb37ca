// After a new release, an open tab may ask for a chunk that no longer exists: load the new version once instead of
// showing an error (the flag stops a reload loop if the chunk is missing for another reason). Its own module, imported
// by the entry before the app, so the handler is in place before the app's first dynamic import.
window.addEventListener('vite:preloadError', (event) => {
  if (sessionStorage.getItem('reloaded-for-new-version')) return;
  event.preventDefault();
  sessionStorage.setItem('reloaded-for-new-version', '1');
  window.location.reload();
});
