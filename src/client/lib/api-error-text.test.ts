import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessage, errorWithDetails } from './api-error-text';

describe('errorWithDetails', () => {
  it('quotes the server message and every field problem', () => {
    const error = new ApiError(400, 'Invalid artwork', {
      title: ['Title is required'],
      tags: ['Too many', 'Too long'],
    });
    expect(errorWithDetails(error, 'Failed to upload artwork')).toBe(
      'Error: Invalid artwork - title: Title is required; tags: Too many, Too long',
    );
  });

  it('has no dash without details', () => {
    expect(errorWithDetails(new ApiError(404, 'Artwork not found'), 'Failed')).toBe('Error: Artwork not found');
  });

  it('uses the fallback for failures that are not server refusals', () => {
    expect(errorWithDetails(new TypeError('Failed to fetch'), 'Failed to upload artwork')).toBe(
      'Error: Failed to upload artwork',
    );
  });
});

describe('errorMessage', () => {
  it("is the error's message, or the fallback when there is none", () => {
    expect(errorMessage(new ApiError(403, 'Forbidden'), 'Upload failed')).toBe('Forbidden');
    expect(errorMessage(new Error(''), 'Upload failed')).toBe('Upload failed');
    expect(errorMessage('boom', 'Upload failed')).toBe('Upload failed');
  });
});
