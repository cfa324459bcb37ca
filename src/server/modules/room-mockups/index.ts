// The room-mockups module's public face: the only file the rest of the server imports from it. Room mockups: the
// artwork drawn in rooms, made in the background by the job runner.
export { registerRoomMockupListeners } from './listeners';
export { mockupMediaOf } from './mockup-media';
export { queueMissingMockups } from './mockup-repository';
export { makeNextMockups } from './mockup-work';
export { ownerMockupsOf } from './owner-mockups';
export { composeGalleryWall } from './compose-gallery-wall';
export type { ComposedWall, GalleryWallPiece } from './compose-gallery-wall';
export { publicKeyOf } from './mockup-files';
