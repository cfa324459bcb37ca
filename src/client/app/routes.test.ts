import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SITE_PATHS, sitePage } from '../../shared/store/site-pages';
import { routes } from './routes';
import { RequireAdmin } from './require-admin';

const isOwnerGate = (route: RouteObject) => (route.element as { type?: unknown } | undefined)?.type === RequireAdmin;

describe('the router', () => {
  it.each(SITE_PATHS)('serves %s with its own page, behind the owner gate only when owner-only', (path) => {
    const matches = matchRoutes(routes, path.replace(/:[A-Za-z]+/g, '1')) ?? [];
    const leaf = matches.at(-1)?.route;
    expect(leaf?.path).not.toBe('*');
    expect(typeof leaf?.lazy).toBe('function');
    expect(matches.some((m) => isOwnerGate(m.route))).toBe(Boolean(sitePage(path).ownerOnly));
  });

  it('falls through to the not-found page for any other path', () => {
    expect(matchRoutes(routes, '/no/such/page')?.at(-1)?.route.path).toBe('*');
  });
});
