// The store's fixed list of ten categories. Every artwork belongs to exactly one of them.

export const CATEGORY_IDS = [
  'nature',
  'abstract',
  'urban',
  'botanical',
  'geometric',
  'typography',
  'minimalist',
  'vintage',
  'modern',
  'classic',
] as const;

export type CategoryId = (typeof CATEGORY_IDS)[number];

export interface Category {
  id: CategoryId;
  name: string;
  description: string;
  /** An emoji: renders everywhere without an icon font or a network request. */
  icon: string;
  /** Two colours for the card background, from top-left to bottom-right. */
  gradient: readonly [string, string];
  /** Keywords used to derive the category of an artwork from its tags. */
  tags: readonly string[];
  /** Exactly six headline tags, shown on the shop and category pages; they weigh more in derivation. */
  featuredTags: readonly [string, string, string, string, string, string];
}

export const CATEGORIES: readonly Category[] = [
  {
    id: 'nature',
    name: 'Nature',
    description: 'Mountains, forests, oceans and skies: calm landscapes that bring the outdoors inside.',
    icon: '🏔️',
    gradient: ['#2f855a', '#68d391'],
    tags: [
      'nature', 'landscape', 'mountain', 'mountains', 'forest', 'ocean', 'sea', 'lake', 'river', 'sky',
      'sunset', 'sunrise', 'beach', 'desert', 'wildlife', 'trees', 'outdoors', 'scenic', 'valley', 'waves',
      'clouds', 'snow', 'coast', 'hills',
    ],
    featuredTags: ['landscape', 'mountains', 'forest', 'ocean', 'sunset', 'wildlife'],
  },
  {
    id: 'abstract',
    name: 'Abstract',
    description: 'Bold colour fields, fluid shapes and expressive textures that start a conversation.',
    icon: '🎨',
    gradient: ['#805ad5', '#ed64a6'],
    tags: [
      'abstract', 'colorful', 'fluid', 'expressive', 'texture', 'brushstrokes', 'shapes', 'gradient',
      'contemporary', 'vibrant', 'marble', 'paint', 'splash', 'organic', 'flow', 'color field', 'blobs',
      'swirl', 'ink',
    ],
    featuredTags: ['colorful', 'fluid', 'expressive', 'texture', 'gradient', 'vibrant'],
  },
  {
    id: 'urban',
    name: 'Urban',
    description: 'Skylines, streets and architecture: the energy of the city for modern spaces.',
    icon: '🏙️',
    gradient: ['#2d3748', '#718096'],
    tags: [
      'urban', 'city', 'skyline', 'architecture', 'street', 'buildings', 'night', 'neon', 'downtown',
      'bridge', 'metropolis', 'skyscraper', 'cityscape', 'travel', 'lights', 'subway', 'rooftops',
    ],
    featuredTags: ['city', 'skyline', 'architecture', 'street', 'night', 'neon'],
  },
  {
    id: 'botanical',
    name: 'Botanical',
    description: 'Leaves, flowers and plant studies in fresh greens and soft blooms.',
    icon: '🌿',
    gradient: ['#38a169', '#c6f6d5'],
    tags: [
      'botanical', 'plants', 'leaves', 'flowers', 'floral', 'leaf', 'fern', 'monstera', 'palm', 'garden',
      'bloom', 'greenery', 'herbs', 'succulent', 'eucalyptus', 'wildflowers', 'petals', 'tropical',
    ],
    featuredTags: ['plants', 'leaves', 'flowers', 'floral', 'tropical', 'greenery'],
  },
  {
    id: 'geometric',
    name: 'Geometric',
    description: 'Lines, grids, circles and triangles arranged with precision and rhythm.',
    icon: '🔷',
    gradient: ['#3182ce', '#63b3ed'],
    tags: [
      'geometric', 'shapes', 'lines', 'triangles', 'circles', 'grid', 'pattern', 'symmetry', 'angular',
      'polygon', 'hexagon', 'mosaic', 'bauhaus', 'isometric', 'squares', 'stripes', 'tessellation',
    ],
    featuredTags: ['lines', 'triangles', 'circles', 'pattern', 'symmetry', 'bauhaus'],
  },
  {
    id: 'typography',
    name: 'Typography',
    description: 'Words worth hanging: quotes, letterforms and type-led prints.',
    icon: '🔤',
    gradient: ['#1a202c', '#a0aec0'],
    tags: [
      'typography', 'quote', 'quotes', 'lettering', 'text', 'words', 'motivational', 'inspirational',
      'letters', 'font', 'calligraphy', 'poster', 'saying', 'alphabet', 'script', 'type',
    ],
    featuredTags: ['quote', 'lettering', 'motivational', 'inspirational', 'calligraphy', 'poster'],
  },
  {
    id: 'minimalist',
    name: 'Minimalist',
    description: 'Quiet compositions with space to breathe: less, but better.',
    icon: '⚪',
    gradient: ['#a0aec0', '#edf2f7'],
    tags: [
      'minimalist', 'minimal', 'simple', 'clean', 'line art', 'neutral', 'scandinavian', 'monochrome',
      'black and white', 'negative space', 'calm', 'zen', 'modern minimal', 'one line', 'muted', 'beige',
    ],
    featuredTags: ['minimal', 'simple', 'line art', 'neutral', 'scandinavian', 'monochrome'],
  },
  {
    id: 'vintage',
    name: 'Vintage',
    description: 'Retro palettes, aged paper and nostalgic motifs from decades past.',
    icon: '📻',
    gradient: ['#c05621', '#f6ad55'],
    tags: [
      'vintage', 'retro', 'antique', 'nostalgic', 'old', 'classic poster', 'sepia', 'faded', '70s', '60s',
      'mid-century', 'travel poster', 'ephemera', 'aged', 'sunburst', 'groovy',
    ],
    featuredTags: ['retro', 'antique', 'nostalgic', 'mid-century', 'sepia', '70s'],
  },
  {
    id: 'modern',
    name: 'Modern',
    description: 'Contemporary prints with confident colour blocks for today’s interiors.',
    icon: '✨',
    gradient: ['#d53f8c', '#f6e05e'],
    tags: [
      'modern', 'contemporary', 'trendy', 'bold', 'color block', 'pop', 'graphic', 'digital', 'stylish',
      'interior', 'decor', 'statement', 'pop art', 'memphis', 'duotone',
    ],
    featuredTags: ['contemporary', 'bold', 'color block', 'pop art', 'graphic', 'statement'],
  },
  {
    id: 'classic',
    name: 'Classic',
    description: 'Timeless art in the manner of the old masters: portraits, still lifes and arches.',
    icon: '🏛️',
    gradient: ['#744210', '#d69e2e'],
    tags: [
      'classic', 'classical', 'fine art', 'renaissance', 'baroque', 'still life', 'portrait', 'oil painting',
      'masterpiece', 'gallery', 'museum', 'elegant', 'traditional', 'timeless', 'sculpture', 'arches',
    ],
    featuredTags: ['fine art', 'renaissance', 'still life', 'portrait', 'oil painting', 'timeless'],
  },
];

const byId = new Map<string, Category>(CATEGORIES.map((c) => [c.id, c]));

export function isCategoryId(value: string): value is CategoryId {
  return byId.has(value);
}

export function findCategory(id: string): Category | undefined {
  return byId.get(id);
}
