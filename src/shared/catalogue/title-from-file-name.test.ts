import { describe, expect, it } from 'vitest';
import { titleFromFileName, wordsOfTitle } from './title-from-file-name';

describe('titleFromFileName', () => {
  it('drops the extension, the copy number and the separators, and capitalises all but the small words', () => {
    expect(titleFromFileName('sunset_over-the_hills (1).png')).toBe('Sunset Over the Hills');
    expect(titleFromFileName('THE_CITY_AT_NIGHT.TIFF')).toBe('The City at Night');
    expect(titleFromFileName('folder/sub/ocean-waves copy.jpg')).toBe('Ocean Waves');
  });

  it('answers Untitled for a name without words', () => {
    expect(titleFromFileName('___.png')).toBe('Untitled');
  });
});

describe('wordsOfTitle', () => {
  it('keeps the words long enough to mean something', () => {
    expect(wordsOfTitle('Sunset Over the Hills')).toEqual(['sunset', 'over', 'the', 'hills']);
    expect(wordsOfTitle('A Sea of Blue')).toEqual(['sea', 'blue']);
  });
});
