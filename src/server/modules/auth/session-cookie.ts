import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';

/**
 * Over https the cookie takes the __Host- prefix: browsers then insist on Secure, Path=/ and no Domain, so no
 * other site or subdomain can set or overwrite it.
 */
export function sessionCookieName(config: Config): string {
  return config.publicUrl.startsWith('https://') ? '__Host-session' : 'session';
}

export function readSessionToken(request: FastifyRequest, config: Config): string | undefined {
  return request.cookies[sessionCookieName(config)] || undefined;
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
    path: '/',
    maxAge: Math.floor(config.sessionAbsoluteMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), { path: '/', secure: config.publicUrl.startsWith('https://') });
}
