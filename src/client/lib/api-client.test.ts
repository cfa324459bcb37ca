import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFrom } from './api-client';

describe('apiErrorFrom', () => {
  it("takes the server's message and field details from an error body", () => {
    const error = apiErrorFrom(400, 'Bad Request', {
      error: 'Invalid artwork',
      details: { title: ['Title is required'] },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Invalid artwork');
    expect(error.details).toEqual({ title: ['Title is required'] });
  });

  it('has no details when the server sent none', () => {
    const error = apiErrorFrom(404, 'Not Found', { error: 'Artwork not found' });
    expect(error.message).toBe('Artwork not found');
    expect(error.details).toBeUndefined();
  });

  it('falls back to the status when the body was not JSON or not an error body', () => {
    expect(apiErrorFrom(502, 'Bad Gateway', null).message).toBe('Server error: 502 Bad Gateway');
    expect(apiErrorFrom(500, 'Internal Server Error', '<html>oops</html>').message).toBe(
      'Server error: 500 Internal Server Error',
    );
    expect(apiErrorFrom(413, 'Payload Too Large', { message: 'too big' }).message).toBe(
      'Server error: 413 Payload Too Large',
    );
    expect(apiErrorFrom(502, 'Bad Gateway', null).status).toBe(502);
  });
});
