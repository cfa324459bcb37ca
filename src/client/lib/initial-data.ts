/**
 * The server puts the data of the first page into the HTML (a JSON block the browser does not execute), so that
 * page needs no API round trip before it can show its picture. It is read once: later visits fetch fresh data.
 */
export function takeInitialData(key: string): unknown {
  const element = document.getElementById('initial-data');
  if (!element || element.dataset.key !== key) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '');
  } catch {
    return undefined;
  }
}
