// The rooms an artwork is shown in (room mockups), shared by the server that makes them and the pages that show
// and choose them. No zod here: the pages use it on first load.

export const MOCKUP_SCENES = ['living-room', 'bedroom', 'office'] as const;
export type MockupScene = (typeof MOCKUP_SCENES)[number];

/** What the owner's form calls each scene. */
export const MOCKUP_SCENE_LABELS: Record<MockupScene, string> = {
  'living-room': 'Living room',
  bedroom: 'Bedroom',
  office: 'Office',
};

export const isMockupScene = (value: unknown): value is MockupScene =>
  typeof value === 'string' && (MOCKUP_SCENES as readonly string[]).includes(value);

/** How a sentence names the room: "in a living room". */
const IN_SCENE: Record<MockupScene, string> = {
  'living-room': 'in a living room',
  bedroom: 'in a bedroom',
  office: 'in an office',
};

/** The text alternative of a mockup: "Blue Hour in a living room". */
export const mockupAlt = (title: string, scene: MockupScene) => `${title} ${IN_SCENE[scene]}`;
