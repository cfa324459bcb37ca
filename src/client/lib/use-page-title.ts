import { useEffect } from 'react';

export const STORE_NAME = 'Wall Art Store';

/** Sets the tab title, so history, bookmarks and screen readers name the page. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${STORE_NAME}` : `${STORE_NAME} — Digital Art Prints`;
  }, [title]);
}
