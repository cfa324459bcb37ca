// The page's entry script. The server has already rendered the first screen into the HTML, so the browser can
// show it with the stylesheet and the main picture alone. The app's code (React, the router and the page) only
// makes that screen interactive: it is fetched once the main picture is on screen, so on a slow phone
// connection the picture gets the bandwidth first instead of sharing it with about 120 kB of scripts.
// Decision 0018 explains the trade-off.
import './styles/index.css';

/** On a connection too slow to show the picture in this time, the app starts anyway: links and buttons matter more. */
const LONGEST_WAIT_MS = 2500;

// After a new release, an open tab may ask for a chunk that no longer exists: load the new version once
// instead of showing an error (the flag stops a reload loop if the chunk is missing for another reason).
window.addEventListener('vite:preloadError', (event) => {
  if (sessionStorage.getItem('reloaded-for-new-version')) return;
  event.preventDefault();
  sessionStorage.setItem('reloaded-for-new-version', '1');
  window.location.reload();
});

/** Resolves after the next frame has been painted: a rAF callback runs just before the paint, its timeout after it. */
const afterNextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** The picture the server marked as the page's main one (fetchpriority=high), decoded, or given up on. */
function mainPictureReady(): Promise<unknown> {
  const picture = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
  if (!picture) return Promise.resolve();
  const decoded = picture.decode().catch(() => undefined); // a broken picture must not hold the app back
  return Promise.race([decoded, new Promise((resolve) => setTimeout(resolve, LONGEST_WAIT_MS))]);
}

void mainPictureReady()
  .then(afterNextPaint)
  .then(() => import('./main'));
