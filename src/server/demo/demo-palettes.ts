import type { CategoryId } from '../../shared/catalogue/categories';

// The demo's colour schemes: six named ones per category, one for each of its artworks, so the catalogue spans the
// shop's colour families (reds to greys, and multicoloured pictures) instead of each category's one mood. A scheme
// is five colours, each with a role in its category's composition: the first is the ground the picture is drawn
// on and covers the most, the others follow the composer's use (demo-art-svg.ts).

export interface DemoScheme {
  name: string;
  colors: readonly [string, string, string, string, string];
}

const scheme = (name: string, ...colors: DemoScheme['colors']): DemoScheme => ({ name, colors });

export const DEMO_SCHEMES: Record<CategoryId, readonly DemoScheme[]> = {
  // Sky from the first to the second, ridges from the second (far) to the fifth (near).
  nature: [
    scheme('alpine dawn', '#fde8c8', '#f6a96b', '#7a9e7e', '#4a6e5a', '#2b4539'),
    scheme('glacier blue', '#dbeafe', '#93c5fd', '#64748b', '#475569', '#1e293b'),
    scheme('purple dusk', '#fbcfe8', '#c084fc', '#9333ea', '#6b21a8', '#3b0764'),
    scheme('autumn rust', '#fef3c7', '#f59e0b', '#b45309', '#78350f', '#451a03'),
    scheme('sage & white', '#f7f8f4', '#d5dfcc', '#9caf88', '#6b8f71', '#3f5e4a'),
    scheme('teal lagoon', '#e6faf6', '#5eead4', '#14b8a6', '#0f766e', '#134e4a'),
  ],
  // A ground, then four blurred colour fields over most of it.
  abstract: [
    scheme('bold primaries', '#ffd23f', '#e63946', '#1d4ed8', '#06b58f', '#e63946'),
    scheme('pastel pinks', '#fdf2f8', '#f9a8d4', '#f472b6', '#fbcfe8', '#ec4899'),
    scheme('teal & coral', '#fff7ed', '#14b8a6', '#f87171', '#0d9488', '#fb923c'),
    scheme('purple dusk', '#1e1b4b', '#7c3aed', '#c026d3', '#a78bfa', '#f472b6'),
    scheme('ocean blues', '#eff6ff', '#3b82f6', '#1e40af', '#60a5fa', '#0ea5e9'),
    scheme('sunset', '#ffb25c', '#ef4444', '#facc15', '#ec4899', '#f97316'),
  ],
  // Sky from the first to the fifth, towers in the second and fourth, lit windows and moon in the third.
  urban: [
    scheme('midnight neon', '#0b1026', '#1f2a5a', '#f5d76e', '#2d3a6b', '#ff6ec7'),
    scheme('black & gold', '#0a0a0a', '#1c1c1c', '#d4af37', '#2a2a2a', '#3d3d3d'),
    scheme('purple dusk', '#2e1065', '#4c1d95', '#fde68a', '#5b21b6', '#f472b6'),
    scheme('terracotta & cream', '#f3e9dc', '#c08552', '#5e3023', '#895737', '#dab49d'),
    scheme('navy & sand', '#0f1b3d', '#1e3a8a', '#f4e4c1', '#172554', '#e9d5a8'),
    scheme('monochrome greys', '#f2f2f2', '#9ca3af', '#4b5563', '#6b7280', '#d1d5db'),
  ],
  // A ground, leaves in the second to fourth, sun and pot in the fifth.
  botanical: [
    scheme('sage & white', '#fbfbf8', '#9caf88', '#6b8f71', '#b5c99a', '#d9a441'),
    scheme('forest & cream', '#f1e6cc', '#1b4332', '#40916c', '#2d6a4f', '#e76f51'),
    scheme('blush & green', '#fbcfe0', '#166534', '#15803d', '#4d7c0f', '#f472b6'),
    scheme('teal & coral', '#fff1ec', '#0f766e', '#14b8a6', '#115e59', '#f87171'),
    scheme('mustard & olive', '#e9b949', '#3f6212', '#4d7c0f', '#365314', '#7c4a1e'),
    scheme('night jungle', '#0f1a14', '#2f855a', '#48bb78', '#276749', '#d69e2e'),
  ],
  // Tiles of the ground or any of the four others, each with a shape in one of the four.
  geometric: [
    scheme('bauhaus primaries', '#f4efe6', '#e63946', '#1d3557', '#f1c453', '#457b9d'),
    scheme('black & gold', '#111111', '#c9a227', '#1f1f1f', '#e0c068', '#3a3a3a'),
    scheme('mustard & brown', '#fefae0', '#d4a017', '#7f4f24', '#bc6c25', '#582f0e'),
    scheme('teal, coral & mustard', '#fdf6ec', '#0f766e', '#f87171', '#14b8a6', '#f2b632'),
    scheme('navy & sand', '#e9dcc3', '#1e3a8a', '#d6c29c', '#172554', '#c8b48a'),
    scheme('purple, pink & gold', '#f5f3ff', '#6d28d9', '#f472b6', '#4c1d95', '#f2b632'),
  ],
  // A ground, the word in the second, frame and underline in the third.
  typography: [
    scheme('black & gold', '#111827', '#f9fafb', '#d4a017', '#374151', '#9ca3af'),
    scheme('cherry & cream', '#c1121f', '#fdf0d5', '#fdf0d5', '#780000', '#fdf0d5'),
    scheme('sky & orange', '#bfe3fb', '#0c4a6e', '#f97316', '#0369a1', '#7dd3fc'),
    scheme('pastel pinks', '#f9c5d5', '#9d174d', '#ffffff', '#be185d', '#fce7f3'),
    scheme('mustard & brown', '#e3a018', '#3b2a1a', '#3b2a1a', '#5c3d1e', '#f5d27a'),
    scheme('monochrome greys', '#9ca3af', '#f9fafb', '#111827', '#4b5563', '#e5e7eb'),
  ],
  // A ground, the arch in the fifth, the sun in the third, lines in the second and fourth.
  minimalist: [
    scheme('linen', '#f5f1ea', '#1f1f1f', '#c8b6a6', '#8d7b68', '#e3d3b4'),
    scheme('terracotta & cream', '#f3e6d3', '#3a3a3a', '#e07a5f', '#8d5b4c', '#c8553d'),
    scheme('sage & white', '#f9f9f6', '#2b2b2b', '#e9c46a', '#6b705c', '#a3b18a'),
    scheme('monochrome greys', '#d4d4d4', '#2b2b2b', '#f5f5f5', '#6e6a63', '#7a7a7a'),
    scheme('dusty rose', '#f8d7e0', '#3a3a3a', '#d8a48f', '#a26769', '#e39ab0'),
    scheme('midnight', '#16161f', '#e5e5e5', '#f2c14e', '#9a9ab0', '#34345a'),
  ],
  // A ground with rays in the third, the sun in the second, bands in the second to fifth, the frame in the fifth.
  vintage: [
    scheme('seventies', '#f2e3c6', '#d9694a', '#e9a23b', '#467c76', '#7a4a2a'),
    scheme('mustard & brown', '#f6e7cb', '#a0522d', '#e2b049', '#6b4226', '#3b2c23'),
    scheme('faded teal', '#dff0ea', '#2f7d7a', '#e2b049', '#1f5f5b', '#c7623c'),
    scheme('sunset orange', '#fde2c4', '#e76f51', '#f4a261', '#e9c46a', '#264653'),
    scheme('retro pink', '#f9d5e5', '#e4572e', '#f3a6c8', '#c23b75', '#7b2d5b'),
    scheme('bold primaries', '#f5efe0', '#d62828', '#fcbf49', '#1d4e89', '#f77f00'),
  ],
  // A ground, shapes in the second to fifth, dots and zigzag in the fourth.
  modern: [
    scheme('bold primaries', '#ffd23f', '#ff006e', '#3a86ff', '#ff006e', '#3a86ff'),
    scheme('teal & coral', '#fff5e6', '#ff6b6b', '#4ecdc4', '#1a535c', '#ffe66d'),
    scheme('navy pop', '#fdf0d5', '#003049', '#c1121f', '#669bbc', '#f4a261'),
    scheme('black & pink', '#111111', '#ff4d8d', '#f5f5f5', '#ff99c8', '#fcf6bd'),
    scheme('lemon', '#fff3b0', '#e09f3e', '#335c67', '#9e2a2b', '#540b0e'),
    scheme('lilac', '#e9d8fd', '#7e22ce', '#f472b6', '#4c1d95', '#fde047'),
  ],
  // A dark ground, the gilt of frame, shelf and vase in the second, fruit in the third and fifth, the niche in the fifth.
  classic: [
    scheme('old master', '#1c1714', '#c9a66b', '#7b2d26', '#e8d8b9', '#3e5641'),
    scheme('oxblood', '#4a0f0e', '#c9a66b', '#9b2226', '#e8d8b9', '#7a1c1a'),
    scheme('museum green', '#1d2b22', '#b08d57', '#5a3e36', '#efe6d5', '#2f4858'),
    scheme('navy gallery', '#14213d', '#d4a373', '#6f1d1b', '#faedcd', '#1d3557'),
    scheme('chocolate', '#4a2c1a', '#d4a373', '#8b5a2b', '#f1e3c6', '#6b3e26'),
    scheme('plum', '#2a1033', '#c9a66b', '#7b2d26', '#e8d8b9', '#4a1d5c'),
  ],
};

/** The scheme of the i-th artwork of a category. */
export function demoSchemeOf(category: CategoryId, index: number): DemoScheme {
  const schemes = DEMO_SCHEMES[category];
  return schemes[index % schemes.length] as DemoScheme;
}
