// The rooms an artwork is shown hanging in. Only the names live here, so that the jobs, the storage and the
// artwork's media list can name a scene without loading the drawings (scene-drawings.ts).

export const MOCKUP_SCENES = ['living-room', 'bedroom', 'office'] as const;

export type MockupScene = (typeof MOCKUP_SCENES)[number];

export const MOCKUP_SCENE_LABELS: Record<MockupScene, string> = {
  'living-room': 'Living room',
  bedroom: 'Bedroom',
  office: 'Office',
};

export function isMockupScene(value: unknown): value is MockupScene {
  return typeof value === 'string' && (MOCKUP_SCENES as readonly string[]).includes(value);
}
