import { useEffect } from 'react';
import { useStoreSettings } from './store-settings';

/** Sets the tab title, so history, bookmarks and screen readers name the page. */
export function usePageTitle(title: string | undefined): void {
  const { storeName } = useStoreSettings();
  useEffect(() => {
    document.title = title ? `${title} | ${storeName}` : `${storeName} — Digital Art Prints`;
  }, [title, storeName]);
}
