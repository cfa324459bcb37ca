import { useSyncExternalStore } from 'react';

export interface PersistedStore<T> {
  get: () => T;
  set: (update: (current: T) => T) => void;
  subscribe: (listener: () => void) => () => void;
  useValue: () => T;
}

/**
 * A value kept in localStorage under `key`: read once at start (the fallback when missing or unreadable),
 * saved after every change, and updated when another tab changes it.
 */
export function createPersistedStore<T>(key: string, fallback: T, parse: (raw: unknown) => T): PersistedStore<T> {
  const listeners = new Set<() => void>();

  const read = (): T => {
    try {
      const raw = window.localStorage.getItem(key);
      return raw === null ? fallback : parse(JSON.parse(raw));
    } catch {
      return fallback;
    }
  };

  let value: T = typeof window === 'undefined' ? fallback : read();
  const notify = () => listeners.forEach((listener) => listener());

  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key !== key) return;
      value = read();
      notify();
    });
  }

  const store: PersistedStore<T> = {
    get: () => value,
    set(update) {
      value = update(value);
      try {
        window.localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // Full or blocked storage: the change still holds for this visit.
      }
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    useValue: () => useSyncExternalStore(store.subscribe, store.get, () => fallback),
  };
  return store;
}
