// The request headers of npm run bench:http's visitors: a browser asking for a page, or the store's client asking
// its API, both accepting compressed answers as every current browser does.
const ENCODING = { 'Accept-Encoding': 'br, gzip' };
export const PAGE_HEADERS: Record<string, string> = { Accept: 'text/html', ...ENCODING };
export const API_HEADERS: Record<string, string> = { ...ENCODING };
