import type { CategoryId } from '#shared/categories.ts';

// Word lists for the generated catalogue. They are large enough that a search for one word matches
// a realistic share of 100,000 works (a few hundred to a few thousand), not all of them or none.

export const TITLE_ADJECTIVES = [
  'Golden', 'Misty', 'Alpine', 'Quiet', 'Evening', 'Northern', 'Chromatic', 'Fluid', 'Electric', 'Soft',
  'Radiant', 'Drifting', 'Midnight', 'Neon', 'Harbour', 'Rooftop', 'Wild', 'Modular', 'Balanced', 'Primary',
  'Little', 'Bold', 'Simple', 'Happy', 'Still', 'Calm', 'Sandy', 'Morning', 'Linen', 'Retro', 'Faded',
  'Groovy', 'Playful', 'Graphic', 'Timeless', 'Silent', 'Hidden', 'Amber', 'Crimson', 'Cobalt', 'Emerald',
  'Ivory', 'Velvet', 'Silver', 'Dusky', 'Autumn', 'Winter', 'Spring', 'Summer', 'Lunar', 'Solar',
  'Coastal', 'Urban', 'Gentle', 'Distant', 'Hazy', 'Frosted', 'Painted', 'Woven', 'Scattered', 'Tidal',
] as const;

export const TITLE_NOUNS: Record<CategoryId, readonly string[]> = {
  nature: ['Peaks', 'Valley', 'Ridge', 'Horizon', 'Summit', 'Highlands', 'Shore', 'Tides', 'Meadow', 'Glacier', 'Canyon', 'Fjord'],
  abstract: ['Bloom', 'Currents', 'Reverie', 'Echoes', 'Pulse', 'Haze', 'Drift', 'Layers', 'Motion', 'Fragments', 'Waves', 'Resonance'],
  urban: ['Skyline', 'Avenue', 'Lights', 'District', 'Towers', 'Nights', 'Crossing', 'Boulevard', 'Station', 'Alley', 'Bridge', 'Harbour'],
  botanical: ['Study', 'Fronds', 'Leaves', 'Sprigs', 'Greenery', 'Bouquet', 'Petals', 'Stems', 'Blossoms', 'Herbarium', 'Vines', 'Seedpods'],
  geometric: ['Grid', 'Circles', 'Composition', 'Pattern', 'Forms', 'Rhythm', 'Angles', 'Tiles', 'Arcs', 'Prism', 'Lattice', 'Segments'],
  typography: ['Words', 'Letters', 'Poster', 'Type', 'Message', 'Print', 'Alphabet', 'Mantra', 'Quote', 'Script', 'Manifesto', 'Slogan'],
  minimalist: ['Arch', 'Sun', 'Balance', 'Line', 'Moment', 'Dune', 'Stone', 'Circle', 'Pause', 'Shadow', 'Silence', 'Space'],
  vintage: ['Sunburst', 'Rays', 'Stripes', 'Memories', 'Dawn', 'Postcard', 'Journey', 'Holiday', 'Advert', 'Voyage', 'Souvenir', 'Radio'],
  modern: ['Party', 'Blocks', 'Shapes', 'Energy', 'Mix', 'Play', 'Splash', 'Contrast', 'Collage', 'Tension', 'Signal', 'Loop'],
  classic: ['Still Life', 'Window', 'Arches', 'Vessel', 'Harvest', 'Alcove', 'Portrait', 'Garden', 'Column', 'Fresco', 'Chapel', 'Atrium'],
};

export const FIRST_NAMES = [
  'Maya', 'Jonah', 'Aiko', 'Lena', 'Samuel', 'Clara', 'Noah', 'Isla', 'Theo', 'Priya', 'Oskar', 'Elena',
  'Hugo', 'Freya', 'Mateo', 'Zara', 'Felix', 'Nora', 'Kenji', 'Amara', 'Lucas', 'Ingrid', 'Rafael', 'Yara',
  'Emil', 'Sofia', 'Tariq', 'Mila', 'Jasper', 'Leila', 'Anton', 'Chloe', 'Dmitri', 'Esme', 'Omar', 'Ruth',
] as const;

export const LAST_NAMES = [
  'Lindqvist', 'Reyes', 'Tanaka', 'Hart', 'Okafor', 'Moreau', 'Bennett', 'Fernández', 'Kowalski', 'Nair',
  'Berg', 'Rossi', 'Schmidt', 'Dubois', 'Novak', 'Haddad', 'Andersen', 'Costa', 'Yamamoto', 'Walsh',
  'Petrov', 'Silva', 'Müller', 'Eriksen', 'Abara', 'Quinn', 'Laurent', 'Vargas', 'Holm', 'Sato',
  'Mensah', 'Byrne', 'Ivanova', 'Delgado', 'Fischer', 'Osei', 'Kaplan', 'Marsh', 'Nakamura', 'Wren',
] as const;

export const MOODS = [
  'calm', 'uplifting', 'moody', 'dreamy', 'serene', 'energetic', 'warm', 'cool', 'nostalgic', 'playful',
  'elegant', 'earthy', 'luminous', 'muted', 'vivid', 'tranquil', 'striking', 'cosy',
] as const;

export const ROOMS = [
  'living rooms', 'bedrooms', 'home offices', 'kitchens', 'hallways', 'studios', 'nurseries', 'reading nooks',
  'dining rooms', 'cafés', 'waiting rooms', 'gallery walls',
] as const;

export const PALETTES = [
  'soft pastels', 'deep blues', 'warm ochres', 'muted greens', 'black and white', 'terracotta and sand',
  'teal and coral', 'charcoal and gold', 'sage and cream', 'rust and navy', 'blush pink', 'forest green',
] as const;

/** Sentences a description is built from; {title}, {category}, {tagA}, {tagB}, {mood}, {room}, {palette} are filled in. */
export const DESCRIPTION_SENTENCES = [
  '{title} is a {mood} {category} print in {palette}.',
  'A {mood} study of {tagA} and {tagB}, made for walls that deserve a second look.',
  'Its {tagA} mood suits {room} and {room2} alike.',
  'Delivered as high-resolution files ready to print at home or at any print shop.',
  'Printed large it becomes a statement piece; small, it rewards a closer look.',
  'Pairs well with other {category} works in {palette}.',
  'Every common frame ratio is included, from small prints to large posters.',
  'Inspired by {tagB} and long afternoons spent sketching outdoors.',
  'The texture of the original {medium} shows through in every detail.',
  'A favourite for {room} that need a {mood} focal point.',
] as const;

export const MEDIUMS = [
  'gouache', 'watercolour', 'oil paint', 'ink', 'linocut', 'charcoal', 'risograph', 'pencil', 'collage', 'screen print',
] as const;

/** Extra tags that any category may carry, so that tags overlap across categories as in a real shop. */
export const COMMON_TAGS = [
  'wall art', 'printable', 'home decor', 'gift', 'large print', 'poster', 'blue', 'green', 'warm tones', 'pastel',
] as const;

export const PRICES = [4.9, 5.9, 6.9, 7.9, 8.9, 9.9, 11.9, 12.9, 14.9, 16.9, 17.9, 19.9, 22.9, 24.9] as const;

export const DIMENSIONS = [
  '2x3, 4x3, 4x5, 5x7, 11x14',
  '4x5, 8x10, 16x20, 24x30',
  '2x3, 12x18, 24x36',
  '5x7, 11x14, 18x24',
  'A5, A4, A3, A2, A1',
] as const;
